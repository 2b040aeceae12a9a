/**
 * The Requests view's run, a store slice of one run slot (runSlot.ts on latestRun.ts, latest wins):
 * the history (the user's data when they are loaded, files or Prometheus, else the bundled file
 * read by the ingestion worker) sized by every strategy and judged by the replay in an engine
 * worker (job `rightsizeRun`); a bundled history whose memory file comes beside its CPU one (the
 * Cluster view's multi-resource datasets) is sized on memory too. Keyed by what changes its numbers: the data, the learned share and
 * q*; the YAML's strategy is the view's choice alone and runs nothing.
 */
import { useStore } from 'zustand';
import { multiDatasetById } from '../../engine/cluster/index.ts';
import { presetById, type TaskSamples } from '../../engine/data/index.ts';
import { createIngest, type FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import type { RightsizeOut } from '../../runtime/jobs/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import { runSlice, type RunProgress, type Work } from '../common/runs/runSlot.ts';
import {
  bundledSamples,
  seriesSource,
  type LoadedSeries,
  type SeriesSource,
} from '../common/sources/seriesSource.ts';
import type { RequestsSettings } from './params.ts';

export type { RunState } from '../common/runs/runSlot.ts';
export type { RightsizeOut } from '../../runtime/jobs/index.ts';

/** The seed of the rollout's order (the command line's default). */
const ROLLOUT_SEED = 1;

const { store: requestsRuns, slots } = runSlice<{ sizing: RightsizeOut }>(['sizing']);
type RequestsRuns = ReturnType<typeof requestsRuns.getState>;
export { requestsRuns };

export function useRequestsRuns<T>(selector: (s: RequestsRuns) => T): T {
  return useStore(requestsRuns, selector);
}

let ingest: FileIngest | null = null;

/** The ingestion the slice loads through (default: the page's worker; tests pass their own). */
export function setRequestsIngest(i: FileIngest): void {
  ingest = i;
}

/** What the view sizes: the user's data when they are loaded, else the bundled history (seriesSource.ts). */
export type RequestsSource = SeriesSource;
export type RequestsData = LoadedSeries;
export const requestsSource = seriesSource;

export const sizingKey = (s: RequestsSettings, data: RequestsData | null = null) =>
  JSON.stringify([data ? data.key : s.history, s.learn, s.target]);

/** The bundled history's name, as the view and the YAML say it. */
export function bundledTitle(s: RequestsSettings): string {
  const p = presetById(s.history);
  if (!p || p.kind !== 'files') throw new RangeError(`unknown history "${s.history}"`);
  return p.title;
}

/** The memory file beside a bundled history's CPU file, in machine units, or none. */
function bundledMemory(history: string) {
  const d = multiDatasetById(history);
  const file = d?.files.mem;
  const spec = d?.specs.mem;
  return file && spec ? { file, spec, title: d.title } : null;
}

async function bundledMemorySamples(
  io: FileIngest,
  history: string,
  progress: (p: RunProgress) => void,
  signal: AbortSignal,
): Promise<TaskSamples | undefined> {
  const m = bundledMemory(history);
  if (!m) return undefined;
  const label = `Loading the memory of ${m.title}`;
  const loaded = await io.loadFile(
    m.file,
    m.spec,
    (p) => progress({ label, done: p.bytesRead, total: p.size ?? 0 }),
    signal,
  );
  if (loaded.kind !== 'samples') throw new RangeError(`${m.file}: expected per-task samples`);
  return loaded.samples;
}

function sizeRequests(
  runner: Runner,
  s: RequestsSettings,
  data: RequestsData | null,
): Work<RightsizeOut> {
  return async (signal, progress) => {
    const samples =
      data?.samples ??
      (await bundledSamples((ingest ??= createIngest()), s.history, progress, signal));
    const memory = data
      ? undefined
      : await bundledMemorySamples((ingest ??= createIngest()), s.history, progress, signal);
    progress({
      label: 'Sizing the requests and replaying them (kube-default, fresh and a rollout)',
      done: 0,
      total: 0,
    });
    const spec = {
      samples,
      align: data?.align,
      learn: s.learn,
      target: s.target,
      seed: ROLLOUT_SEED,
      memory,
    };
    const [out] = await runner.runJob(null, 'rightsizeRun', spec, { signal });
    return out;
  };
}

/**
 * Brings the sizing up to date with `s` on `data` (the user's, else the bundled history); `force`
 * runs again a stopped or failed run of the same key.
 */
export async function refreshRequests(
  runner: Runner,
  s: RequestsSettings,
  force = false,
  data: RequestsData | null = null,
): Promise<void> {
  const key = sizingKey(s, data);
  const st = requestsRuns.getState().sizing;
  const stale = st.key !== key || (force && st.status !== 'running' && st.result?.key !== key);
  if (stale) await slots.sizing.start('', key, key, sizeRequests(runner, s, data));
}

/** Stops the run in flight (it keeps its key: nothing restarts until the settings change). */
export function cancelRequests(): void {
  slots.sizing.cancel();
}
