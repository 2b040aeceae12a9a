import { useMemo } from 'react';
import {
  decimalOrNull,
  PACKER_LABEL,
  PAPER_FITS,
  formatFit,
  parseFit,
  tailFits,
  type SweepRow,
} from '../../engine/index.ts';
import { sweepKey, type Params } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { useController } from '../controllerContext.ts';
import { useAbSides } from '../pack/ab/AbCompare.tsx';
import { downloadCsv } from '../exportFiles.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import {
  rhoVsQSpec,
  tradeoffPoints,
  tradeoffSpec,
  type TradeoffPoint,
} from '../../present/tradeoff/tradeoffPlots.ts';
import { Code, ModelLink } from '../ModelLink.tsx';
import { capacityText, coresPerMachineOf, nodesJson } from '../../present/cores.ts';

/** One run of the grid as a row of the runs CSV (with its nodes and cores, the data's cores known). */
function runCsvRow(r: SweepRow, coresPerMachine: number | null) {
  const nodes = nodesJson(r.mAbs, r.params.capacity, coresPerMachine);
  return {
    instance: r.instance,
    packer: r.params.packer,
    fit: formatFit(r.params.fit),
    m_abs: r.mAbs,
    m_norm: r.mNorm,
    m: r.m,
    q: r.q,
    moves: r.moves,
    oversized: r.oversized,
    ...(nodes && { node_cores: nodes.node_cores, nodes: nodes.nodes, cores: nodes.cores }),
  };
}

/** The settings a grid was run with, in words. */
function describeGrid(p: Params): string {
  return `${p.instances} instance${p.instances > 1 ? 's' : ''} of ${p.tasks} tasks with ${p.packer.toUpperCase()} at c = ${p.capacity}, κ = ${p.clairvoyance}, R = ${p.realizations}, seed ${p.seed}${p.tail ? ', with the tail-aware tests' : ''}`;
}

/** After Cancel: what the faded plot is (the last completed grid, for other settings) and Run again. */
function SweepCancelled() {
  const sweep = useExplorer((s) => s.sweep);
  const controller = useController();
  if (sweep.status !== 'idle' || !sweep.cancelled) return null;
  return (
    <p className="notice notice-info" role="status" data-testid="sweep-cancelled">
      <span>
        Cancelled.{' '}
        {sweep.rows.length && sweep.rowsParams
          ? `The faded plot is the last completed grid, for other settings: ${describeGrid(sweep.rowsParams)}.`
          : 'No grid has completed yet.'}
      </span>{' '}
      <button type="button" data-testid="sweep-run-again" onClick={() => controller.requestSweep()}>
        Run again
      </button>
    </p>
  );
}

/** What the grid packs, at which capacity (in cores and nodes where the data came in cores). */
function GridLede({ params, cores }: { params: Params; cores: number | null }) {
  const besidePaper = params.tail ? tailFits() : [];
  const inGrid = [...PAPER_FITS, ...besidePaper].some(
    (f) => formatFit(f) === formatFit(params.fit),
  );
  return (
    <p className="lede">
      The {PAPER_FITS.length} fit tests of the paper's grid (<ModelLink section={8} />)
      {params.tail ? ` and ${besidePaper.length} tail-aware ones` : ''}, each packing{' '}
      {params.instances} instance
      {params.instances > 1 ? 's' : ''} of {params.tasks} tasks with{' '}
      <Code code={params.packer} name={PACKER_LABEL[params.packer]} /> at{' '}
      <span data-testid="tradeoff-capacity">{capacityText(params.capacity, cores)}</span>, κ ={' '}
      {params.clairvoyance}; points are means over instances
      {cores === null ? '' : `, each machine a node of ${params.capacity * cores} cores`}.{' '}
      {inGrid
        ? 'The ring marks the current fit test.'
        : `The current fit test (${formatFit(params.fit)}) is not in the grid.`}
    </p>
  );
}

export function TradeoffView() {
  const params = useExplorer((s) => s.params);
  const sweep = useExplorer((s) => s.sweep);
  const evaluated = useExplorer((s) => s.pack.response?.result.evaluated ?? params.realizations);
  const setParams = useExplorer((s) => s.setParams);
  const cores = useExplorer((s) => coresPerMachineOf(s.params.upload?.options, s.params.scale));
  const controller = useController();
  const stale = sweep.key !== sweepKey(params);
  const points = useMemo(
    () => tradeoffPoints(sweep.rows, evaluated, params.fit),
    [sweep.rows, evaluated, params.fit],
  );
  const sides = useAbSides();
  const tradeoff = useMemo(
    () =>
      points.length
        ? tradeoffSpec(points, evaluated, undefined, sides, {
            capacity: params.capacity,
            coresPerMachine: cores,
          })
        : null,
    [points, evaluated, sides, params.capacity, cores],
  );
  const rhoQ = useMemo(
    () => (points.some((p) => p.family === 'GPA ρ') ? rhoVsQSpec(points, evaluated) : null),
    [points, evaluated],
  );
  return (
    <div className="tradeoff-view">
      <div className="view-head">
        <GridLede params={params} cores={cores} />
        <div className="view-actions">
          <label>
            Instances K{' '}
            <input
              type="number"
              min={1}
              max={500}
              defaultValue={params.instances}
              key={params.instances}
              onBlur={(e) => {
                const k = decimalOrNull(e.target.value);
                if (k !== null && Number.isInteger(k) && k >= 1 && k <= 500)
                  setParams({ instances: k });
                else e.target.value = String(params.instances);
              }}
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={params.tail}
              onChange={(e) => setParams({ tail: e.target.checked })}
              data-testid="tail-fits"
            />{' '}
            add tail-aware tests
          </label>
          <button
            type="button"
            disabled={!sweep.rows.length}
            onClick={() =>
              downloadCsv(
                'slopack-tradeoff',
                sweep.rows.map((r) => runCsvRow(r, cores)),
              )
            }
          >
            Runs CSV
          </button>
        </div>
      </div>
      {sweep.status === 'running' && (
        <ProgressBar
          label="Packing the grid"
          done={sweep.progress?.done ?? 0}
          total={sweep.progress?.total ?? null}
          onCancel={() => controller.cancelSweep()}
        />
      )}
      <SweepCancelled />
      {sweep.status === 'idle' && !sweep.cancelled && !sweep.rows.length && (
        <button type="button" onClick={() => controller.requestSweep()}>
          Run the grid
        </button>
      )}
      <div className="plots-2 wide-left">
        <PlotFigure
          name="tradeoff-m-vs-q"
          title="Machines vs overflow: each fit test's m and q (the paper's Fig. 8)"
          caption={`Lower-left is better. Lines join each family's parameters; dashed: 1/|E|, the resolution of q; triangles mark q = 0, drawn at half of it.${sides.length ? ' Black diamonds A and B: the two sides of the A/B comparison (one instance each).' : ''} Click a point to open that packing in Pack.`}
          spec={tradeoff}
          stale={stale}
          onPick={(d) =>
            setParams({ fit: parseFit((d as TradeoffPoint).fit), view: 'pack', machine: null })
          }
          placeholder={sweep.status === 'running' ? 'Packing…' : 'No runs yet.'}
        />
        <PlotFigure
          name="tradeoff-rho-vs-q"
          title="GPA: requested ρ vs measured q (the paper's Fig. 9)"
          caption="On the dashed diagonal GPA delivers exactly its SLO; above it, it underestimates overflows."
          spec={rhoQ}
          stale={stale}
          placeholder={sweep.status === 'running' ? 'Packing…' : 'No GPA runs yet.'}
        />
      </div>
    </div>
  );
}
