/**
 * The one GET through which slopack talks to a server (page and command line alike, every call of
 * prometheusSource.ts): bounded in time and in size, redirected only within its origin, retried a
 * bounded number of times, cancelled by its signal at any moment.
 *
 * - Time: the answer's headers within `connectTimeout` (the connection and the server computing the
 *   query: a browser cannot tell the two apart), then no gap longer than `idleTimeout` between two
 *   reads of the body, and the whole answer within `deadline` of waiting on the server (retries'
 *   waits included; the time the reader spends before asking for more is not counted, so an answer
 *   asked ahead may wait unread).
 * - Size: at most `maxBytes` of body, counted after the fetch has undone any `Content-Encoding` (a
 *   gzip bomb stops at the cap like any other long answer); an error's body is read to its first
 *   MAX_ERROR_BYTES only.
 * - Redirects: followed while they stay on the asked origin (at most MAX_REDIRECTS); to another
 *   origin refused, naming both (the bearer token and headers are for the one server named).
 * - Retries: 429, 502, 503 and 504 asked again at most MAX_RETRIES times, after the `Retry-After`
 *   the server gives (seconds or a date) or 1 s, 2 s; a wait longer than MAX_RETRY_AFTER_S, or past
 *   the deadline, is refused at once with the server's figure.
 *
 * Prometheus's own limits for comparison (prometheus/prometheus cmd/prometheus/main.go, the flags
 * `query.timeout`, default 2m, and `query.max-samples`, default 50,000,000): a server keeping its
 * defaults answers well within these, or says why it did not.
 */
import { DataError } from '../engine/index.ts';
import { cliFlag } from '../engine/index.ts';

/** An answer stopped by a limit (or a redirect refused): never read as "the server lacks this". */
export class LimitError extends DataError {}

export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

export interface FetchLimits {
  /** Seconds until the answer's headers arrive. */
  readonly connectTimeout: number;
  /** Seconds the body may go without a byte. */
  readonly idleTimeout: number;
  /** Seconds one answer may keep us waiting in all (headers, body, retries). */
  readonly deadline: number;
  /** Bytes of one answer's body, after its Content-Encoding is undone. */
  readonly maxBytes: number;
}

export const CONNECT_TIMEOUT_S = 150;
export const IDLE_TIMEOUT_S = 60;
export const CHUNK_DEADLINE_S = 600;
export const MAX_ANSWER_BYTES = 512 * 2 ** 20;
/** Answers read whole before parsing (instant queries, the server's flags) are smaller by far. */
export const MAX_WHOLE_BYTES = 64 * 2 ** 20;
const MAX_ERROR_BYTES = 4096;
const MAX_REDIRECTS = 5;
const MAX_RETRIES = 2;
const MAX_RETRY_AFTER_S = 30;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

const DEFAULT_LIMITS: FetchLimits = {
  connectTimeout: CONNECT_TIMEOUT_S,
  idleTimeout: IDLE_TIMEOUT_S,
  deadline: CHUNK_DEADLINE_S,
  maxBytes: MAX_ANSWER_BYTES,
};

/** The flag setting each limit, named (on the command line) in the message that it stopped a read. */
const FLAGS: Record<keyof FetchLimits, string> = {
  connectTimeout: 'prometheus-connect-timeout',
  idleTimeout: 'prometheus-idle-timeout',
  deadline: 'prometheus-deadline',
  maxBytes: 'prometheus-max-mib',
};

/** The limits in force: the defaults, with each field given that is a positive finite number. */
function fetchLimits(given?: Partial<Record<keyof FetchLimits, unknown>>): FetchLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const k of Object.keys(DEFAULT_LIMITS) as (keyof FetchLimits)[]) {
    const v = given?.[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[k] = v;
  }
  return out;
}

/**
 * The page's limits: the defaults, with any field a test set before the app started
 * (`globalThis.slopackFetchLimits`, e.g. from Playwright's addInitScript), so that a hostile
 * server is told in seconds rather than waited out.
 */
export function configuredFetchLimits(): FetchLimits {
  const set = (globalThis as { slopackFetchLimits?: Partial<Record<keyof FetchLimits, unknown>> })
    .slopackFetchLimits;
  return fetchLimits(set && typeof set === 'object' ? set : undefined);
}

interface GetOptions {
  readonly headers: Record<string, string>;
  readonly fetcher?: Fetcher;
  readonly signal?: AbortSignal;
  readonly limits?: Partial<FetchLimits>;
  /** A smaller byte cap for this answer (one read whole). */
  readonly maxBytes?: number;
  /** Name the command line's flag beside each limit in the messages. */
  readonly namesFlags?: boolean;
}

const seconds = (s: number) => `${s >= 100 ? Math.round(s) : Number(s.toPrecision(3))} s`;
const mib = (bytes: number) =>
  bytes >= 2 ** 20 ? `${Number((bytes / 2 ** 20).toPrecision(3))} MiB` : `${bytes} bytes`;
const originOf = (url: string) => new URL(url).origin;
/** The URL without its query string (the query is long and said elsewhere). */
const shortUrl = (url: string) => url.replace(/\?.*$/, '');

/**
 * `p`, unless the signal aborts first or `ms` pass (then `late()` is thrown, after aborting the
 * request with it so the connection closes).
 */
function within<T>(p: Promise<T>, ctl: AbortController, ms: number, late: () => Error): Promise<T> {
  const signal = ctl.signal;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    // Node fires a timer past 2^31 - 1 ms at once: the limits are bounded well below.
    const timer = setTimeout(() => ctl.abort(late()), Math.min(Math.max(0, ms), 2 ** 31 - 1));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    p.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    });
  });
}

/** Seconds to wait before asking again: the server's Retry-After (seconds or date), else 1, 2. */
function retryDelay(header: string | null, attempt: number, now = Date.now()): number {
  const h = header?.trim() ?? '';
  if (/^\d{1,12}$/.test(h)) return Number(h);
  const at = h ? Date.parse(h) : NaN;
  if (Number.isFinite(at)) return Math.max(0, (at - now) / 1000);
  return attempt + 1;
}

/** One asked URL's clock: time spent waiting on the server, against the limits. */
class Wait {
  private waited = 0;
  constructor(
    private readonly url: string,
    private readonly limits: FetchLimits,
    private readonly ctl: AbortController,
    private readonly namesFlags: boolean,
  ) {}

  /** The limit's flag on the command line, in parentheses (nothing in the page). */
  flag(limit: keyof FetchLimits): string {
    return this.namesFlags ? ` (${cliFlag(FLAGS[limit])})` : '';
  }

  /** The limit's name, and its flag on the command line. */
  name(limit: keyof FetchLimits, what: string): string {
    return this.namesFlags ? `${what}, ${cliFlag(FLAGS[limit])}` : what;
  }

  /** `p` within `ms` (and within what is left of the deadline); `why` names the limit passed. */
  async on<T>(p: Promise<T>, ms: number, why: () => string): Promise<T> {
    const left = this.limits.deadline * 1000 - this.waited;
    const byDeadline = left <= ms;
    const start = Date.now();
    try {
      return await within(p, this.ctl, Math.min(ms, left), () =>
        this.error(
          byDeadline
            ? `no complete answer within ${seconds(this.limits.deadline)} (${this.name('deadline', 'the deadline per answer')})${this.got ? `: ${mib(this.got)} had come` : ''}`
            : why(),
        ),
      );
    } finally {
      this.waited += Date.now() - start;
    }
  }

  /** Bytes of body read so far (for the messages). */
  got = 0;

  error(reason: string): LimitError {
    return new LimitError(shortUrl(this.url), null, reason);
  }
}

/**
 * The body of `res`, bounded: each read within the idle timeout and the deadline, at most `max`
 * bytes (`truncate`: an error's body ends there quietly; else the read fails naming the cap).
 */
function boundedBody(
  res: Response,
  wait: Wait,
  limits: FetchLimits,
  max: number,
  truncate: boolean,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = res.body!.getReader();
  const encoding = res.headers.get('content-encoding');
  const finish = (then?: () => void) => {
    done();
    then?.();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await wait.on(
            reader.read(),
            limits.idleTimeout * 1000,
            () =>
              `the server sent nothing for ${seconds(limits.idleTimeout)} (${wait.name('idleTimeout', 'the idle timeout')}) after ${mib(wait.got)}`,
          );
        } catch (e) {
          return finish(() => controller.error(e));
        }
        if (r.done) return finish(() => controller.close());
        const room = max - wait.got;
        wait.got += r.value.length;
        if (r.value.length <= room) return controller.enqueue(r.value);
        void reader.cancel().catch(() => {});
        if (truncate) {
          controller.enqueue(r.value.subarray(0, Math.max(0, room)));
          return finish(() => controller.close());
        }
        const inflated =
          encoding && encoding !== 'identity' ? ` (its ${encoding} encoding undone)` : '';
        finish(() =>
          controller.error(
            wait.error(
              `the answer passed ${mib(max)}${inflated}, the cap on one answer${wait.flag('maxBytes')}; stopped there`,
            ),
          ),
        );
      },
      cancel(reason) {
        done();
        return reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * GETs `url` within the limits: the answer (any status; a redirect or retry already dealt with)
 * with its body bounded. Throws a DataError naming the limit passed, or the signal's reason.
 */
export async function boundedGet(url: string, o: GetOptions): Promise<Response> {
  const limits = fetchLimits(o.limits);
  const fetcher = o.fetcher ?? fetch;
  const ctl = new AbortController();
  const outer = o.signal;
  const follow = () => ctl.abort(outer!.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  const done = () => outer?.removeEventListener('abort', follow);
  const wait = new Wait(url, limits, ctl, o.namesFlags === true);
  const ask = (at: string, redirect: RequestRedirect) =>
    wait.on(
      fetcher(at, { headers: o.headers, signal: ctl.signal, redirect }),
      limits.connectTimeout * 1000,
      () =>
        `no answer within ${seconds(limits.connectTimeout)} (${wait.name('connectTimeout', "the connect timeout: connection and the server's first byte")})`,
    );
  try {
    let at = url;
    let redirects = 0;
    for (let retries = 0; ;) {
      let res = await ask(at, 'manual');
      if (res.type === 'opaqueredirect') {
        // A browser hides a redirect's target: follow it, and refuse where it ended if elsewhere.
        res = await ask(at, 'follow');
        if (res.url && originOf(res.url) !== originOf(at)) {
          void res.body?.cancel().catch(() => {});
          throw wait.error(crossOrigin(at, res.url));
        }
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        void res.body?.cancel().catch(() => {});
        const next = new URL(location, at).href;
        if (originOf(next) !== originOf(at)) throw wait.error(crossOrigin(at, next));
        if (++redirects > MAX_REDIRECTS)
          throw wait.error(
            `more than ${MAX_REDIRECTS} redirects (MAX_REDIRECTS), the last to ${shortUrl(next)}: a redirect loop?`,
          );
        at = next;
        continue;
      }
      if (RETRY_STATUSES.has(res.status) && retries < MAX_RETRIES) {
        void res.body?.cancel().catch(() => {});
        const delay = retryDelay(res.headers.get('retry-after'), retries);
        const said = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
        if (delay > MAX_RETRY_AFTER_S)
          throw wait.error(
            `${said}: the server asks to retry after ${seconds(delay)} (Retry-After), longer than the ${seconds(MAX_RETRY_AFTER_S)} slopack waits (MAX_RETRY_AFTER_S); try again later`,
          );
        retries++;
        await wait.on(
          new Promise((r) => setTimeout(r, delay * 1000)),
          Infinity,
          () => 'unreachable',
        );
        continue;
      }
      if (!res.body || res.status === 204 || res.status === 205 || res.status === 304) {
        done();
        return res;
      }
      const max = res.ok ? Math.min(o.maxBytes ?? Infinity, limits.maxBytes) : MAX_ERROR_BYTES;
      const body = boundedBody(res, wait, limits, max, !res.ok, done);
      return new Response(body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    }
  } catch (e) {
    done();
    if (!ctl.signal.aborted) ctl.abort(e);
    throw e;
  }
}

function crossOrigin(from: string, to: string): string {
  return `redirected from ${originOf(from)} to another origin, ${originOf(to)}: refused (the token and headers are for the server named); give ${originOf(to)} as the URL if it is the server meant`;
}
