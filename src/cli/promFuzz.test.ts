/**
 * Seeded fuzzing of a hostile Prometheus (testing/hostileServer.ts): any command reading
 * `--prometheus`, against any way the server misbehaves or any seeded mutation of a valid answer
 * (values replaced by null, NaN, ±Inf, hex, 1e400, bytes flipped, the answer cut or stretched),
 * ends in a result without a null or in a message (no stack trace), writes nothing when it fails,
 * and holds memory under the cap. The limits are short, so the test's timeout is the deadline.
 * `SLOPACK_FUZZ_RUNS` and `SLOPACK_FUZZ_SEED` as in inputsFuzz.test.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { startHostileServer, type HostileServer } from './testing/hostileServer.ts';

const RUNS = Number.parseInt(process.env.SLOPACK_FUZZ_RUNS ?? '', 10) || 40;
const SEED = Number.parseInt(process.env.SLOPACK_FUZZ_SEED ?? '', 10) || 49;

let server: HostileServer;
let dir: string;

beforeAll(async () => {
  server = await startHostileServer();
  dir = mkdtempSync(join(tmpdir(), 'slopack-prom-fuzz-'));
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const SHORT = [
  '--prometheus-connect-timeout',
  '1',
  '--prometheus-idle-timeout',
  '1',
  '--prometheus-deadline',
  '2',
  '--prometheus-max-mib',
  '1',
];
const MODES = [
  'ok',
  'stall',
  'silent',
  'huge',
  'bomb',
  'error500',
  'shifted',
  'warnings',
  'elsewhere',
  'loop',
  'wait',
  'moved',
] as const;
const STACK = /\n\s+at \S+ \(|\bat file:\/\/|node:internal/;

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((s: string) => (errors.push(String(s)), true)) as typeof write;
  try {
    const code = await main(args, (s) => lines.push(s));
    return { code, out: lines.join('\n'), err: errors.join('') };
  } finally {
    process.stderr.write = write;
  }
}

/** Paths in a JSON value that hold null. */
function nulls(v: unknown, at = '$'): string[] {
  if (v === null) return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => nulls(x, `${at}[${i}]`));
  if (typeof v === 'object')
    return Object.entries(v as object).flatMap(([k, x]) => nulls(x, `${at}.${k}`));
  return [];
}

describe('fuzz: a hostile Prometheus', () => {
  it('any command, any misbehaviour or mutated answer: a result without null, or a message', async () => {
    const rss = process.memoryUsage().rss;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('inspect', 'assess', 'realize', 'cluster'),
        fc.oneof(
          { weight: 3, arbitrary: fc.nat().map((n) => `mutate~${n}` as const) },
          { weight: 1, arbitrary: fc.constantFrom(...MODES) },
        ),
        fc.integer({ min: 2, max: 30 }),
        async (command, mode, step) => {
          const start = 1_700_000_000;
          const file = join(dir, 'out.npy');
          rmSync(file, { force: true });
          const range = ['--start', String(start), '--end', String(start + 7200)];
          const args = [command, '--prometheus', server.url(mode), ...range, '--step', `${step}`];
          args.push(...SHORT, '--cores-per-machine', '8');
          args.push(
            ...(command === 'realize' ? ['--realizations', '20', '--out-inst', file] : ['--json']),
          );
          const r = await run(args);
          expect(r.err, `${mode}`).not.toMatch(STACK);
          if (r.code === 0) {
            if (command === 'realize') expect(existsSync(file)).toBe(true);
            else {
              const j = JSON.parse(r.out) as { report?: unknown };
              // inspect's summary says null where a source has no avg file: its report is checked.
              expect(nulls(command === 'inspect' ? j.report : j), `${mode}`).toEqual([]);
            }
            return;
          }
          refused++;
          expect([1, 2], `${mode}: ${r.err}`).toContain(r.code);
          expect(r.err, `${mode}`).toMatch(new RegExp(`^slopack ${command}: \\S`));
          expect(r.err, `${mode}`).not.toMatch(/\b(undefined|NaN)\b/);
          expect(r.out).toBe('');
          expect(existsSync(file)).toBe(false);
        },
      ),
      { seed: SEED, numRuns: Math.max(8, RUNS / 4) },
    );
    expect(refused).toBeGreaterThan(0);
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 2 ** 20);
  }, 120_000);
});
