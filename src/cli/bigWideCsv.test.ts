/**
 * A quarter of the 1.5 GB wide CSV of e2e/bigfiles.spec.ts (its first 540,000 rows, 375 MB, 150 M
 * samples) on the command line: within a 0.375 GiB memory budget it loads, streamed, its samples
 * coded one byte each, and the process peaks far under their float64 size; under 0.25 GiB it is
 * refused before it is read, with the numbers. The estimate, the budget and the coding scale with
 * the rows (src/ingest/sizes.ts), so a quarter shows what the whole file would at a quarter of the
 * parsing; the page's test reads the whole file.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIG_COLS, bigWideCsv } from './testing/bigWideCsv.ts';
import { binaryCommand } from './testing/run.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ROWS = 540_000;

/** Runs the command line under /usr/bin/time -v: its output, exit code and peak RSS (bytes). */
async function cli(
  args: string[],
): Promise<{ out: string; code: number; rss: number; cpu: number }> {
  return new Promise((done) => {
    execFile(
      '/usr/bin/time',
      // Node itself (without npm's own process around it), on the suite's bundle of the command
      // line when there is one, else with tsx's loader.
      ['-v', process.execPath, ...binaryCommand(), ...args],
      { cwd: ROOT, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => {
        const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
        const user = Number(/User time \(seconds\): ([\d.]+)/.exec(stderr)?.[1] ?? NaN);
        const sys = Number(/System time \(seconds\): ([\d.]+)/.exec(stderr)?.[1] ?? NaN);
        done({
          out: stdout + stderr,
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          rss: Number(kb) * 1024,
          cpu: user + sys,
        });
      },
    );
  });
}

describe('big files on the command line', () => {
  it('a 375 MB wide CSV loads within a 0.375 GiB budget (coded), and is refused under 0.25 GiB', async () => {
    const { path } = await bigWideCsv(ROWS);
    const data = ['--data', path, '--format', 'wide', '--unit', 'percent', '--scale', '0.25'];
    // The two runs are independent processes (each its own peak RSS): run side by side.
    const [refused, loaded] = await Promise.all([
      cli(['inspect', ...data, '--memory-budget', '0.25']),
      cli(['inspect', ...data, '--memory-budget', '0.375', '--json']),
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/too large to load: ≈ 5\d\d k tasks, ≈ 15\d M samples/);
    expect(refused.out).toMatch(/1 byte a sample/);
    expect(refused.out).toMatch(/over the memory budget of 256 MiB/);
    expect(loaded.code, loaded.out.slice(-2000)).toBe(0);
    const doc = JSON.parse(
      loaded.out.slice(loaded.out.indexOf('{'), loaded.out.lastIndexOf('}') + 1),
    ) as {
      report: { tasksKept: number; samplesKept: number };
    };
    expect(doc.report.tasksKept).toBe(ROWS);
    expect(doc.report.samplesKept).toBe(ROWS * BIG_COLS);
    // The samples held in 1 byte each (143 MiB, growing as read): the process (Node included,
    // about 110 MiB) peaks under three quarters of the samples' float64 size alone (150 M × 8 bytes
    // = 1.2 GB), which float64 samples could not reach; measured from 466 to 623 MiB, so half that
    // size (572 MiB) was too close a bound.
    expect(loaded.rss).toBeLessThan((ROWS * BIG_COLS * 8 * 3) / 4);
    console.log(
      `big wide CSV on the command line: refused in ${refused.cpu.toFixed(1)} s CPU at ${(refused.rss / 2 ** 20).toFixed(0)} MiB; loaded in ${loaded.cpu.toFixed(1)} s CPU at ${(loaded.rss / 2 ** 20).toFixed(0)} MiB peak RSS`,
    );
  }, 600_000);
});
