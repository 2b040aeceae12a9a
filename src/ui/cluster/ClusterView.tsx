/**
 * The Cluster view (SPEC §14, HARMONY): CPU and memory packed on heterogeneous machine types. The
 * four fit tests on the same tasks at one glance, the drawn packing with q per resource, energy and
 * stranded capacity, the machine-type editor, the k-means classes and the provisioning timeline.
 */
import { useMemo } from 'react';
import { CLUSTER_FITS, resourceList, type ClusterSettings } from '../../state/cluster/params.ts';
import {
  cancelCluster,
  compareKey,
  refreshCluster,
  useEffectiveSettings,
  runningCluster,
  useClusterRuns,
} from '../../state/cluster/runs.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import {
  fitMachinesSpec,
  fitRows,
  fmtQ,
  machineBars,
  machineBarsSpec,
  RESOURCE_LABEL,
} from '../../present/cluster/plots.ts';
import { useController } from '../controllerContext.ts';
import { downloadCsv, downloadJson } from '../exportFiles.ts';
import { formatNumber } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { ClassesPanel } from './ClassesPanel.tsx';
import { ClusterSettingsPanel, FIT_LABEL } from './ClusterSettingsPanel.tsx';
import { MachineTypeEditor } from './MachineTypeEditor.tsx';
import { ProvisionPanel } from './ProvisionPanel.tsx';
import './cluster.css';
import { ModelLink } from '../ModelLink.tsx';
import { PACKER_LABEL } from '../../engine/index.ts';
import { Code } from '../ModelLink.tsx';

export function useClusterSettings() {
  const linked = useExplorer((st) => st.params.cluster);
  const setParams = useExplorer((st) => st.setParams);
  const s = useEffectiveSettings(
    linked,
    useExplorer((st) => st.params.prom),
  );
  const set = (patch: Partial<ClusterSettings>) => setParams({ cluster: { ...linked, ...patch } });
  return [s, set] as const;
}

function CompareSection({ s }: { s: ClusterSettings }) {
  const seed = useExplorer((st) => st.params.seed);
  const prom = useExplorer((st) => st.params.prom);
  const run = useClusterRuns((r) => r.compare);
  const result = run.result;
  const stale = result !== null && result.key !== compareKey(s, seed, prom);
  const labels = CLUSTER_FITS.map((f) => FIT_LABEL[f]);
  const types = s.types;
  const rows = useMemo(
    () =>
      result
        ? fitRows(
            labels,
            result.value.map((o) => o.measure),
            types,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result, types],
  );
  const spec = useMemo(
    () =>
      result
        ? fitMachinesSpec(
            labels,
            result.value.map((o) => o.measure),
            types,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result, types],
  );
  const two = s.resources === 'cpu,mem';
  return (
    <section
      className="cluster-section"
      aria-label="Fit tests compared"
      data-testid="cluster-compare"
    >
      <div className="view-head">
        <h2>Pooled vs additive vs requests, on the same tasks</h2>
        <div className="view-actions">
          <button
            type="button"
            disabled={!rows}
            onClick={() => rows && downloadCsv('slopack-cluster-fits', rows)}
          >
            Table CSV
          </button>
          <button
            type="button"
            disabled={!result}
            onClick={() =>
              result &&
              downloadJson('slopack-cluster-fits', {
                settings: s,
                seed,
                results: result.value.map((o) => o.measure),
              })
            }
          >
            JSON
          </button>
        </div>
      </div>
      <PlotFigure
        name="cluster-fits"
        title="Machines by type for each fit test"
        caption={`Each test sizes the same ${two ? 'CPU and memory' : 'CPU'} series at ε = ${s.eps} (${s.split === 'union' ? 'union bound' : 'independence'} across resources); q measured over the evaluation columns: a machine-column counts when any resource overflows.`}
        spec={spec}
        stale={stale}
        placeholder={run.status === 'error' ? `Did not finish: ${run.error}` : 'Packing…'}
      />
      {rows && (
        <table
          className={`cluster-table${stale ? ' stale' : ''}`}
          data-testid="fit-table"
          tabIndex={0}
        >
          <thead>
            <tr>
              <th>Fit test</th>
              <th>Machines</th>
              <th>By type</th>
              <th>q CPU</th>
              {two && <th>q memory</th>}
              <th>q any</th>
              <th>Mean power (W)</th>
              <th>Stranded CPU</th>
              {two && <th>Stranded memory</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, k) => (
              <tr key={r.fit} className={CLUSTER_FITS[k] === s.fit ? 'current' : undefined}>
                <td>{r.fit}</td>
                <td data-testid={`fit-machines-${CLUSTER_FITS[k]}`}>{r.machines}</td>
                <td>{r.byType}</td>
                <td>{fmtQ(r.qCpu)}</td>
                {two && <td>{fmtQ(r.qMem ?? 0)}</td>}
                <td>{fmtQ(r.qAny)}</td>
                <td>{formatNumber(r.meanPowerW, 5)}</td>
                <td>{formatNumber(r.strandedCpu)}</td>
                {two && <td>{formatNumber(r.strandedMem ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows && (
        <p className="hint" data-testid="fit-finding">
          Pooling the tail (GPA) uses {rows[0].machines} machines at q(any) = {fmtQ(rows[0].qAny)};
          adding each task’s percentile (HARMONY’s containers) uses {rows[1].machines} at{' '}
          {fmtQ(rows[1].qAny)}; requests use {rows[2].machines} at {fmtQ(rows[2].qAny)}.
        </p>
      )}
    </section>
  );
}

function PackingSection({ s }: { s: ClusterSettings }) {
  const seed = useExplorer((st) => st.params.seed);
  const prom = useExplorer((st) => st.params.prom);
  const run = useClusterRuns((r) => r.compare);
  const result = run.result;
  const stale = result !== null && result.key !== compareKey(s, seed, prom);
  const index = CLUSTER_FITS.indexOf(s.fit);
  const out = result?.value[index] ?? null;
  const resources = resourceList(s.resources);
  const spec = useMemo(
    () =>
      out
        ? machineBarsSpec(
            machineBars(out.use, out.machineType, out.machines, s.types, resources),
            s.types,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [out, s.types, s.resources],
  );
  const m = out?.measure;
  return (
    <section className="cluster-section" aria-label="The packing" data-testid="cluster-packing">
      <h2>
        The packing: {FIT_LABEL[s.fit]}, <Code code={s.packer} name={PACKER_LABEL[s.packer]} />
      </h2>
      {m && (
        <p className={`cluster-summary${stale ? ' stale' : ''}`} data-testid="packing-summary">
          <strong data-testid="packing-machines">{m.machines}</strong> machines (
          {m.machinesByType.map((c, t) => `${c} ${s.types[t].name}`).join(', ')}); q{' '}
          {resources.map((r, d) => `${RESOURCE_LABEL[r]} ${fmtQ(m.qByResource[d])}`).join(', ')},
          any {fmtQ(m.qAny)}; mean power {formatNumber(m.meanPower, 5)} W; stranded{' '}
          {resources
            .map((r, d) => `${RESOURCE_LABEL[r]} ${formatNumber(m.stranded[d])}`)
            .join(', ')}{' '}
          (largest-machine units, mean over columns).
        </p>
      )}
      <PlotFigure
        name="cluster-machines"
        title="Machines, a bar per resource, coloured by type"
        caption="Bar: realized mean use over the evaluation columns as a share of the machine’s capacity in that resource; tick: its 99th percentile; dashed: capacity. A bar far below the other resource’s shows stranded capacity."
        spec={spec}
        stale={stale}
        placeholder={run.status === 'error' ? `Did not finish: ${run.error}` : 'Packing…'}
      />
    </section>
  );
}

export function ClusterView() {
  const [s, set] = useClusterSettings();
  const seed = useExplorer((st) => st.params.seed);
  const prom = useExplorer((st) => st.params.prom);
  const { runner } = useController();
  const runs = useClusterRuns((r) => r);
  const busy = runningCluster(runs);
  const dataError = runs.data.status === 'error' ? runs.data.error : null;
  return (
    <div className="cluster-view" data-testid="cluster">
      <aside className="panel cluster-aside">
        <ClusterSettingsPanel s={s} set={set} />
      </aside>
      <div className="cluster-main">
        <p className="lede">
          Machines that differ and more than one resource (HARMONY, Zhang et al., ICDCS 2013;{' '}
          <ModelLink section={14} />
          ). Each task has CPU and memory series drawn at the same instants; a machine type has a
          capacity in each and a power curve. Does pooling the tail across a machine’s tasks (GPA)
          beat adding each task’s percentile (HARMONY’s containers) in machines, overflow and
          energy?
        </p>
        {busy && (
          <ProgressBar
            label={busy.progress?.label ?? 'Working…'}
            done={busy.progress?.done ?? null}
            total={busy.progress?.total || null}
            onCancel={() => cancelCluster()}
          />
        )}
        {!busy &&
          (runs.data.status === 'idle' || runs.compare.status === 'idle') &&
          runs.data.key !== null && (
            <p className="hint">
              Stopped.{' '}
              <button
                type="button"
                onClick={() => void refreshCluster(runner, s, seed, true, prom)}
              >
                Run again
              </button>
            </p>
          )}
        {dataError && (
          <p className="error-text" role="alert">
            Could not load the data: {dataError}
          </p>
        )}
        <CompareSection s={s} />
        <PackingSection s={s} />
        <MachineTypeEditor types={s.types} onChange={(types) => set({ types })} />
        <ClassesPanel s={s} set={set} />
        <ProvisionPanel s={s} set={set} />
      </div>
    </div>
  );
}
