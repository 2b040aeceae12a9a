/**
 * Time-aligned replay on the command line: realize --mode aligned|blocks with a split in time, and
 * pack --eval judging a packing on the judged part, checked by a direct count.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { parseOptions, UsageError } from './args.ts';
import { readMatrix } from './io.ts';
import { dataPath } from '../ingest/testing.ts';

async function run(name: string, ...argv: string[]): Promise<Record<string, unknown>> {
  const command = COMMANDS[name];
  const lines: string[] = [];
  await command.run(parseOptions(argv, command.options), (l) => lines.push(l));
  return JSON.parse(lines.join('\n')) as Record<string, unknown>;
}

const dir = mkdtempSync(join(tmpdir(), 'slopack-replay-'));
const AZURE = dataPath('azure-v1-datacentersim/microsoft_max_100.csv.gz');
const BITBRAINS = dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz');

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
});
