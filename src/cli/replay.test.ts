/**
 * Time-aligned replay on the command line: realize --mode aligned|blocks with a split in time, and
 * pack --eval judging a packing on the judged part, checked by a direct count.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { parseOptions, UsageError } from './args.ts';
import { readMatrix } from './io.ts';
import { dataPath } from '../ingest/testing.ts';
import { parseWideCsv, seriesAt } from '../engine/index.ts';
import { readTaskIds } from './taskIds.ts';

async function run(name: string, ...argv: string[]): Promise<Record<string, unknown>> {
  const command = COMMANDS[name];
  const lines: string[] = [];
  await command.run(parseOptions(argv, command.options), (l) => lines.push(l));
  return JSON.parse(lines.join('\n')) as Record<string, unknown>;
}

const dir = mkdtempSync(join(tmpdir(), 'slopack-replay-'));
const AZURE = dataPath('azure-v1-datacentersim/microsoft_max_100.csv.gz');
const BITBRAINS = dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz');
const GOOGLE_JOBS = dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv');

describe('realize --mode aligned and pack --eval', () => {
  it('packs the learned days and judges the rest: per-machine q by a direct count', async () => {
    const [L, J] = [join(dir, 'learn.npy'), join(dir, 'judge.npy')];
    const r = await run(
      'realize',
      '--data',
      AZURE,
      '--scale',
      '0.25',
      '--mode',
      'aligned',
      '--step',
      '300',
      '--learn',
      'days:1-14',
      '--judge',
      'days:15-28',
      '--out-inst',
      L,
      '--out-judge',
      J,
    );
    expect(r.realizations).toBe(14 * 288);
    expect(r.judged_columns).toBe(8004 - 14 * 288);
    const packed = await run('pack', '--inst', L, '--eval', J, '--fit', 'gpa:0.01');
    const E = readMatrix(J);
    const machines = packed.machines as { tasks: number[]; q: number }[];
    const direct = machines.map((mc) => {
      let over = 0;
      for (let t = 0; t < E.cols; t++) {
        let s = 0;
        for (const i of mc.tasks) s += E.data[i * E.cols + t];
        if (s > 1) over++;
      }
      return over / E.cols;
    });
    const judged = packed.eval as { q: number[]; q_worst: number; machines_over_target: number };
    expect(judged.q).toEqual(direct);
    expect(judged.q_worst).toBe(Math.max(...direct));
    expect(judged.machines_over_target).toBe(direct.filter((q) => q > 0.01).length);
    const slo = packed.slo as { q: number[] };
    expect(slo.q).toEqual(machines.map((mc) => mc.q));
  });

  it('blocks: R columns of runs of B instants, seeded', async () => {
    const out = join(dir, 'blocks.npy');
    const args = [
      '--data',
      AZURE,
      '--scale',
      '0.25',
      '--mode',
      'blocks',
      '--block',
      '12',
      '--realizations',
      '500',
      '--seed',
      '3',
      '--out-inst',
      out,
    ];
    await run('realize', ...args);
    const a = readMatrix(out);
    await run('realize', ...args);
    expect(readMatrix(out).data).toEqual(a.data);
    expect(a.cols).toBe(500);
  });

  it('bad input: a clear message naming what and where', async () => {
    const cases: [string[], RegExp][] = [
      [
        [
          'realize',
          '--data',
          AZURE,
          '--mode',
          'blocks',
          '--block',
          '9000',
          '--out-inst',
          join(dir, 'x.npy'),
        ],
        /block length 9000 is longer than the series \(8004 aligned instants\)/,
      ],
      [
        [
          'realize',
          '--data',
          AZURE,
          '--mode',
          'aligned',
          '--learn',
          '0:1',
          '--out-inst',
          join(dir, 'x.npy'),
        ],
        /leaves the judged part empty: the data have 8004 columns/,
      ],
      [
        [
          'realize',
          '--data',
          AZURE,
          '--mode',
          'aligned',
          '--learn',
          'days:1-14',
          '--out-inst',
          join(dir, 'x.npy'),
        ],
        /days need the sampling step/,
      ],
      [
        [
          'realize',
          '--data',
          BITBRAINS,
          '--format',
          'long',
          '--id-column',
          'vm_id',
          '--value-column',
          'cpu_usage_pct',
          '--mode',
          'aligned',
          '--out-inst',
          join(dir, 'x.npy'),
        ],
        /name their column with --time-column/,
      ],
      [
        ['realize', '--data', AZURE, '--learn', '0:0.5', '--out-inst', join(dir, 'x.npy')],
        /--learn is for --mode aligned or blocks/,
      ],
    ];
    for (const [[name, ...argv], message] of cases)
      await expect(run(name, ...argv), argv.join(' ')).rejects.toThrow(message);
    const small = join(dir, 'small.npy');
    await run(
      'realize',
      '--data',
      AZURE,
      '--mode',
      'aligned',
      '--tasks',
      '10',
      '--out-inst',
      small,
    );
    await expect(run('pack', '--inst', small, '--eval', join(dir, 'judge.npy'))).rejects.toThrow(
      new UsageError(
        '--eval ' +
          join(dir, 'judge.npy') +
          ' has 100 tasks, the packed matrix 10: judge the same tasks',
      ),
    );
  });

  it('aligned and independent realize keep the same tasks for the same --tasks, --instance and --seed', async () => {
    const common = ['--data', GOOGLE_JOBS, '--scale', '0.1', '--tasks', '200', '--seed', '4'];
    for (const pick of [['--instance', '1'], []]) {
      const [X, A] = [join(dir, 'ind.npy'), join(dir, 'ali.npy')];
      await run('realize', ...common, ...pick, '--realizations', '50', '--out-inst', X);
      await run('realize', ...common, ...pick, '--mode', 'aligned', '--out-inst', A);
      const ids = readTaskIds(X, 200)!;
      expect(readTaskIds(A, 200)).toEqual(ids);
      // Each aligned row is the named task's series, and that task's draws come from it alone.
      const samples = parseWideCsv(readFileSync(GOOGLE_JOBS), 'gcd', { scale: 0.1, percent: true });
      const rowOf = new Map(samples.ids.map((id, i) => [id, i]));
      const [x, a] = [readMatrix(X), readMatrix(A)];
      for (const i of [0, 57, 199]) {
        const series = Array.from(seriesAt(samples.inst, rowOf.get(ids[i])!), Math.fround);
        expect(Array.from(a.data.subarray(i * a.cols, (i + 1) * a.cols))).toEqual(series);
        const own = new Set(series);
        for (const v of x.data.subarray(i * x.cols, (i + 1) * x.cols))
          expect(own.has(v)).toBe(true);
      }
    }
  });

  it('pack --eval refuses a judging matrix of other tasks, naming the first row that differs', async () => {
    const common = ['--data', GOOGLE_JOBS, '--scale', '0.1', '--tasks', '100'];
    const [X, J, K] = [join(dir, 'drawn.npy'), join(dir, 'first.npy'), join(dir, 'same.npy')];
    await run('realize', ...common, '--instance', '0', '--realizations', '100', '--out-inst', X);
    await run('realize', ...common, '--mode', 'aligned', '--out-inst', J);
    await run('realize', ...common, '--instance', '0', '--mode', 'aligned', '--out-inst', K);
    const [drawn, first] = [readTaskIds(X, 100)!, readTaskIds(J, 100)!];
    const row = drawn.findIndex((id, i) => id !== first[i]);
    await expect(run('pack', '--inst', X, '--eval', J, '--fit', 'gpa:0.01')).rejects.toThrow(
      new UsageError(
        `--eval ${J} judges other tasks: row ${row} is task "${first[row]}" there and "${drawn[row]}" in ${X} (realize both with the same --tasks, --instance and --seed)`,
      ),
    );
    const judged = await run('pack', '--inst', X, '--eval', K, '--fit', 'gpa:0.01');
    expect((judged.eval as { columns: number }).columns).toBe(288);
  });

  it('pack --eval heads its JSON with the judged q, and warns on standard error at 2× apart', async () => {
    const common = ['--data', GOOGLE_JOBS, '--scale', '0.25', '--tasks', '400', '--instance', '0'];
    const [X, K] = [join(dir, 'head-drawn.npy'), join(dir, 'head-aligned.npy')];
    await run('realize', ...common, '--realizations', '200', '--out-inst', X);
    await run('realize', ...common, '--mode', 'aligned', '--out-inst', K);
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      errors.push(String(s));
      return true;
    });
    let json: Record<string, unknown>;
    try {
      json = await run('pack', '--inst', X, '--eval', K, '--fit', 'gpa:0.01');
    } finally {
      spy.mockRestore();
    }
    expect(Object.keys(json).slice(0, 3)).toEqual(['q_eval', 'q_eval_worst', 'q_eval_columns']);
    const [judged, own] = [json.q_eval as number, json.q as number];
    expect(judged).toBe((json.eval as { q_mean: number }).q_mean);
    // The paper's independent draws against the same tasks replayed in time: far apart here.
    expect(judged).toBeGreaterThan(2 * own);
    const warning = errors.find((e) => e.includes('more than 2× apart'));
    expect(warning).toContain(`q is ${judged.toFixed(4)}`);
  });
});
