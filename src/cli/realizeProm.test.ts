/**
 * `realize --prometheus URL`: a live source (Debian's Prometheus, a backfilled Bitbrains history)
 * realized as any data file is, time-aligned on the server's own instants or drawn independently;
 * without --data or --prometheus the message names both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { readMatrix } from './matrixFiles.ts';
import { HISTORY_START, startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';

const HOURS = 2 * 3600;
let prom: RunningPrometheus;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slopack-realize-prom-'));
  prom = await startPrometheus({ pods: 6, nodes: 2, nodeCores: 8, seconds: HOURS, scrape: 60 });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((s: string) => (
    errors.push(String(s)),
    true
  )) as typeof process.stderr.write;
  try {
    const code = await main(args, (s) => lines.push(s));
    return { code, out: lines.join('\n'), err: errors.join('') };
  } finally {
    process.stderr.write = write;
  }
}

const range = ['--start', String(HISTORY_START), '--end', String(HISTORY_START + HOURS)];

describe('realize --prometheus', () => {
  it('aligned: one row per pod, one column per instant the server answers', async () => {
    const out = join(dir, 'aligned.npy');
    const r = await run([
      'realize',
      '--prometheus',
      prom.url,
      ...range,
      '--step',
      '60',
      '--mode',
      'aligned',
      '--out-inst',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    const m = readMatrix(out);
    expect(m.rows).toBe(6);
    // rate()[5m] has no value for the first window of the history: at most 121 instants, most kept.
    expect(m.cols).toBeGreaterThan(100);
    expect(m.cols).toBeLessThanOrEqual(HOURS / 60 + 1);
    expect(Array.from(m.data).some((v) => v > 0)).toBe(true);
  }, 120_000);

  it('independent draws too, and names both sources when neither is given', async () => {
    const out = join(dir, 'draws.npy');
    const r = await run([
      'realize',
      '--prometheus',
      prom.url,
      ...range,
      '--realizations',
      '50',
      '--out-inst',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(readMatrix(out)).toMatchObject({ rows: 6, cols: 50 });
    const none = await run(['realize', '--out-inst', out]);
    expect(none.code).not.toBe(0);
    expect(none.err).toMatch(/--data \(or --prometheus URL\) is required/);
  }, 120_000);
});
