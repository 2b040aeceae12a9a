/**
 * The Requests view's run, a store slice of one run slot (runSlot.ts on latestRun.ts, latest wins):
 * the history (the user's data when they are loaded, files or Prometheus, else the bundled file
 * read by the ingestion worker) sized by every strategy and judged by the replay in an engine
 * worker (job `rightsizeRun`); a bundled history whose memory file comes beside its CPU one (the
 * Cluster view's multi-resource datasets), and data read from a Prometheus (its pods' working set
 * read beside them, as `rightsize --prometheus` reads it), are sized on memory too. Keyed by what changes its numbers: the data, the learned share and
 * q*; the YAML's strategy is the view's choice alone and runs nothing.
 */
import { useStore } from 'zustand';
import { multiDatasetById } from '../../engine/cluster/index.ts';
import { presetById } from '../../engine/data/index.ts';
import type { PromSource } from '../../engine/index.ts';
import { createIngest, type FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import type { RightsizeMemory, RightsizeOut } from '../../runtime/jobs/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import { runSlice, type RunProgress, type Work } from '../common/runs/runSlot.ts';
import {
  bundledSamples,
  seriesSource,
  type LoadedSeries,
  type SeriesSource,
} from '../common/sources/seriesSource.ts';
import type { Params } from '../common/store/params.ts';
import { uploadIsSource } from '../common/sources/promUrlFields.ts';
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

/**
 * What the view sizes: the user's data when they are loaded, else the bundled history
 * (seriesSource.ts); data read from a Prometheus name their source, whose working set is read
 * beside them.
 */
export type RequestsData = LoadedSeries & { readonly source?: PromSource };
export type RequestsSource =
  | Exclude<SeriesSource, { readonly kind: 'loaded' }>
  | { readonly kind: 'loaded'; readonly data: RequestsData };

/** The series source with the Prometheus source the loaded data are the answer of, if any. */
export function withPromSource(
  source: SeriesSource,
  p: Pick<Params, 'upload' | 'prom'>,
): RequestsSource {
  if (source.kind !== 'loaded' || !p.prom || !uploadIsSource(p.upload, p.prom)) return source;
  return { kind: 'loaded', data: { ...source.data, source: p.prom } };
}

export function requestsSource(
  e: Parameters<typeof seriesSource>[0] & { readonly params: Pick<Params, 'upload' | 'prom'> },
): RequestsSource {
  return withPromSource(seriesSource(e), e.params);
}

export const sizingKey = (s: RequestsSettings, data: RequestsData | null = null) =>
  JSON.stringify([
    data ? data.key : s.history,
    s.learn,
    s.target,
    data?.source ? 'memory' : null,
    data ? null : s.memory,
  ]);

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
  s: RequestsSettings,
  progress: (p: RunProgress) => void,
  signal: AbortSignal,
): Promise<RightsizeMemory | undefined> {
  const m = bundledMemory(s.history);
  if (!m) return undefined;
  const label = `Loading the memory of ${m.title}`;
  const loaded = await io.loadFile(
    m.file,
    m.spec,
    (p) => progress({ label, done: p.bytesRead, total: p.size ?? 0 }),
    signal,
  );
  if (loaded.kind !== 'samples') throw new RangeError(`${m.file}: expected per-task samples`);
  return { kind: 'machines', samples: loaded.samples, bytesPerMachine: s.memory * 2 ** 30 };
}

/**
 * The pods' working set beside data read from `source`, with the query and the node memory of
 * `rightsize --prometheus` (ingest podMemory.ts), the bearer token of the From Prometheus panel if
 * any; none when the server holds no working set for them.
 */
async function sourceMemory(
  source: PromSource,
  progress: (p: RunProgress) => void,
  signal: AbortSignal,
): Promise<RightsizeMemory | undefined> {
  progress({ label: `Reading the pods' working set from ${source.url}`, done: 0, total: 0 });
  const [{ nodeMemoryBytes, podMemoryQuery, readPodMemory }, { usePromPanel }] = await Promise.all([
    import('../../ingest/podMemory.ts'),
    import('../common/sources/prometheus.ts'),
  ]);
  const token = usePromPanel.getState().fields.token;
  const access = {
    ...(token ? { token } : {}),
    ...(globalThis.location ? { origin: globalThis.location.origin } : {}),
    signal,
  };
  const read = await readPodMemory(source, access, podMemoryQuery(undefined));
  if (read.size === 0) return undefined;
  const pods = [...read].map(([key, s]) => ({ key, times: s.times, values: s.values }));
  return { kind: 'bytes', pods, nodeBytes: await nodeMemoryBytes(source, access) };
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
      ? data.source
        ? await sourceMemory(data.source, progress, signal)
        : undefined
      : await bundledMemorySamples((ingest ??= createIngest()), s, progress, signal);
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
