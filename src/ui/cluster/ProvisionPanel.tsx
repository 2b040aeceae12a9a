/**
 * Provisioning over time (HARMONY §VII, SPEC §14): the trace cut into periods; per period the
 * containers per class (Erlang C + Allen–Cunneen at the target delay) → machines per type by the
 * CBS-RELAX LP (HiGHS, WebAssembly, in a worker) rounded by First Fit, against the
 * heterogeneity-oblivious baseline; energy and switching cost per period. Also times one LP period.
 */
import { useMemo } from 'react';
import { classesKey, startLpTiming, useClusterRuns } from '../../state/cluster/runs.ts';
import { CLUSTER_PARAMS, type ClusterSettings } from '../../state/cluster/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  energyData,
  provisionEnergySpec,
  provisionMachinesSpec,
  provisionTotals,
} from '../../present/cluster/plots.ts';
import { useController } from '../controllerContext.ts';
import { downloadCsv, downloadJson } from '../exportFiles.ts';
import { formatNumber } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ParamNumber } from '../ParamNumber.tsx';

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function LpTiming({ s }: { s: ClusterSettings }) {
  const { runner } = useController();
  const run = useClusterRuns((r) => r.timing);
  const times = run.result?.value.times ?? null;
  return (
    <div className="cluster-timing" data-testid="lp-timing">
      <button
        type="button"
        disabled={run.status === 'running'}
        data-testid="lp-timing-run"
        onClick={() => void startLpTiming(runner, s)}
      >
        Time one CBS-RELAX period ({s.types.length} types × 20 classes) in a worker
      </button>{' '}
      {run.status === 'running' && <span className="hint">Solving…</span>}
      {run.status === 'error' && <span className="error-text">{run.error}</span>}
      {times && run.status !== 'running' && (
        <output data-testid="lp-timing-result">
          median <strong data-testid="lp-timing-median">{formatNumber(median(times), 4)}</strong> ms
          over {times.length} solves (fastest {formatNumber(Math.min(...times), 4)} ms; goal ≤ 50
          ms; loading HiGHS took {formatNumber(run.result!.value.loadMs, 4)} ms)
        </output>
      )}
    </div>
  );
}

export function ProvisionPanel({
  s,
  set,
}: {
  s: ClusterSettings;
  set: (patch: Partial<ClusterSettings>) => void;
}) {
  const seed = useExplorer((st) => st.params.seed);
  const prom = useExplorer((st) => st.params.prom);
  const run = useClusterRuns((r) => r.provision);
  const result = run.result;
  const stale = result !== null && result.key !== classesKey(s, seed, prom);
  const r = result?.value.result ?? null;
  const machines = useMemo(() => (r ? provisionMachinesSpec(r, s.types) : null), [r, s.types]);
  const energy = useMemo(() => (r ? provisionEnergySpec(r) : null), [r]);
  const totals = useMemo(() => (r ? provisionTotals(r) : null), [r]);
  const placeholder = run.status === 'error' ? `Did not finish: ${run.error}` : 'Provisioning…';
  return (
    <section
      className="cluster-section"
      aria-label="Provisioning over time"
      data-testid="cluster-provision"
    >
      <div className="view-head">
        <h2>Provisioning over time</h2>
        <div className="view-actions">
          <ParamNumber
            spec={CLUSTER_PARAMS.periods}
            label="Periods"
            value={s.periods}
            onCommit={(periods) => set({ periods })}
            testId="cluster-periods"
          />
          <ParamNumber
            spec={CLUSTER_PARAMS.targetDelay}
            label="Target wait d̄"
            value={s.targetDelay}
            onCommit={(targetDelay) => set({ targetDelay })}
            testId="cluster-delay"
          />
          <button
            type="button"
            disabled={!r}
            onClick={() => r && downloadCsv('slopack-cluster-provisioning', energyData(r))}
          >
            Periods CSV
          </button>
          <button
            type="button"
            disabled={!r}
            onClick={() => r && downloadJson('slopack-cluster-provisioning', r)}
          >
            JSON
          </button>
        </div>
      </div>
      <p className="hint">
        The trace is cut into {s.periods} periods. A class’s work in a period, in units of its mean
        member, is its offered load (service rate 1, CV² = 1); Erlang C with Allen–Cunneen gives the
        fewest containers of size μ_n + Zσ_n whose mean wait is at most d̄. CBS-RELAX (the LP over
        types × classes, energy + switching, one machine-period of idle power per switch) is solved
        by HiGHS in a worker, then rounded by First Fit.
      </p>
      <div className="plots-2">
        <PlotFigure
          name="cluster-provision-machines"
          title="Active machines per type and period"
          caption="Top: CBS-RELAX rounded by First Fit; bottom: the heterogeneity-oblivious baseline (types in order of CPU per peak watt until 80 % of the demand’s bottleneck fits)."
          spec={machines}
          stale={stale}
          placeholder={placeholder}
        />
        <PlotFigure
          name="cluster-provision-energy"
          title="Energy and switching cost per period"
          caption="Solid: energy of the active machines (W over one period); dashed: switching cost (machines turned on or off × their idle power)."
          spec={energy}
          stale={stale}
          placeholder={placeholder}
        />
      </div>
      {totals && (
        <table
          className={`cluster-table${stale ? ' stale' : ''}`}
          data-testid="provision-totals"
          tabIndex={0}
        >
          <thead>
            <tr>
              <th>Policy</th>
              <th>Energy (W·periods)</th>
              <th>Switching</th>
              <th>Machine-periods</th>
              <th>Unplaced containers</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((t) => (
              <tr key={t.policy}>
                <td>{t.policy}</td>
                <td>{formatNumber(t.energy, 6)}</td>
                <td>{formatNumber(t.switching, 6)}</td>
                <td>{t.machinePeriods}</td>
                <td>{t.unplaced}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result && (
        <p className="hint" data-testid="provision-lp-ms">
          LP time per period in the worker: {formatNumber(result.value.lpMs, 4)} ms.
        </p>
      )}
      <LpTiming s={s} />
    </section>
  );
}
