/**
 * A hostile Prometheus for the tests (Node `http` on 127.0.0.1, a port the system chooses): the
 * first path segment of the URL names how it misbehaves on `query_range` — `/drip` sends a
 * valid answer one byte a second, `/stall` its first bytes and then nothing, `/silent` never
 * sends headers, `/huge` streams spaces without
 * end, `/bomb` a gzip `Content-Encoding` inflating to 1 GiB, `/error500` a 500 whose body never
 * ends, `/shifted` a valid answer three days off the asked range, `/warnings` a valid answer with
 * Prometheus's `warnings`, `/elsewhere` a redirect to another origin (localhost for 127.0.0.1),
 * `/loop` a redirect to itself, `/wait` 503 with `Retry-After: 99999`, `/moved` a redirect within
 * the origin to `/ok`, `/ok` a valid answer, and `/mutate~SEED` a valid answer with a few of its
 * bytes replaced, cut or repeated, the same for the same seed (`mutatedAnswer`). Instant queries answer an empty vector and the
 * flags call 404, as a server without those metrics would. Every answer allows any origin (the
 * page reads it). Byte counters say how much each mode wrote before its client let go; the last
 * request's headers are kept.
 */
import { createServer, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

export type HostileMode =
  | 'ok'
  | 'drip'
  | 'stall'
  | 'silent'
  | 'huge'
  | 'bomb'
  | 'error500'
  | 'shifted'
  | 'warnings'
  | 'elsewhere'
  | 'loop'
  | 'wait'
  | 'moved';

export interface HostileServer {
  /** The base URL of a mode (what `--prometheus` takes), or of `mutate~SEED`. */
  url(mode: HostileMode | `mutate~${number}`): string;
  /** Bytes of body each mode wrote, as far as its clients read. */
  readonly written: Map<string, number>;
  /** The headers of the last request (lower-case names). */
  readonly headers: Map<string, string>;
  close(): Promise<void>;
}

const THREE_DAYS = 3 * 86400;

/** A valid matrix answer for the asked range: two pods, a point per step. */
function answer(start: number, end: number, step: number, shift = 0, warnings?: string[]): string {
  const values = (k: number) => {
    const out: string[] = [];
    for (let t = start; t <= end + 1e-9; t += step)
      out.push(`[${t + shift},"${((k + 1) * 0.25 + ((t / step) % 4) * 0.05).toFixed(3)}"]`);
    return out.join(',');
  };
  const result = [0, 1].map(
    (k) => `{"metric":{"namespace":"ns","pod":"pod-${k}","node":"node-0"},"values":[${values(k)}]}`,
  );
  return `{"status":"success",${warnings ? `"warnings":${JSON.stringify(warnings)},` : ''}"data":{"resultType":"matrix","result":[${result.join(',')}]}}`;
}

/** Text a mutation may put in a value's place: what a broken or lying server might send. */
const SPLICES = [
  'null',
  'NaN',
  '"+Inf"',
  '"-1e308"',
  '"1e400"',
  '"0x10"',
  '""',
  '[]',
  '{}',
  '"1,5"',
];

/**
 * `text` mutated by a small seeded generator (a linear congruential one: the tests' numbers need
 * no quality, only the same answer for the same seed): one to four edits, each a value replaced by
 * a hostile one, a byte flipped, the text cut, or a stretch repeated.
 */
function mutatedAnswer(text: string, seed: number): string {
  let state = seed >>> 0 || 1;
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  let out = text;
  for (let edits = 1 + next(4); edits > 0; edits--) {
    const at = next(out.length);
    switch (next(4)) {
      case 0: {
        const quote = out.indexOf('"', out.indexOf(',"', at) + 1);
        const close = out.indexOf('"', quote + 1);
        if (quote > 0 && close > quote)
          out = out.slice(0, quote) + SPLICES[next(SPLICES.length)] + out.slice(close + 1);
        break;
      }
      case 1:
        out = out.slice(0, at) + String.fromCharCode(32 + next(95)) + out.slice(at + 1);
        break;
      case 2:
        out = out.slice(0, at);
        break;
      default:
        out = out.slice(0, at) + out.slice(at, at + 1 + next(200)).repeat(2) + out.slice(at);
    }
  }
  return out;
}

/** Writes `piece` again and again, honouring back-pressure, until the client goes. */
function endless(res: ServerResponse, piece: Buffer, count: (n: number) => void): void {
  const more = () => {
    while (!res.destroyed) {
      count(piece.length);
      if (!res.write(piece)) return void res.once('drain', more);
    }
  };
  res.on('close', () => res.removeAllListeners('drain'));
  more();
}

export async function startHostileServer(): Promise<HostileServer> {
  const written = new Map<string, number>();
  const headers = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const spaces = Buffer.alloc(64 * 1024, 0x20);
  // 16 gzip members of 64 MiB of spaces each: about 1 MiB sent, 1 GiB inflated.
  const member = gzipSync(Buffer.alloc(64 * 2 ** 20, 0x20), { level: 9 });
  let port = 0;
  const server = createServer((req, res) => {
    headers.clear();
    for (const [k, v] of Object.entries(req.headers)) headers.set(k, String(v));
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, mode, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const count = (n: number) => written.set(mode, (written.get(mode) ?? 0) + n);
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (path === '/api/v1/query')
      return void res
        .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
        .end('{"status":"success","data":{"resultType":"vector","result":[]}}');
    if (path !== '/api/v1/query_range') return void res.writeHead(404, cors).end('not found');
    const p = url.searchParams;
    const [start, end, step] = ['start', 'end', 'step'].map((k) => Number(p.get(k)));
    const json = { ...cors, 'Content-Type': 'application/json' };
    switch (mode as HostileMode) {
      case 'ok':
        return void res.writeHead(200, json).end(answer(start, end, step));
      case 'warnings':
        return void res
          .writeHead(200, json)
          .end(answer(start, end, step, 0, ['query exceeded the sample limit: result partial']));
      case 'shifted':
        return void res.writeHead(200, json).end(answer(start, end, step, THREE_DAYS));
      case 'drip': {
        res.writeHead(200, json).flushHeaders();
        const body = Buffer.from(answer(start, end, step));
        let i = 0;
        const timer = setInterval(() => {
          if (res.destroyed || i >= body.length) {
            clearInterval(timer);
            timers.delete(timer);
            return void res.end();
          }
          count(1);
          res.write(body.subarray(i, ++i));
        }, 1000);
        timers.add(timer);
        return;
      }
      case 'silent':
        return; // never answers
      case 'stall':
        res.writeHead(200, json);
        count(10);
        return void res.write(answer(start, end, step).slice(0, 10));
      case 'huge':
        res.writeHead(200, json);
        res.write('{"status":"success","data":{"resultType":"matrix","result":[');
        return endless(res, spaces, count);
      case 'bomb': {
        res.writeHead(200, { ...json, 'Content-Encoding': 'gzip' });
        let sent = 0;
        const next = () => {
          while (!res.destroyed && sent < 16) {
            sent++;
            count(member.length);
            if (!res.write(member)) return void res.once('drain', next);
          }
          if (!res.destroyed) res.end();
        };
        return next();
      }
      case 'error500':
        res.writeHead(500, { ...cors, 'Content-Type': 'text/plain' });
        res.write('internal error: ');
        return endless(res, spaces, count);
      case 'elsewhere':
        return void res
          .writeHead(302, { ...cors, Location: `http://localhost:${port}/ok${path}${url.search}` })
          .end();
      case 'loop':
        return void res.writeHead(302, { ...cors, Location: req.url }).end();
      case 'moved':
        return void res.writeHead(307, { ...cors, Location: `/ok${path}${url.search}` }).end();
      case 'wait':
        return void res.writeHead(503, { ...cors, 'Retry-After': '99999' }).end('busy');
      default:
        if (mode.startsWith('mutate~'))
          return void res
            .writeHead(200, json)
            .end(mutatedAnswer(answer(start, end, step), Number(mode.slice(7)) + start));
        return void res.writeHead(404, cors).end('no such mode');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
  return {
    url: (mode) => `http://127.0.0.1:${port}/${mode}`,
    written,
    headers,
    close: async () => {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Every network limit of `--prometheus` set short, so that the test's own timeout is the only clock. */
export const SHORT_LIMITS: readonly string[] = [
  '--prometheus-connect-timeout',
  '1',
  '--prometheus-idle-timeout',
  '1',
  '--prometheus-deadline',
  '2',
  '--prometheus-max-mib',
  '1',
];

/** A stack trace in a command's output (a failure that reached the user unnamed). */
export const STACK_TRACE = /\n\s+at \S+ \(|\bat file:\/\/|node:internal/;

/** Paths in a JSON value that hold null. */
export function jsonNulls(v: unknown, at = '$'): string[] {
  if (v === null) return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => jsonNulls(x, `${at}[${i}]`));
  if (typeof v === 'object')
    return Object.entries(v as object).flatMap(([k, x]) => jsonNulls(x, `${at}.${k}`));
  return [];
}
