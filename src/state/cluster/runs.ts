/**
 * The Cluster view's runs (SPEC §14), a store slice of run slots (runSlot.ts, latest wins): the
 * multi-resource data (each resource's file loaded through the ingestion worker, aligned by task
 * id), the packings of the four fit tests on the same realizations (`clusterCompare`), the classes
 * with their per-period container plan, the provisioning over the periods (CBS-RELAX by HiGHS in a
 * worker) and the timing of one LP period. Each run is keyed by what changes its numbers.
 */
import { useStore } from 'zustand';
import {
  loadMultiDataset,
  multiDatasetById,
  type MultiSamples,
} from '../../engine/cluster/index.ts';
import type { ClusterJobOut } from '../../runtime/jobs/index.ts';
import type {
  ClusterClassesOut,
  ClusterProvisionOut,
  LpTimingOut,
} from '../../runtime/jobs/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import {
  CLUSTER_FITS,
  DEFAULT_CLUSTER,
  clusterFitSpec,
  resourceList,
  type ClusterSettings,
} from './params.ts';
import type { MachineType } from '../../engine/cluster/index.ts';
import type { PromSource } from '../../engine/index.ts';
import { nodeType } from '../../ingest/prometheusCluster.ts';
import { createIngest, type FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { runSlice, type RunProgress, type RunState, type Work } from '../common/runs/runSlot.ts';
import { countWord } from '../../present/format.ts';

export type { RunState } from '../common/runs/runSlot.ts';

/** The data of a run: the samples, and the reference node when they came from a live source. */
type ClusterData = MultiSamples & { readonly node?: MachineType };

const { store: clusterRuns, slots } = runSlice<{
  data: ClusterData;
  compare: ClusterJobOut[];
  classes: ClusterClassesOut;
  provision: ClusterProvisionOut;
  timing: LpTimingOut;
}>(['data', 'compare', 'classes', 'provision', 'timing']);
type ClusterRuns = ReturnType<typeof clusterRuns.getState>;
type Which = keyof ClusterRuns;
export { clusterRuns };

export function useClusterRuns<T>(selector: (s: ClusterRuns) => T): T {
  return useStore(clusterRuns, selector);
}

let ingest: FileIngest | null = null;

/** The ingestion the slice loads through (default: the page's worker; tests pass their own). */
export function setClusterIngest(i: FileIngest): void {
  ingest = i;
}
let timingRun = 0;

/** The live source a run reads, when the settings ask for it (and the link has one). */
function sourceOf(s: ClusterSettings, source?: PromSource | null): PromSource | null {
  return s.dataset === 'prometheus' ? (source ?? null) : null;
}

export function dataKey(s: ClusterSettings, source?: PromSource | null): string {
  const live = sourceOf(s, source);
  return JSON.stringify([s.dataset, s.resources, ...(live ? [live, s.nodeMemory] : [])]);
}

export function compareKey(s: ClusterSettings, seed: number, source?: PromSource | null): string {
  const { types, eps, split, packer, open, realizations, clairvoyance } = s;
  return JSON.stringify([
    dataKey(s, source),
    types,
    eps,
    split,
    packer,
    open,
    realizations,
    clairvoyance,
    seed,
  ]);
}

export function classesKey(s: ClusterSettings, seed: number, source?: PromSource | null): string {
  return JSON.stringify([compareKey(s, seed, source), s.k, s.features, s.periods, s.targetDelay]);
}

/**
 * The source's CPU and memory read in the ingestion worker, as `cluster --prometheus` reads them:
 * node cores and memory from the server (or the cores the link gives), the bearer token of the From
 * Prometheus panel if any (never in the link).
 */
function loadSourceSamples(s: ClusterSettings, source: PromSource): Work<ClusterData> {
  return async (signal, progress) => {
    ingest ??= createIngest();
    const io = ingest;
    if (!io.loadSourceCluster) throw new Error('this page cannot read a Prometheus server');
    const { usePromPanel } = await import('../common/sources/prometheus.ts');
    const token = usePromPanel.getState().fields.token;
    const c = await io.loadSourceCluster(
      source,
      {
        ...(token ? { token } : {}),
        ...(globalThis.location ? { origin: globalThis.location.origin } : {}),
      },
      {
        resources: resourceList(s.resources),
        memoryHint:
          'give it in this view’s "Node memory" field (GiB), or choose Resources "CPU only"',
        ...(source.cores !== undefined ? { coresPerMachine: source.cores } : {}),
        ...(s.nodeMemory !== null ? { memoryPerMachine: s.nodeMemory * 2 ** 30 } : {}),
      },
      (p) =>
        progress({
          label: `Reading ${source.url}, chunk ${p.fileIndex + 1} of ${p.files}`,
          done: p.bytesRead,
          total: p.size ?? 0,
        }),
      signal,
    );
    return { ...c.samples, node: nodeType(c) };
  };
}

/**
 * The settings a run packs with: on a live source's data its own node is the one machine type
 * unless the types were edited (as `cluster --prometheus` without --types).
 */
export function effectiveSettings(s: ClusterSettings, data: ClusterData | null): ClusterSettings {
  const unedited =
    s.types === DEFAULT_CLUSTER.types ||
    JSON.stringify(s.types) === JSON.stringify(DEFAULT_CLUSTER.types);
  return data?.node && unedited ? { ...s, types: [data.node] } : s;
}

/** The effective settings of the data loaded now for `s` (the view draws with these). */
export function useEffectiveSettings(
  s: ClusterSettings,
  source: PromSource | null,
): ClusterSettings {
  const data = useClusterRuns((r) => r.data.result);
  return effectiveSettings(s, data && data.key === dataKey(s, source) ? data.value : null);
}

function loadSamples(s: ClusterSettings, source?: PromSource | null): Work<ClusterData> {
  const live = sourceOf(s, source);
  if (live) return loadSourceSamples(s, live);
  if (s.dataset === 'prometheus')
    return () => {
      throw new RangeError(
        'no Prometheus source yet: read one in Data → From Prometheus (or open a link that names one), then choose it here',
      );
    };
  return (signal, progress) => {
    const d = multiDatasetById(s.dataset);
    if (!d) throw new RangeError(`unknown cluster dataset "${s.dataset}"`);
    ingest ??= createIngest();
    const io = ingest;
    let part = 0;
    return loadMultiDataset(d, resourceList(s.resources), async (file, spec) => {
      part++;
      const label = `Loading ${d.title}, file ${part} (${file.replace(/^.*\//, '')})`;
      const loaded = await io.loadFile(
        file,
        spec,
        (p) => progress({ label, done: p.bytesRead, total: p.size ?? 0 }),
        signal,
      );
      if (loaded.kind !== 'samples') throw new RangeError(`${file}: expected per-task samples`);
      return loaded.samples;
    });
  };
}

/** Whether a slot must run for `key`: a new key, or (forced) a stopped or failed run of it. */
function need(which: Which, key: string, force: boolean): boolean {
  const st = clusterRuns.getState()[which];
  return st.key !== key || (force && st.status !== 'running' && st.result?.key !== key);
}

function jobProgress(label: string, progress: (p: RunProgress) => void) {
  return (p: { done: number; total: number }) => progress({ label, ...p });
}

/**
 * Brings every run up to date with `s` (and the explorer's seed): loads the data if needed, then
 * the comparison and the classes, then the provisioning from the classes' container plan.
 */
export async function refreshCluster(
  runner: Runner,
  s: ClusterSettings,
  seed: number,
  force = false,
  source?: PromSource | null,
) {
  const dk = dataKey(s, source);
  if (need('data', dk, force)) await slots.data.start('', dk, dk, loadSamples(s, source));
  const data = clusterRuns.getState().data.result;
  if (!data || data.key !== dk) return;
  const { node: _node, ...samples } = data.value;
  s = effectiveSettings(s, data.value);
  const types = s.types;
  const ck = compareKey(s, seed, source);
  const common = {
    samples,
    realizations: s.realizations,
    seed,
    packer: s.packer,
    types,
    open: s.open,
    clairvoyance: s.clairvoyance,
  };
  const compare = need('compare', ck, force)
    ? slots.compare.start(dk, ck, ck, (signal, progress) =>
        runner.runJob(
          null,
          'clusterCompare',
          { ...common, fits: CLUSTER_FITS.map((k) => clusterFitSpec(s, k)) },
          {
            signal,
            onProgress: jobProgress(
              `Packing with the ${countWord(CLUSTER_FITS.length)} fit tests`,
              progress,
            ),
          },
        ),
      )
    : Promise.resolve();
  const kk = classesKey(s, seed, source);
  if (need('classes', kk, force))
    await slots.classes.start(dk, kk, kk, async (signal, progress) => {
      const [out] = await runner.runJob(
        null,
        'clusterClasses',
        {
          ...common,
          k: s.k,
          kMax: Math.min(10, samples.ids.length),
          features: s.features,
          eps: s.eps,
          split: s.split,
          periods: s.periods,
          cv2: 1,
          targetDelay: s.targetDelay,
        },
        { signal, onProgress: jobProgress('k-means, packing by class and by task', progress) },
      );
      return out;
    });
  const classes = clusterRuns.getState().classes.result;
  if (classes && classes.key === kk && need('provision', kk, force)) {
    const { plan } = classes.value;
    await slots.provision.start(dk, kk, kk, async (signal, progress) => {
      const [out] = await runner.runJob(
        null,
        'clusterProvision',
        { types, sizes: plan.sizes, containers: plan.containers },
        { signal, onProgress: jobProgress('Provisioning: CBS-RELAX per period (HiGHS)', progress) },
      );
      return out;
    });
  }
  await compare;
}

/** Times one CBS-RELAX period (the types × 20 classes) in a worker, `repeats` solves. */
export function startLpTiming(runner: Runner, s: ClusterSettings, repeats = 15): Promise<void> {
  const key = JSON.stringify([s.types, repeats, timingRun++]);
  return slots.timing.start('', key, key, async (signal) => {
    const [out] = await runner.runJob(
      null,
      'lpTiming',
      { types: s.types, classes: 20, repeats },
      { signal },
    );
    return out;
  });
}

/** Stops every run in flight (each keeps its key: nothing restarts until the settings change). */
export function cancelCluster(): void {
  for (const which of Object.keys(slots) as Which[]) slots[which].cancel();
}

export function runningCluster(runs: ClusterRuns): RunState<string, unknown> | null {
  for (const which of ['data', 'compare', 'classes', 'provision'] as const)
    if (runs[which].status === 'running') return runs[which];
  return null;
}
