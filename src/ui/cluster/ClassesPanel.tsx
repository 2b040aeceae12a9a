/**
 * Task classes (HARMONY §V, SPEC §14): k-means++ on per-task features, the elbow, each class's
 * μ_n and σ_n per resource with its container size, and packing by class against packing by task
 * (the coarse-graining cost in machines and in q).
 */
import { useMemo } from 'react';
import {
  CLASS_FEATURES,
  type ClassAnalysis,
  type ClassFeatures,
} from '../../engine/cluster/index.ts';
import { classesKey, useClusterRuns } from '../../state/cluster/runs.ts';
import { CLUSTER_PARAMS, resourceList, type ClusterSettings } from '../../state/cluster/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { elbowSpec, fmtQ, RESOURCE_LABEL } from '../../present/cluster/plots.ts';
import { downloadCsv } from '../exportFiles.ts';
import { formatNumber } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ParamNumber } from '../ParamNumber.tsx';

function ClassCost({ a, packer, stale }: { a: ClassAnalysis; packer: string; stale: boolean }) {
  return (
    <div className={stale ? 'stale' : undefined} data-testid="class-cost">
      <h3>Packing by class vs by task (GPA, {packer.toUpperCase()})</h3>
      <table className="cluster-table" tabIndex={0}>
        <thead>
          <tr>
            <th>Packing</th>
            <th>Machines</th>
            <th>q any</th>
            <th>Mean power (W)</th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['by task (own μ, σ²)', a.byTask],
              ['by class (μ_n, σ_n²)', a.byClass],
            ] as const
          ).map(([label, m]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{m.machines}</td>
              <td>{fmtQ(m.qAny)}</td>
              <td>{formatNumber(m.meanPower, 5)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        Coarse-graining cost: {a.byClass.machines - a.byTask.machines >= 0 ? '+' : ''}
        {a.byClass.machines - a.byTask.machines} machines, q(any) {fmtQ(a.byTask.qAny)} →{' '}
        {fmtQ(a.byClass.qAny)}. σ_n² = between-task variance of the means + mean within-task
        variance.
      </p>
    </div>
  );
}

function ClassTable({
  rows,
  resources,
  stale,
}: {
  rows: readonly Record<string, number>[];
  resources: readonly string[];
  stale: boolean;
}) {
  return (
    <table
      className={`cluster-table${stale ? ' stale' : ''}`}
      data-testid="class-table"
      tabIndex={0}
    >
      <thead>
        <tr>
          <th>Class</th>
          <th>Tasks</th>
          {resources.map((r) => (
            <th key={r}>{RESOURCE_LABEL[r]} μ_n ± σ_n</th>
          ))}
          {resources.map((r) => (
            <th key={`c${r}`}>Container {RESOURCE_LABEL[r]}</th>
          ))}
          <th>Containers / period (mean)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.class}>
            <td>{row.class}</td>
            <td>{row.tasks}</td>
            {resources.map((r) => (
              <td key={r}>
                {formatNumber(row[`mean_${r}`])} ± {formatNumber(row[`sd_${r}`])}
              </td>
            ))}
            {resources.map((r) => (
              <td key={`c${r}`}>{formatNumber(row[`container_${r}`])}</td>
            ))}
            <td>{formatNumber(row.containers_mean)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ClassesPanel({
  s,
  set,
}: {
  s: ClusterSettings;
  set: (patch: Partial<ClusterSettings>) => void;
}) {
  const seed = useExplorer((st) => st.params.seed);
  const prom = useExplorer((st) => st.params.prom);
  const run = useClusterRuns((r) => r.classes);
  const result = run.result;
  const stale = result !== null && result.key !== classesKey(s, seed, prom);
  const resources = resourceList(s.resources);
  const spec = useMemo(
    () =>
      result ? elbowSpec(result.value.analysis.elbow, result.value.analysis.clustering.k) : null,
    [result],
  );
  const rows = useMemo(() => {
    if (!result) return null;
    const { analysis, plan } = result.value;
    const c = analysis.classes;
    return Array.from(c.count, (count, n) => {
      const row: Record<string, number> = { class: n + 1, tasks: count };
      resources.forEach((r, d) => {
        row[`mean_${r}`] = c.mean[d][n];
        row[`sd_${r}`] = Math.sqrt(c.variance[d][n]);
        row[`container_${r}`] = plan.sizes[n][d];
      });
      row.containers_mean =
        plan.containers.reduce((a, per) => a + per[n], 0) / Math.max(1, plan.containers.length);
      return row;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, s.resources]);
  const a = result?.value.analysis;
  return (
    <section className="cluster-section" aria-label="Task classes" data-testid="cluster-classes">
      <div className="view-head">
        <h2>Task classes (k-means)</h2>
        <div className="view-actions">
          <ParamNumber
            spec={CLUSTER_PARAMS.k}
            label="Classes k"
            value={s.k}
            onCommit={(k) => set({ k })}
            testId="cluster-k"
          />
          <label className="field">
            <span>Features</span>
            <select
              value={s.features}
              data-testid="cluster-features"
              onChange={(e) => set({ features: e.target.value as ClassFeatures })}
            >
              {CLASS_FEATURES.map((f) => (
                <option key={f} value={f}>
                  {f === 'usage' ? 'usage μ and σ per resource' : 'requests per resource'}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={!rows}
            onClick={() => rows && downloadCsv('slopack-cluster-classes', rows)}
          >
            Classes CSV
          </button>
        </div>
      </div>
      {run.status === 'error' && (
        <p className="error-text" role="alert">
          The class analysis did not finish: {run.error}
        </p>
      )}
      <div className="plots-2">
        <PlotFigure
          name="cluster-elbow"
          title="Elbow: within-class sum of squares against k"
          caption="k-means++ (seeded) for k = 1…10; the ringed k is the one analysed. HARMONY picks k where one more class stops helping much."
          spec={spec}
          stale={stale}
          placeholder={run.status === 'error' ? 'No result' : 'Clustering…'}
        />
        {a && <ClassCost a={a} packer={s.packer} stale={stale} />}
      </div>
      {rows && <ClassTable rows={rows} resources={resources} stale={stale} />}
    </section>
  );
}
