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
import { inProcess } from './testing/run.ts';
import {
  SHORT_LIMITS,
  STACK_TRACE,
  jsonNulls,
  startHostileServer,
  type HostileServer,
} from './testing/hostileServer.ts';

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
          args.push(...SHORT_LIMITS, '--cores-per-machine', '8');
          args.push(
            ...(command === 'realize' ? ['--realizations', '20', '--out-inst', file] : ['--json']),
          );
          const r = await inProcess(...args);
          expect(r.stderr, `${mode}`).not.toMatch(STACK_TRACE);
          if (r.status === 0) {
            if (command === 'realize') expect(existsSync(file)).toBe(true);
            else {
              const j = JSON.parse(r.stdout) as { report?: unknown };
              // inspect's summary says null where a source has no avg file: its report is checked.
              expect(jsonNulls(command === 'inspect' ? j.report : j), `${mode}`).toEqual([]);
            }
            return;
          }
          refused++;
          expect([1, 2], `${mode}: ${r.stderr}`).toContain(r.status);
          expect(r.stderr, `${mode}`).toMatch(new RegExp(`^slopack ${command}: \\S`));
          expect(r.stderr, `${mode}`).not.toMatch(/\b(undefined|NaN)\b/);
          expect(r.stdout).toBe('');
          expect(existsSync(file)).toBe(false);
        },
      ),
      { seed: SEED, numRuns: Math.max(8, RUNS / 4) },
    );
    expect(refused).toBeGreaterThan(0);
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 2 ** 20);
  }, 120_000);
});
