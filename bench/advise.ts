/**
 * `advise`: every scheduler's knob tuned to q* = 0.01 on every node on the bundled 30-day Bitbrains
 * history, from the command line (`npm run cli -- advise --scheduler all`, one process, load
 * included), against the goal of 30 s. ADVISE_BENCH_LEARN and ADVISE_BENCH_JUDGE set the parts
 * (default: the first half learned, the second judged; e.g. 0:0.02 and 0.02:0.04 for a quick check).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { BenchFigure, BenchSuite } from './figure.ts';

const ROOT = resolve(import.meta.dirname, '..');
const BITBRAINS = resolve(ROOT, '../shared/data/bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz');
const GOAL_MS = 30_000;

function adviseArgs(): string[] {
  const learn = process.env.ADVISE_BENCH_LEARN ?? '0:0.5';
  const judge = process.env.ADVISE_BENCH_JUDGE;
  return [
    ...['advise', '--scheduler', 'all', '--target', '0.01', '--json'],
    ...['--data', BITBRAINS, '--format', 'long', '--id-column', 'vm_id'],
    ...['--value-column', 'cpu_usage_pct', '--scale-column', 'cpu_cores'],
    ...['--time-column', 'timestamp_s', '--scale', String(1 / 32), '--clamp'],
    ...['--step', '300', '--min-coverage', '0.9', '--learn', learn],
    ...(judge ? ['--judge', judge] : []),
  ];
}

export const advise: BenchSuite = {
  name: 'advise',
  description:
    'CLI: advise --scheduler all on the bundled 30-day Bitbrains history (load, tuning of every scheduler, defaults, snippets), goal ≤ 30 s',
  async run(): Promise<BenchFigure[]> {
    const tsx = resolve(ROOT, 'node_modules/.bin/tsx');
    const t0 = performance.now();
    const out = execFileSync(tsx, ['src/cli/main.ts', ...adviseArgs()], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1 << 28,
    });
    const ms = performance.now() - t0;
    const json = JSON.parse(out) as { schedulers: unknown[]; learned_columns: number };
    return [
      {
        name: `advise --scheduler all, Bitbrains 30 days (${json.learned_columns} learned instants)`,
        value: ms,
        unit: 'ms',
        baseline: GOAL_MS,
        ratio: GOAL_MS / ms,
        note: `baseline: the 30 s goal; ${json.schedulers.length} schedulers, one process`,
      },
    ];
  },
};
