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
} from '../../engine/cluster/workload.ts';
import type { ClusterJobOut } from '../../runtime/jobs/cluster/cluster.ts';
import type {
  ClusterClassesOut,
  ClusterProvisionOut,
  LpTimingOut,
} from '../../runtime/jobs/cluster/clusterPlan.ts';
import type { Runner } from '../../runtime/runner.ts';
import { CLUSTER_FITS, clusterFitSpec, resourceList, type ClusterSettings } from './params.ts';
import { createIngest, type FileIngest } from '../../runtime/ingestClient.ts';
import { runSlice, type RunProgress, type RunState, type Work } from '../common/runSlot.ts';
import { countWord } from '../../present/format.ts';

export type { RunState } from '../common/runSlot.ts';

const { store: clusterRuns, slots } = runSlice<{
  data: MultiSamples;
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

export function dataKey(s: ClusterSettings): string {
  return JSON.stringify([s.dataset, s.resources]);
}

export function compareKey(s: ClusterSettings, seed: number): string {
  const { dataset, resources, types, eps, split, packer, open, realizations, clairvoyance } = s;
  return JSON.stringify([
    dataset,
    resources,
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

export function classesKey(s: ClusterSettings, seed: number): string {
  return JSON.stringify([compareKey(s, seed), s.k, s.features, s.periods, s.targetDelay]);
}

function loadSamples(s: ClusterSettings): Work<MultiSamples> {
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
) {
  const dk = dataKey(s);
  if (need('data', dk, force)) await slots.data.start('', dk, dk, loadSamples(s));
  const data = clusterRuns.getState().data.result;
  if (!data || data.key !== dk) return;
  const samples = data.value;
  const ck = compareKey(s, seed);
  const common = {
    samples,
    realizations: s.realizations,
    seed,
    packer: s.packer,
    types: s.types,
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
  const kk = classesKey(s, seed);
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
        { types: s.types, sizes: plan.sizes, containers: plan.containers },
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
