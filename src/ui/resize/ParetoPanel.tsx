/** The Pareto sweep: machine-hours vs migrations vs hot-spot frequency over policies and parameters. */
import { useMemo } from 'react';
import type { ResizeWorkload } from '../../engine/index.ts';
import {
  alphaData,
  alphaHotSpotsSpec,
  alphaMigrationsSpec,
  PAPER_RESIZE_NUMBERS,
  paretoData,
  paretoSpec,
  sweepRows,
} from '../../present/resize/plots.ts';
import {
  cancelResize,
  startResizeSweep,
  useResizeRuns,
  type SweepRowResult,
} from '../../state/resize/runs.ts';
import {
  policyOf,
  predictorOf,
  resizeSweepKey,
  sweepGrid,
  type ResizeParams,
} from '../../state/resize/params.ts';
import { useController } from '../controllerContext.ts';
import { downloadCsv, downloadJson } from '../exportFiles.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { formatFixed } from '../../present/format.ts';

const sci = (v: number) => formatFixed(v, 4);

export function ParetoPanel({ r, workload }: { r: ResizeParams; workload: ResizeWorkload | null }) {
  const { runner } = useController();
  const sweep = useResizeRuns((s) => s.sweep);
  const key = resizeSweepKey(r);
  const result = sweep.result;
  const stale = result !== null && result.key !== key;
  const mine = JSON.stringify([policyOf(r), predictorOf(r)]);
  const data = useMemo(
    () =>
      result
        ? paretoData(
            result.value,
            (p) => JSON.stringify([p.config.policy, p.config.predictor]) === mine,
          )
        : null,
    [result, mine],
  );
  const spec = useMemo(() => (data ? paretoSpec(data) : null), [data]);
  const alphas = useMemo(() => (result ? alphaData(result.value) : null), [result]);
  return (
    <section className="resize-pareto" aria-label="Pareto sweep" data-testid="resize-pareto">
      <h2>Machines vs migrations vs hot spots</h2>
      <div className="view-actions">
        <button
          type="button"
          data-testid="resize-run-sweep"
          disabled={!workload || sweep.status === 'running'}
          onClick={() => workload && void startResizeSweep(runner, workload, r)}
        >
          {result && !stale
            ? 'Run the sweep again'
            : `Run the sweep (${sweepGrid(r).length} configurations)`}
        </button>
        <button
          type="button"
          disabled={!result}
          onClick={() => result && downloadCsv('slopack-resize-sweep', sweepRows(result.value))}
        >
          Sweep CSV
        </button>
        <button
          type="button"
          disabled={!result}
          onClick={() => result && downloadJson('slopack-resize-sweep', result.value)}
        >
          JSON
        </button>
      </div>
      {sweep.status === 'running' && (
        <ProgressBar
          label={sweep.progress?.label ?? 'Simulating the configurations'}
          done={sweep.progress?.done ?? 0}
          total={sweep.progress?.total ?? null}
          onCancel={() => cancelResize('sweep')}
        />
      )}
      {sweep.status === 'error' && (
        <p className="notice notice-error" role="alert">
          The sweep did not finish: {sweep.error}
        </p>
      )}
      <PlotFigure
        name="resize-pareto"
        title="Machine-hours vs migrations per VM per step (dot size: hot-spot frequency)"
        caption="VISBP over FUSD ↑α × ↓α and over z (μ + z·σ), repack every K steps, online FF/BF and hot-spot-only; ringed dots are Pareto-optimal on all three measures, the black outline is the view's own configuration. Zero migrations are drawn at the bottom."
        spec={spec}
        stale={stale}
        placeholder={workload ? 'Run the sweep to compare the policies.' : 'Loading the workload…'}
      />
      <div className="plots-2">
        <PlotFigure
          name="resize-alpha-migrations"
          title="VISBP: migrations against FUSD ↑α"
          caption="Negative ↑α overshoots a rise: sizes swing and VISBP moves more (the paper: migrations explode below −0.5)."
          spec={alphas ? alphaMigrationsSpec(alphas) : null}
          stale={stale}
          placeholder="Run the sweep to see the α sweep."
        />
        <PlotFigure
          name="resize-alpha-hotspots"
          title="VISBP: hot spots against FUSD ↑α"
          caption="A large ↑α follows rises slowly: actual usage outruns the prediction (the paper: hot spots jump above 0.8)."
          spec={alphas ? alphaHotSpotsSpec(alphas) : null}
          stale={stale}
          placeholder="Run the sweep to see the α sweep."
        />
      </div>
      {result && <PaperComparison rows={result.value} stale={stale} />}
    </section>
  );
}

/** Our VISBP (FUSD defaults) and repack-every-step beside the VISBP paper's published figures. */
function PaperComparison({ rows, stale }: { rows: readonly SweepRowResult[]; stale: boolean }) {
  const visbp = rows.find((p) => p.policy === 'visbp' && p.label === 'FUSD ↑α = -0.2, ↓α = 0.7');
  const repack = rows.find((p) => p.policy === 'repack' && p.label === 'K = 1');
  if (!visbp || !repack) return null;
  return (
    <table
      className={`resize-paper${stale ? ' stale' : ''}`}
      data-testid="resize-paper-numbers"
      tabIndex={0}
    >
      <caption>Beside the paper (Song et al. 2014, §5)</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">ours: VISBP (FUSD −0.2/0.7)</th>
          <th scope="col">ours: repack K = 1</th>
          <th scope="col">paper: VISBP</th>
          <th scope="col">paper: repack</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">migrations per VM per step</th>
          <td>{sci(visbp.totals.migrations_per_item_step)}</td>
          <td>{sci(repack.totals.migrations_per_item_step)}</td>
          <td>{sci(PAPER_RESIZE_NUMBERS.visbpMigrationsPerItemStep)}</td>
          <td>{sci(PAPER_RESIZE_NUMBERS.repackMigrationsPerItemStep)}</td>
        </tr>
        <tr>
          <th scope="row">hot-spot frequency</th>
          <td>{sci(visbp.totals.hot_spot_frequency)}</td>
          <td>{sci(repack.totals.hot_spot_frequency)}</td>
          <td>{sci(PAPER_RESIZE_NUMBERS.visbpHotSpotFrequency)}</td>
          <td>—</td>
        </tr>
        <tr>
          <th scope="row">machine-hours</th>
          <td>{formatFixed(visbp.totals.machine_hours, 1)}</td>
          <td>{formatFixed(repack.totals.machine_hours, 1)}</td>
          <td>—</td>
          <td>—</td>
        </tr>
      </tbody>
    </table>
  );
}
