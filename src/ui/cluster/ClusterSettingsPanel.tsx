/** The Cluster view's settings: data and resources, fit test and ε split, packer, opening, R, κ. */
import { MULTI_PACKERS, type MultiPacker, type OpenPolicy } from '../../engine/cluster/index.ts';
import { multiDatasetById } from '../../engine/cluster/index.ts';
import { Choice } from '../Choice.tsx';
import { ParamNumber } from '../ParamNumber.tsx';
import { NodeMemoryField } from './NodeMemoryField.tsx';
import {
  CLUSTER_DATASETS,
  CLUSTER_FITS,
  CLUSTER_PARAMS,
  CLUSTER_RESOURCES,
  type ClusterFit,
  type ClusterSettings,
} from '../../state/cluster/params.ts';

export const FIT_LABEL: Record<ClusterFit, string> = {
  gpa: 'pooled GPA per resource',
  additive: 'HARMONY containers (μ + Zσ)',
  request: 'requests (deterministic)',
  maxred: 'max-reduction (peak)',
};

export function ClusterSettingsPanel({
  s,
  set,
}: {
  s: ClusterSettings;
  set: (patch: Partial<ClusterSettings>) => void;
}) {
  const stochastic = s.fit === 'gpa' || s.fit === 'additive';
  return (
    <fieldset className="cluster-settings" data-testid="cluster-settings">
      <legend>Cluster</legend>
      <Choice
        label="Data (CPU and memory)"
        value={s.dataset}
        values={CLUSTER_DATASETS}
        names={(d) =>
          d === 'prometheus' ? 'Prometheus (the linked source)' : (multiDatasetById(d)?.title ?? d)
        }
        onChange={(dataset) => set({ dataset })}
        testId="cluster-dataset"
      />
      <Choice
        label="Resources"
        value={s.resources}
        values={CLUSTER_RESOURCES}
        names={(r) => (r === 'cpu' ? 'CPU only' : 'CPU and memory')}
        onChange={(resources) => set({ resources })}
        testId="cluster-resources"
      />
      {s.dataset === 'prometheus' && (
        <NodeMemoryField value={s.nodeMemory} onCommit={(nodeMemory) => set({ nodeMemory })} />
      )}
      <Choice
        label="Fit test (drawn)"
        value={s.fit}
        values={CLUSTER_FITS}
        names={(f) => FIT_LABEL[f]}
        onChange={(fit) => set({ fit })}
        testId="cluster-fit"
      />
      <ParamNumber
        spec={CLUSTER_PARAMS.eps}
        label="SLO ε (any resource)"
        value={s.eps}
        onCommit={(eps) => set({ eps })}
        testId="cluster-eps"
      />
      <Choice
        label="ε split across resources"
        value={s.split}
        values={['union', 'indep'] as const}
        names={(v) => (v === 'union' ? 'union bound ε/|R|' : 'independence 1 − (1 − ε)^{1/|R|}')}
        onChange={(split) => set({ split })}
        testId="cluster-split"
      />
      <Choice
        label="Packer"
        value={s.packer}
        values={MULTI_PACKERS}
        names={(p: MultiPacker) => p.toUpperCase()}
        onChange={(packer) => set({ packer })}
        testId="cluster-packer"
      />
      <Choice
        label="Opening a machine"
        value={s.open}
        values={['order', 'energy'] as const}
        names={(o: OpenPolicy) =>
          o === 'order' ? 'first type in table order' : 'lowest marginal energy'
        }
        onChange={(open) => set({ open })}
        testId="cluster-open"
      />
      <ParamNumber
        spec={CLUSTER_PARAMS.realizations}
        label="Realizations R"
        value={s.realizations}
        onCommit={(realizations) => set({ realizations })}
        testId="cluster-realizations"
      />
      <ParamNumber
        spec={CLUSTER_PARAMS.clairvoyance}
        label="Clairvoyance κ"
        value={s.clairvoyance}
        onCommit={(clairvoyance) => set({ clairvoyance })}
        testId="cluster-kappa"
      />
      {!stochastic && <p className="hint">ε applies to the comparison’s GPA and container rows.</p>}
    </fieldset>
  );
}
