/**
 * The Resize view's runs, a store slice outside React so they survive switching views: the
 * workload (a preset loaded by the ingestion worker, then one series per VM), the shown run with
 * its series, and the Pareto sweep on the pool — each a run slot (runSlot.ts), latest wins.
 */
import { useStore } from 'zustand';
import {
  presetById,
  stitchDays,
  workloadFromSamples,
  type ResizeResult,
  type ResizeTotals,
  type Preset,
  type ResizeWorkload,
  type TaskSamples,
} from '../../engine/index.ts';
import { bitbrainsResizeMemorySpec } from '../../engine/cluster/index.ts';
import { createIngest, type Ingest } from '../../runtime/ingestion/ingestClient.ts';
import { packWorkload, type PackedWorkload } from '../../runtime/jobs/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import {
  resizeConfig,
  resizeRunKey,
  resizeSweepKey,
  sweepGrid,
  type ResizeParams,
  type ResizeWorkloadId,
  type SweepPoint,
} from './params.ts';
import { runSlice, type RunProgress, type RunSlice } from '../common/runs/runSlot.ts';

export type { RunProgress, RunState } from '../common/runs/runSlot.ts';

export interface SweepRowResult extends SweepPoint {
  readonly totals: ResizeTotals;
}

/** Each run's result and the spec it keeps beside it. */
type Results = { data: ResizeWorkload; run: ResizeResult; sweep: SweepRowResult[] };
type Specs = { data: ResizeWorkloadId; run: string; sweep: string };
type ResizeRuns = RunSlice<Results, Specs>;

const slice = runSlice<Results, Specs>(['data', 'run', 'sweep']);
export const resizeRuns = slice.store;
const { slots } = slice;

export function useResizeRuns<T>(selector: (s: ResizeRuns) => T): T {
  return useStore(resizeRuns, selector);
}

export function cancelResize(which: keyof ResizeRuns, reason?: string): void {
  slots[which].cancel(reason);
}

/** The presets behind each workload (the CLI's `--vms` names). */
const PRESET_OF: Record<ResizeWorkloadId, string> = {
  'planetlab-day': 'planetlab-20110303',
  planetlab: 'planetlab-10days',
  azure: 'azure-v1',
  bitbrains: 'bitbrains-rnd',
  'bitbrains-cpu': 'bitbrains-rnd',
};

/** The memory series of a file preset's first file, loaded with the long format's memory column. */
async function loadBitbrainsMemory(
  preset: Preset,
  signal: AbortSignal,
  progress: (p: RunProgress) => void,
): Promise<TaskSamples> {
  if (preset.kind !== 'files') throw new Error(`internal: ${preset.id} has no files`);
  const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
  const url = preset.files[0].url;
  const response = await fetch(`${base}${url}`, { signal });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const file = new File([await response.blob()], url.slice(url.lastIndexOf('/') + 1));
  ingest ??= createIngest();
  const loaded = await ingest.loadFiles(
    [file],
    bitbrainsResizeMemorySpec(),
    (p) =>
      progress({
        label: `Loading memory from ${p.file}`,
        done: p.bytesRead,
        total: p.size ?? Math.max(p.bytesRead, 1),
      }),
    signal,
  );
  if (loaded.kind !== 'samples') throw new Error(`${url}: no per-VM memory series`);
  return loaded.samples;
}

let ingest: Ingest | null = null;
/** The workload load in flight (or last started), to wait for it. */
let loading: { id: ResizeWorkloadId; done: Promise<void> } | null = null;

/** Loads the workload `id` unless it is loaded or loading (a different one replaces it). */
export function ensureResizeWorkload(id: ResizeWorkloadId): Promise<void> {
  const s = resizeRuns.getState().data;
  if (s.key === id && s.status !== 'error' && s.status !== 'idle')
    return loading?.id === id ? loading.done : Promise.resolve();
  const done = slots.data.start('', id, id, async (signal, progress) => {
    const preset = presetById(PRESET_OF[id]);
    if (!preset) throw new Error(`internal: no preset ${PRESET_OF[id]}`);
    ingest ??= createIngest();
    const loaded = await ingest.loadPreset(
      preset,
      preset.scale,
      (p) =>
        progress({
          label: `Loading ${p.file}`,
          done: p.bytesRead,
          total: p.size ?? Math.max(p.bytesRead, 1),
        }),
      signal,
    );
    if (loaded.kind !== 'samples') throw new Error(`${preset.title}: no per-VM series`);
    if (id === 'planetlab') return stitchDays(id, loaded.samples);
    const memory =
      id === 'bitbrains' ? await loadBitbrainsMemory(preset, signal, progress) : undefined;
    return workloadFromSamples(id, loaded.samples, { memory });
  });
  loading = { id, done };
  return done;
}

let packed: { workload: ResizeWorkload; packed: PackedWorkload } | null = null;
function packedOf(w: ResizeWorkload): PackedWorkload {
  if (packed?.workload !== w) packed = { workload: w, packed: packWorkload(w) };
  return packed.packed;
}

/** Runs the view's configuration with its series (in a worker when there is a pool). */
export function startResizeRun(
  runner: Runner,
  workload: ResizeWorkload,
  r: ResizeParams,
): Promise<void> {
  const key = resizeRunKey(r);
  if (resizeRuns.getState().run.key === key) return Promise.resolve();
  return slots.run.start('', key, key, async (signal, progress) => {
    progress({ label: 'Simulating', done: 0, total: 1 });
    const [out] = await runner.runJob(
      null,
      'resizeRun',
      { workload: packedOf(workload), config: resizeConfig(r) },
      { signal },
    );
    return out;
  });
}

/**
 * What the Resize view runs when its parameters change: loads the workload, then runs the
 * configuration current once it has loaded (`current`: the parameters now, not when asked).
 */
export async function syncResize(
  runner: Runner,
  r: ResizeParams,
  current: () => ResizeParams,
): Promise<void> {
  await ensureResizeWorkload(r.workload);
  const now = current();
  const data = resizeRuns.getState().data.result;
  if (data && data.key === now.workload) await startResizeRun(runner, data.value, now);
}

/** The Pareto sweep (sweepGrid) over the workload, on the pool, with progress. */
export function startResizeSweep(
  runner: Runner,
  workload: ResizeWorkload,
  r: ResizeParams,
): Promise<void> {
  const key = resizeSweepKey(r);
  const grid = sweepGrid(r);
  return slots.sweep.start('', key, key, async (signal, progress) => {
    const units = await runner.runJob(
      null,
      'resizeSweep',
      { workload: packedOf(workload), configs: grid.map((g) => g.config), perUnit: 1 },
      {
        signal,
        onProgress: (p) => progress({ label: 'Simulating the configurations', ...p }),
      },
    );
    const totals = units.flat();
    return grid.map((g, i) => ({ ...g, totals: totals[i] }));
  });
}
