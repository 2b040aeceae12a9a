/**
 * The 1.5 GB wide CSV of e2e/bigfiles.spec.ts on the command line: within a 1.5 GiB memory budget
 * it loads, its samples coded one byte each, and the process peaks far under their float64 size;
 * under 1 GiB it is refused before it is read, with the numbers.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIG_COLS, BIG_ROWS, BIG_WIDE_CSV, bigWideCsv } from './testing/bigWideCsv.ts';
import { binaryCommand } from './testing/run.ts';

const ROOT = resolve(import.meta.dirname, '../..');

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
  it('the 1.5 GB wide CSV loads within a 1.5 GiB budget (coded), and is refused under 1 GiB', async () => {
    await bigWideCsv();
    const data = [
      '--data',
      BIG_WIDE_CSV,
      '--format',
      'wide',
      '--unit',
      'percent',
      '--scale',
      '0.25',
    ];
    // The two runs are independent processes (each its own peak RSS): run side by side.
    const [refused, loaded] = await Promise.all([
      cli(['inspect', ...data, '--memory-budget', '1']),
      cli(['inspect', ...data, '--memory-budget', '1.5', '--json']),
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/too large to load: ≈ 2\.1\d M tasks, ≈ 6\d\d M samples/);
    expect(refused.out).toMatch(/1 byte a sample/);
    expect(refused.out).toMatch(/over the memory budget of 1 GiB/);
    expect(loaded.code, loaded.out.slice(-2000)).toBe(0);
    const doc = JSON.parse(
      loaded.out.slice(loaded.out.indexOf('{'), loaded.out.lastIndexOf('}') + 1),
    ) as {
      report: { tasksKept: number; samplesKept: number };
    };
    expect(doc.report.tasksKept).toBe(BIG_ROWS);
    expect(doc.report.samplesKept).toBe(BIG_ROWS * BIG_COLS);
    // The samples held in 1 byte each (0.7 GiB, growing as read): the process (Node and tsx
    // included) peaks far under the samples' float64 size alone (602 M × 8 bytes = 4.8 GB).
    expect(loaded.rss).toBeLessThan(2 * 2 ** 30);
    console.log(
      `big wide CSV on the command line: refused in ${refused.cpu.toFixed(1)} s CPU at ${(refused.rss / 2 ** 20).toFixed(0)} MiB; loaded in ${loaded.cpu.toFixed(1)} s CPU at ${(loaded.rss / 2 ** 20).toFixed(0)} MiB peak RSS`,
    );
  }, 600_000);
});
