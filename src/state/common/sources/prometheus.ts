/**
 * The Data view's From Prometheus panel: its fields, one read at a time with progress and Cancel,
 * and its result. "Read" fetches the range chunk by chunk (under the 11,000-point cap) and hands the
 * answers to the ordinary upload (the Prometheus reader in the ingestion worker, with its checks),
 * then judges the placement the cluster has now (ingest assessSource.ts). A failure keeps the data
 * loaded before and says what went wrong. The link gets the source (no token) and no file names: a
 * link opened reads the source again (the dataset step calls `readPrometheus` with it), asking only
 * for the token when the server wants one; the token stays in this tab's memory.
 */
import { create } from 'zustand';
import {
  DEFAULT_CPU_QUERY,
  apiBase,
  decimalOrNull,
  resolveRange,
  sourceChunks,
  whyNotDecimal,
  type PromSource,
} from '../../../engine/index.ts';
import type { Assessment } from '../../../ingest/assessSource.ts';
import { clusterFacts, referenceCores, sourceSpec } from '../../../ingest/prometheusSource.ts';
import { configuredFetchLimits } from '../../../ingest/promFetch.ts';
import type { SourceReader } from '../controller/steps/sourceRead.ts';
import { latestRun } from '../runs/latestRun.ts';
import type { Params } from '../store/params.ts';
import { uploadIsSource } from './promUrlFields.ts';

export interface PromFields {
  url: string;
  query: string;
  /** How far back from now (`7d`), unless start and end are given. */
  range: string;
  start: string;
  end: string;
  step: string;
  token: string;
  cores: string;
  slo: string;
}

export interface PromPanelState {
  fields: PromFields;
  status: 'idle' | 'running' | 'done' | 'error';
  /** Chunks read of all. */
  progress: { done: number; of: number; bytes: number } | null;
  error: string | null;
  /**
   * Said of the read: the range begins before the history the server keeps, the server warned its
   * answer may be partial, samples outside the asked range were left out.
   */
  note: string | null;
  /** What the read waits for now (a URL, and which chunk), and since when (ms since the epoch). */
  waiting: { what: string; since: number } | null;
  assessment: Assessment | null;
  source: PromSource | null;
  set(patch: Partial<PromFields>): void;
}

export const usePromPanel = create<PromPanelState>((set) => ({
  fields: {
    url: '',
    query: DEFAULT_CPU_QUERY,
    range: '1d',
    start: '',
    end: '',
    step: '60s',
    token: '',
    cores: '',
    slo: '0.01',
  },
  status: 'idle',
  progress: null,
  error: null,
  note: null,
  waiting: null,
  assessment: null,
  source: null,
  set: (patch) => set((s) => ({ fields: { ...s.fields, ...patch } })),
}));

/** The dataset step's state while a link's Prometheus source is read (or waits for a token). */
export { WAITING_FOR_SOURCE } from './promUrlFields.ts';

/** The panel's fields from a link's source (the token is never in a link). */
export function fieldsFromLink(s: PromSource | null): void {
  if (!s) return;
  usePromPanel.getState().set({
    url: s.url,
    query: s.query,
    start: String(s.start),
    end: String(s.end),
    range: '',
    step: `${s.step}s`,
    cores: s.cores !== undefined ? String(s.cores) : '',
  });
}

/** The task-count parameter's bound (params.ts). */
const MAX_TASKS = 100_000;

/** One read at a time (latestRun.ts): a newer read supersedes the one in flight. */
const reads = latestRun<Partial<PromPanelState>, PromPanelState['progress']>();

export function cancelPrometheus(): void {
  reads.cancel();
}

function sourceOf(f: PromFields): PromSource {
  const range = resolveRange(
    {
      ...(f.range.trim() && !f.start.trim() ? { range: f.range } : {}),
      ...(f.start.trim() ? { start: f.start } : {}),
      ...(f.end.trim() ? { end: f.end } : {}),
      step: f.step,
    },
    Date.now() / 1000,
  );
  const cores = f.cores.trim()
    ? typedNumber(f.cores, 'cores per node', (v) => v > 0, 'above 0')
    : null;
  return {
    url: apiBase(f.url),
    query: f.query.trim() || DEFAULT_CPU_QUERY,
    ...range,
    ...(cores !== null ? { cores } : {}),
  };
}

/** A number typed in the panel's box `label`, by the one number rule, or an error naming the box. */
function typedNumber(
  text: string,
  label: string,
  holds: (v: number) => boolean,
  expected: string,
): number {
  const v = decimalOrNull(text);
  if (v === null || !holds(v))
    throw new Error(
      `"${label}" is ${JSON.stringify(text.trim())}: ${v === null ? whyNotDecimal(text) : 'out of range'}; expected a number ${expected}`,
    );
  return v;
}

/** The names a source's answers go by (one per chunk, as their export to files would be named). */
function chunkNames(source: PromSource): string[] {
  const n = sourceChunks(source).length;
  return Array.from({ length: n }, (_, i) => `prometheus-${i + 1}-of-${n}.json`);
}

/** A link's source, cut as its answers were when the link was made (their count in its names). */
function linkedSource(source: PromSource, params: Params): PromSource {
  const n = decimalOrNull(/-of-(\d+)\.json$/.exec(params.upload?.names[0] ?? '')?.[1] ?? '');
  if (n === null || !(n > 0) || n === sourceChunks(source).length) return source;
  const capOnly = { ...source, capOnly: true };
  return n === sourceChunks(capOnly).length ? capOnly : source;
}

/** What a read needs of the page: the ordinary upload, and the parameters (read and set). */
export interface ReadHost {
  /** Reads the source in the ingestion worker, streamed, into the dataset (controller.readSource). */
  readSource: SourceReader;
  setParams(patch: Partial<Params>): void;
  params(): Params;
  /** Tasks of the dataset loaded now (a fresh read packs every task it loaded). */
  loadedTasks?(): number | null;
}

/**
 * Reads the source into the dataset (through `upload`) and assesses the placement; on failure the
 * data loaded before stay and the message says why. `linked`: a link's own source and task size,
 * read as they are (the fields only show them), so the link's numbers come back.
 */
export async function readPrometheus(
  host: ReadHost,
  linked?: { source: PromSource; scale: number },
): Promise<void> {
  if (linked) fieldsFromLink(linked.source);
  const { fields } = usePromPanel.getState();
  const wait = (what: string | null) =>
    usePromPanel.setState({ waiting: what === null ? null : { what, since: Date.now() } });
  const ended = (patch: Partial<PromPanelState>) =>
    usePromPanel.setState({ ...patch, waiting: null });
  await reads.start((signal, progress) => read(host, fields, signal, progress, wait, linked), {
    running: () =>
      usePromPanel.setState({
        status: 'running',
        progress: null,
        error: null,
        note: null,
        waiting: null,
      }),
    progress: (progress) => usePromPanel.setState({ progress }),
    ready: (result) => ended(result),
    failed: (e) => ended({ status: 'error', error: (e as Error).message }),
    cancelled: () => ended({ status: 'error', error: 'reading cancelled' }),
  });
}

/** The read itself: the cluster's facts, the chunks into the upload, the panel's result. */
async function read(
  host: ReadHost,
  fields: PromFields,
  signal: AbortSignal,
  progress: (p: PromPanelState['progress']) => void,
  wait: (what: string | null) => void,
  linked?: { source: PromSource; scale: number },
): Promise<Partial<PromPanelState>> {
  const source = linked ? linkedSource(linked.source, host.params()) : sourceOf(fields);
  const slo = fields.slo.trim()
    ? typedNumber(fields.slo, 'SLO ρ', (v) => v > 0 && v < 1, 'between 0 and 1 (exclusive)')
    : 0.01;
  const access = {
    ...(fields.token ? { token: fields.token } : {}),
    signal,
    origin: location.origin,
    limits: configuredFetchLimits(),
  };
  wait(`${source.url}/api/v1/query (the nodes' cores and the pods' requests)`);
  const facts = await clusterFacts(source, access);
  if (facts.retentionNote) usePromPanel.setState({ note: facts.retentionNote });
  const cores = source.cores ?? referenceCores(facts.nodeCores);
  if (cores === undefined)
    throw new Error(
      'cores per node needed: the server exports neither kube_node_status_allocatable nor machine_cpu_cores; fill in "cores per node"',
    );
  let bytes = 0;
  const chunks = chunkNames(source).length;
  const chunkWait = (k: number) =>
    wait(k < chunks ? `${source.url}/api/v1/query_range (chunk ${k + 1} of ${chunks})` : null);
  chunkWait(0);
  const loaded = await host.readSource(
    chunkNames(source),
    source,
    access,
    sourceSpec(source, cores, linked ? { scale: linked.scale } : {}),
    {
      facts,
      options: { slo, ...(source.cores !== undefined ? { coresPerMachine: source.cores } : {}) },
    },
    (p) => {
      if (p.phase === 'hashing' || !p.done) return;
      bytes += p.bytesParsed;
      progress({ done: p.fileIndex + 1, of: p.files, bytes });
      chunkWait(p.fileIndex + 1);
    },
  );
  if (!loaded || !uploadIsSource(host.params().upload, source))
    throw new Error('the answer was read but not loaded');
  const all = linked ? null : (host.loadedTasks?.() ?? null);
  host.setParams({ prom: source, ...(all ? { tasks: Math.min(all, MAX_TASKS) } : {}) });
  const said = loaded.report.notes.filter((n) => /warns that its answer may be partial/.test(n));
  const outside = loaded.report.filters.find((f) => f.id === 'outside-range');
  if (outside) said.push(`${outside.count} samples outside the range asked for were left out.`);
  return {
    status: 'done',
    assessment: loaded.assessment,
    source,
    error: loaded.assessError,
    ...(said.length ? { note: [facts.retentionNote, ...said].filter(Boolean).join(' ') } : {}),
  };
}
