/**
 * A live Prometheus source as a plan of HTTP API calls (SPEC §10 is silent on live sources; the
 * choices are written here). Any server speaking the Prometheus HTTP API answers them: Prometheus,
 * Thanos, VictoriaMetrics, Mimir, and Grafana's data-source proxy (`…/api/datasources/proxy/uid/X`).
 * A range answers at most 11,000 points per series, so a long range is split into chunks of at most
 * that many instants on the one grid `start + k·step`, each starting one step after the last ended
 * (no instant asked twice).
 */
import { parseDuration } from './promChecks.ts';

export {
  DEFAULT_CPU_QUERY,
  sourceFromParams,
  sourceToParams,
  type PromSource,
} from './promSource.ts';

/** Prometheus refuses a range query with more points per series than this. */
export const MAX_POINTS = 11000;

export const DEFAULT_MEMORY_QUERY =
  'sum by (namespace, pod, node) (container_memory_working_set_bytes{container!="", image!=""})';
/**
 * The cluster's own facts at the range's end, each the last value within the range (an instant
 * query alone looks back only 5 minutes, and a history may end earlier).
 */
export const factQueries = (span: number) => {
  const last = (m: string) => `last_over_time(${m}[${Math.max(300, Math.ceil(span))}s])`;
  return {
    requests: `sum by (namespace, pod) (${last('kube_pod_container_resource_requests{resource="cpu"}')})`,
    allocatable: `sum by (node) (${last('kube_node_status_allocatable{resource="cpu"}')})`,
    machineCores: `sum by (node) (${last('machine_cpu_cores')})`,
  };
};

/** The base URL: trailing slashes and any `/api/v1/…` tail removed. */
export function apiBase(url: string): string {
  const u = url.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(u))
    throw new RangeError(
      `invalid Prometheus URL "${url}" (expected http://host:port or https://…, e.g. http://127.0.0.1:9090)`,
    );
  return u.replace(/\/api\/v1(\/.*)?$/, '');
}

/** A time: unix seconds, an RFC 3339 date, or `now` / `now-2h`. */
export function parseTime(text: string, now: number): number {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  const rel = /^now(?:\s*-\s*(.+))?$/.exec(t);
  if (rel) {
    const back = rel[1] === undefined ? 0 : parseDuration(rel[1]);
    if (Number.isNaN(back)) throw new RangeError(`invalid time "${text}"`);
    return Math.floor(now - back);
  }
  const ms = Date.parse(t);
  if (Number.isNaN(ms))
    throw new RangeError(`invalid time "${text}" (unix seconds, RFC 3339, or now-7d)`);
  return ms / 1000;
}

/** Start, end and step from the loose options (`range` back from `end`, default now; step ≥ 1 s). */
export function resolveRange(
  o: { range?: string; start?: string; end?: string; step?: string },
  now: number,
): { start: number; end: number; step: number } {
  const end = o.end !== undefined ? parseTime(o.end, now) : Math.floor(now);
  let start: number;
  if (o.start !== undefined) start = parseTime(o.start, now);
  else {
    const span = parseDuration(o.range ?? '1d');
    if (!(span > 0)) throw new RangeError(`invalid range "${o.range}" (e.g. 7d, 12h, 90m)`);
    start = end - span;
  }
  if (!(end > start))
    throw new RangeError(`the range is empty: start ${start} is not before end ${end}`);
  const step = o.step !== undefined ? parseDuration(o.step) || Number(o.step) : 60;
  if (!(step > 0)) throw new RangeError(`invalid step "${o.step}" (e.g. 60s, 1m, 5m)`);
  return { start, end, step };
}

/** The chunks of `[start, end]` on the grid of `step`, each at most `max` instants, none shared. */
export function splitRange(
  start: number,
  end: number,
  step: number,
  max = MAX_POINTS,
): { start: number; end: number }[] {
  const instants = Math.floor((end - start) / step + 1e-9) + 1;
  const out: { start: number; end: number }[] = [];
  for (let k = 0; k < instants; k += max) {
    const last = Math.min(instants - 1, k + max - 1);
    out.push({ start: start + k * step, end: start + last * step });
  }
  return out;
}

/**
 * A source is read in at least this many chunks when its range is long enough: the reader keeps
 * two requests in flight (ingest prometheusSource.ts), so the server computes one chunk while the
 * reader parses the one before, and that overlap starts only after the first chunk has come back.
 */
export const READ_PIECES = 4;
/** Instants under which a range is not cut further than the 11,000-point cap forces. */
export const MIN_CHUNK_POINTS = 1440;

/** The chunks a source is asked for in: on its grid, none shared, each under the cap. */
export function sourceChunks(s: {
  readonly start: number;
  readonly end: number;
  readonly step: number;
  readonly capOnly?: boolean;
}): { start: number; end: number }[] {
  if (s.capOnly) return splitRange(s.start, s.end, s.step);
  const instants = Math.floor((s.end - s.start) / s.step + 1e-9) + 1;
  const per = Math.min(MAX_POINTS, Math.max(MIN_CHUNK_POINTS, Math.ceil(instants / READ_PIECES)));
  return splitRange(s.start, s.end, s.step, per);
}

/** The query_range URL of one chunk. */
export function rangeUrl(
  base: string,
  query: string,
  chunk: { start: number; end: number },
  step: number,
): string {
  return `${base}/api/v1/query_range?${encodeParams({ query, start: chunk.start, end: chunk.end, step })}`;
}

/** The instant query URL at `time`. */
export function instantUrl(base: string, query: string, time: number): string {
  return `${base}/api/v1/query?${encodeParams({ query, time })}`;
}

function encodeParams(p: Record<string, string | number>): string {
  return Object.entries(p)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
}
