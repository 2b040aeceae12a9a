/**
 * Reading a live Prometheus HTTP API (browser and Node alike): a range split into chunks under the
 * 11,000-point cap (engine promRange.ts), each chunk one input streamed through the existing
 * Prometheus reader with the next chunk asked for while it is read, so memory is what the reader
 * keeps; instant queries for node capacity and requests. Every failure becomes a `DataError`
 * saying what went wrong and how to get past it: unreachable, TLS, auth, CORS
 * (`--web.cors.origin`), a PromQL error in the server's own words, an empty result, a scalar or
 * vector where a matrix was wanted. The bearer token is used for the calls only: it never enters
 * a source, a link, an export or a report.
 */
import {
  DataError,
  factQueries,
  instantUrl,
  parseDuration,
  rangeUrl,
  sourceChunks,
  type LoadResult,
  type LoadSpec,
  type PromSource,
} from '../engine/index.ts';
import { decimalOrNull } from '../engine/numberText.ts';
import { loadDataset } from './load.ts';
import { isCancelled } from '../protocol/cancel.ts';
import {
  boundedGet,
  LimitError,
  MAX_WHOLE_BYTES,
  type Fetcher,
  type FetchLimits,
} from './promFetch.ts';
import type { InputFile, StreamControl } from './stream.ts';
import { setting } from '../engine/index.ts';

export type { Fetcher };

export interface PromAccess {
  readonly token?: string;
  /** Headers sent with every call (`--prometheus-header NAME=VALUE`), secret as the token is. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetcher?: Fetcher;
  readonly signal?: AbortSignal;
  /** The page's origin (browsers), for the CORS advice. */
  readonly origin?: string;
  /** Time and size limits of each answer (promFetch.ts; the defaults where not given). */
  readonly limits?: Partial<FetchLimits>;
  /** Messages name the command line's flag of each limit. */
  readonly namesFlags?: boolean;
}

function headers(a: PromAccess): Record<string, string> {
  return {
    Accept: 'application/json',
    ...a.headers,
    ...(a.token ? { Authorization: `Bearer ${a.token}` } : {}),
  };
}

/** Why a fetch threw, in words: refused, unknown host, TLS, or (a browser hides which) CORS. */
function unreachable(base: string, e: unknown, origin?: string): DataError {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  let why: string;
  if (/CERT|TLS|SSL|SELF_SIGNED/i.test(code + (cause?.message ?? '')))
    why = `TLS failure (${code || cause?.message}): the server's certificate is not trusted here`;
  else if (code === 'ECONNREFUSED') why = 'connection refused: is the server running there?';
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') why = 'unknown host';
  else if (origin)
    why = `the server cannot be reached, or it refused this page's origin (CORS): start Prometheus with --web.cors.origin='${origin.replace(/[.]/g, '\\.')}' (or '.*'), or put it behind a proxy that allows ${origin}`;
  else why = cause?.message ?? (e as Error).message;
  return new DataError(base, null, `cannot reach the Prometheus API: ${why}`);
}

/** The server's own words from an error body (`{"status":"error","error":…}`), if any. */
function serverError(text: string): string | null {
  try {
    const j = JSON.parse(text) as { status?: string; errorType?: string; error?: string };
    if (j.status === 'error') return `${j.errorType ?? 'error'}: ${j.error ?? 'no message'}`;
  } catch {
    // not JSON
  }
  return null;
}

/** A GET of the API; a response that is not OK becomes a DataError with the reason. */
async function promGet(
  base: string,
  url: string,
  a: PromAccess,
  maxBytes?: number,
): Promise<Response> {
  let res: Response;
  try {
    res = await boundedGet(url, {
      headers: headers(a),
      ...(a.fetcher ? { fetcher: a.fetcher } : {}),
      ...(a.signal ? { signal: a.signal } : {}),
      ...(a.limits ? { limits: a.limits } : {}),
      ...(a.namesFlags ? { namesFlags: true } : {}),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
    });
  } catch (e) {
    if (isCancelled(e) || a.signal?.aborted || e instanceof DataError) throw e;
    throw unreachable(base, e, a.origin);
  }
  if (res.ok) return res;
  // Read to MAX_ERROR_BYTES at most (promFetch.ts); runs of blanks said once.
  const body = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim();
  const said = serverError(body);
  const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
  if (said) throw new DataError(base, null, `Prometheus refused the query (${status}): ${said}`);
  if (res.status === 401 || res.status === 403)
    throw new DataError(
      base,
      null,
      `${status}: authentication failed; give a bearer token (${setting('bearer-token or SLOPACK_PROMETHEUS_TOKEN', 'the "bearer token" field')})`,
    );
  if (res.status === 404)
    throw new DataError(
      base,
      null,
      `${status}: no Prometheus HTTP API here; give the server's base URL (http://host:9090, a Thanos/VictoriaMetrics/Mimir query URL, or Grafana's /api/datasources/proxy/uid/<uid>)`,
    );
  throw new DataError(base, null, `${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
}

const isoTime = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** The chunks of a source's range as inputs, and the end of their read. */
interface RangeInputs {
  readonly inputs: InputFile[];
  /** Aborts what is still in flight and drops any answer asked for but never read. */
  close(): void;
}

/**
 * The chunks of a source's range (engine sourceChunks), each an input whose opening asks the
 * server for it and for the chunk after it: two requests in flight at most, so the server computes
 * chunk k+1 while chunk k is parsed. The answer ahead waits with its body unread (the stream's
 * back-pressure holds it in the connection, not in memory), and the chunks still enter the reader
 * in range order whichever answers first. A failing chunk is named in its error; it is reported
 * when its turn comes, after the chunks before it were read. Cancel (`a.signal`) aborts both.
 */
function rangeInputs(source: PromSource, a: PromAccess): RangeInputs {
  const chunks = sourceChunks(source);
  const host = source.url.replace(/^https?:\/\//, '');
  const names = chunks.map((_, i) =>
    chunks.length === 1 ? `${host} query_range` : `${host} chunk ${i + 1} of ${chunks.length}`,
  );
  const stop = new AbortController();
  const outer = a.signal;
  const follow = () => stop.abort(outer!.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  const inner: PromAccess = { ...a, signal: stop.signal };
  const asked: (Promise<Response> | undefined)[] = [];
  const answered: (Response | undefined)[] = [];
  const taken: boolean[] = [];
  const request = (i: number) => {
    const c = chunks[i];
    const answer = promGet(source.url, rangeUrl(source.url, source.query, c, source.step), inner)
      .catch((e: unknown) => {
        if (!(e instanceof DataError)) throw e;
        throw new DataError(
          names[i],
          null,
          `${e.reason} (the range ${isoTime(c.start)} to ${isoTime(c.end)})`,
        );
      })
      .then((res) => {
        if (!res.body) throw new DataError(names[i], null, 'the server sent no body');
        answered[i] = res;
        return res;
      });
    // Reported when the chunk's turn comes, not as an unhandled rejection while another is read.
    answer.catch(() => {});
    return answer;
  };
  const ask = (i: number) => {
    if (i < chunks.length && !asked[i]) asked[i] = request(i);
  };
  const inputs: InputFile[] = chunks.map((c, i) => ({
    name: names[i],
    role: 'inst',
    asked: c,
    async open() {
      // A second opening (a head read before the whole) asks again.
      if (taken[i]) return (await request(i)).body!;
      ask(i);
      ask(i + 1);
      taken[i] = true;
      return (await asked[i]!).body!;
    },
  }));
  return {
    inputs,
    close() {
      outer?.removeEventListener('abort', follow);
      asked.forEach((answer, i) => {
        if (!answer || taken[i]) return;
        const drop = (res: Response) => void res.body?.cancel().catch(() => {});
        if (answered[i]) drop(answered[i]);
        else void answer.then(drop, () => {});
      });
      if (!stop.signal.aborted) stop.abort(new DOMException('read over', 'AbortError'));
    },
  };
}

/** Reads a source's chunks with `use`, closing them after (whether it succeeded or not). */
export async function withRangeInputs<T>(
  source: PromSource,
  a: PromAccess,
  use: (inputs: InputFile[]) => Promise<T>,
): Promise<T> {
  const range = rangeInputs(source, a);
  try {
    return await use(range.inputs);
  } finally {
    range.close();
  }
}

/** One instant query's vector as (labels, value) pairs; null when the server does not know it. */
export async function instantVector(
  base: string,
  query: string,
  time: number,
  a: PromAccess,
): Promise<{ labels: Record<string, string>; value: number }[] | null> {
  const url = instantUrl(base, query, time);
  const res = await promGet(base, url, a, MAX_WHOLE_BYTES);
  const j = (await res.json().catch((e: unknown) => {
    if (e instanceof DataError || isCancelled(e) || a.signal?.aborted) throw e;
    throw new DataError(base, null, `the answer to ${url.replace(/\?.*$/, '')} is not JSON`);
  })) as {
    status?: string;
    data?: { resultType?: string; result?: { metric: Record<string, string>; value: unknown }[] };
  };
  const result = j?.data?.result;
  if (j?.status !== 'success' || j.data?.resultType !== 'vector' || !Array.isArray(result))
    return null;
  // A sample not of the API's shape ([time, "value"] with labels) is left out, as is a NaN.
  return result.flatMap((r) => {
    const v = Array.isArray(r?.value) ? r.value[1] : undefined;
    const value = typeof v === 'string' ? decimalOrNull(v) : null;
    const labels = r?.metric && typeof r.metric === 'object' ? r.metric : null;
    return value === null || !labels ? [] : [{ labels, value }];
  });
}

/**
 * How long the server keeps samples (`storage.tsdb.retention.time` of /api/v1/status/flags; "0s"
 * means Prometheus's default of 15 days when no size limit is set), or null when it does not say
 * (Thanos, VictoriaMetrics, Mimir and proxies answer this call differently or not at all).
 */
async function retentionSeconds(base: string, a: PromAccess): Promise<number | null> {
  let flags: Record<string, string> | undefined;
  try {
    const res = await promGet(base, `${base}/api/v1/status/flags`, a, MAX_WHOLE_BYTES);
    flags = ((await res.json()) as { data?: Record<string, string> }).data;
  } catch (e) {
    if (isCancelled(e) || a.signal?.aborted || e instanceof LimitError) throw e;
    return null;
  }
  const time = parseDuration(flags?.['storage.tsdb.retention.time'] ?? '');
  if (time > 0) return time;
  const size = flags?.['storage.tsdb.retention.size'] ?? '';
  return time === 0 && (size === '' || /^0[A-Za-z]*$/.test(size)) ? 15 * 86400 : null;
}

/**
 * The source's range against what the server keeps, said before anything is fetched: an error when
 * the whole range is older than the retention, a note when only its beginning is, else null.
 */
function retentionVerdict(
  source: PromSource,
  retention: number | null,
  now: number,
): string | null {
  if (retention === null) return null;
  const oldest = now - retention;
  const kept = `the server keeps ${formatSpan(retention)} of history (storage.tsdb.retention.time), from about ${isoTime(oldest)}`;
  if (source.end < oldest)
    throw new DataError(
      source.url,
      null,
      `the range ${isoTime(source.start)} to ${isoTime(source.end)} is older than anything the server keeps: ${kept}; choose a range after that`,
    );
  if (source.start < oldest)
    return `The range starts at ${isoTime(source.start)}, before the oldest history the server keeps (${kept}): the first ${formatSpan(oldest - source.start)} come back empty, and pods running then look as if created later.`;
  return null;
}

function formatSpan(seconds: number): string {
  const days = seconds / 86400;
  if (days >= 1) return `${Number(days.toFixed(1))} days`;
  return `${Number((seconds / 3600).toFixed(1))} hours`;
}

/** What the cluster says of itself at the range's end: node cores and pod requests, when exported. */
export interface ClusterFacts {
  /** Cores per node (kube_node_status_allocatable, else machine_cpu_cores); empty when neither. */
  readonly nodeCores: Record<string, number>;
  /** Where the node cores came from, for the report. */
  readonly coresFrom: string | null;
  /** CPU requests in cores per `namespace/pod`. */
  readonly requests: Record<string, number>;
  /** The range against the server's retention (retentionVerdict), when only part of it is kept. */
  readonly retentionNote?: string | null;
}

export async function clusterFacts(
  source: PromSource,
  a: PromAccess,
  now = Date.now() / 1000,
): Promise<ClusterFacts> {
  const retentionNote = retentionVerdict(source, await retentionSeconds(source.url, a), now);
  const nodeCores: Record<string, number> = {};
  let coresFrom: string | null = null;
  const q = factQueries(source.end - source.start);
  for (const [query, from] of [
    [q.allocatable, 'kube_node_status_allocatable'],
    [q.machineCores, 'machine_cpu_cores'],
  ] as const) {
    const v = await instantVector(source.url, query, source.end, a);
    for (const r of v ?? [])
      if (r.labels.node && r.value > 0 && Number.isFinite(r.value))
        nodeCores[r.labels.node] = r.value;
    if (Object.keys(nodeCores).length) {
      coresFrom = from;
      break;
    }
  }
  const requests: Record<string, number> = {};
  for (const r of (await instantVector(source.url, q.requests, source.end, a)) ?? [])
    if (r.labels.pod && Number.isFinite(r.value))
      requests[`${r.labels.namespace ?? ''}/${r.labels.pod}`] = r.value;
  return { nodeCores, coresFrom, requests, retentionNote };
}

/** The cores of the reference machine: the most common node size (the largest on a tie). */
export function referenceCores(nodeCores: Record<string, number>): number | undefined {
  const count = new Map<number, number>();
  for (const c of Object.values(nodeCores)) count.set(c, (count.get(c) ?? 0) + 1);
  let best: number | undefined;
  for (const [c, n] of count)
    if (best === undefined || n > count.get(best)! || (n === count.get(best) && c > best)) best = c;
  return best;
}

/** The load spec of a source: Prometheus JSON in cores of the reference machine, checks on. */
export function sourceSpec(
  source: PromSource,
  coresPerMachine: number | undefined,
  extra: { idLabel?: string; clamp?: boolean; scale?: number } = {},
): LoadSpec {
  return {
    format: 'prometheus',
    unit: 'cores',
    ...(coresPerMachine !== undefined ? { capacity: coresPerMachine } : {}),
    ...extra,
    query: source.query,
    step: source.step,
    rangeStart: source.start,
    rangeEnd: source.end,
    askedRanges: sourceChunks(source),
  } as LoadSpec;
}

/** A failed load of a source, said for the source (an empty answer names the query and range). */
export function describeSourceFailure(e: unknown, source: PromSource): unknown {
  if (e instanceof DataError && /no data rows/.test(e.message))
    return new DataError(
      source.url,
      null,
      `the query returned no series between ${new Date(source.start * 1000).toISOString()} and ${new Date(source.end * 1000).toISOString()}: check the metric and label names, and that the range is within what the server keeps (its retention): ${source.query}`,
    );
  if (e instanceof DataError && /resultType is "(scalar|vector|string)"/.test(e.message))
    return new DataError(
      source.url,
      null,
      `the query gives a ${/"(\w+)"/.exec(e.message)![1]}, not a series over time (a matrix): query a per-pod expression such as rate(…[5m]) grouped by pod, not a single number`,
    );
  return e;
}

/** What a source loads as: the dataset, and what the cluster said of itself. */
export type SourceLoad = LoadResult & { readonly spec: LoadSpec; readonly facts: ClusterFacts };

/** A query that gives one series without labels (a scalar or a cluster total) is not per pod. */
export function refuseUnlabelled(result: LoadResult, source: PromSource): void {
  if (
    result.kind === 'samples' &&
    result.samples.ids.length === 1 &&
    result.samples.ids[0] === 'series'
  )
    throw new DataError(
      source.url,
      null,
      'the query gives one series without labels (a scalar or a cluster total), not one per pod: group it by (namespace, pod, node)',
    );
}

/**
 * Reads a source through the Prometheus reader, chunk after chunk with the next one asked for
 * ahead (rangeInputs; progress per chunk, cancel by `control.signal`). Cores per machine: the
 * option, else the node capacity the server exports, else an error naming the option.
 */
export async function loadSource(
  source: PromSource,
  access: PromAccess,
  options: {
    coresPerMachine?: number;
    idLabel?: string;
    clamp?: boolean;
    scale?: number;
    /** Told, before the range is fetched, when the server no longer keeps its beginning. */
    onRetention?: (note: string) => void;
    /** Keep each sample's instant (for joining two queries of the source). */
    times?: boolean;
  },
  control: StreamControl = {},
): Promise<SourceLoad> {
  const a = { ...access, signal: access.signal ?? control.signal };
  const facts = await clusterFacts(source, a);
  if (facts.retentionNote) options.onRetention?.(facts.retentionNote);
  const cores = options.coresPerMachine ?? source.cores ?? referenceCores(facts.nodeCores);
  if (cores === undefined)
    throw new RangeError(
      `cores per machine needed: the server exports neither kube_node_status_allocatable nor machine_cpu_cores; give the machine's cores (${setting('cores-per-machine N', '"cores per node" in the From Prometheus panel')})`,
    );
  const { coresPerMachine: _c, onRetention: _r, times, ...extra } = options;
  const spec = sourceSpec(source, cores, extra);
  try {
    const request = times ? { ...spec, times: true } : spec;
    const result = await withRangeInputs(source, a, (inputs) =>
      loadDataset(inputs, request, control),
    );
    refuseUnlabelled(result, source);
    return { ...result, spec, facts };
  } catch (e) {
    throw describeSourceFailure(e, source);
  }
}
