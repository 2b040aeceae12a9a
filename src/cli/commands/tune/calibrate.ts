/** `calibrate`: the synthetic workload measured by the engine next to the GPA paper. */
import { decimalOrNull } from '../../../engine/numberText.ts';
import { FIT_BANDS, matchPaper, type PaperMatchReport } from '../../../engine/index.ts';
import { PAPER_SUMS } from '../../../engine/analysis/index.ts';
import { REALIZATIONS, SEED } from '../../../engine/ranges.ts';
import { CALIBRATION_POOL } from '../../../engine/tune/index.ts';
import { UsageError, rangeOption } from '../../args.ts';
import { asUsage, type Command } from '../command.ts';
import { DEFAULT_MEMORY_BUDGET_GIB } from '../../inflate.ts';
import { checkPoolBudget } from '../../poolBudget.ts';
import { MEMORY_BUDGET } from '../../ranges.ts';

const mark = (ok: boolean) => (ok ? 'ok' : 'FAIL');
const signed = (v: number, digits: number) => (v >= 0 ? '+' : '') + v.toFixed(digits);

function calibrationTable(r: PaperMatchReport, header: string): string[] {
  const lines = [header, ''];
  lines.push(
    `Table 1: sums of N random tasks (A–D at 5 %: |Δ| ≤ ${FIT_BANDS.rejectionRate}; mean total: ±${100 * FIT_BANDS.meanTotal} %)`,
  );
  lines.push('    N   sums   A–D rejection  paper      Δ       mean total   paper     rel');
  for (const row of r.rows) {
    const m = row.measured;
    const p = row.paper;
    lines.push(
      [
        String(row.n).padStart(5),
        String(row.sums).padStart(6),
        m.rejectionRate.toFixed(3).padStart(15),
        p.rejectionRate.toFixed(3).padStart(7),
        signed(m.rejectionRate - p.rejectionRate, 3).padStart(7),
        mark(row.pass.rejectionRate).padStart(5),
        m.meanTotal.toFixed(3).padStart(12),
        p.meanTotal.toFixed(2).padStart(7),
        `${signed((100 * (m.meanTotal - p.meanTotal)) / p.meanTotal, 1)} %`.padStart(9),
        mark(row.pass.meanTotal).padStart(5),
      ].join(''),
    );
  }
  lines.push('');
  lines.push(
    `Trend lines σ = slope·μ + intercept over the pool's tasks (§3.3: slope ±${FIT_BANDS.slope}, intercept ±${FIT_BANDS.intercept})`,
  );
  for (const t of r.trends) {
    const rel = (m: number, p: number) => `${signed((100 * (m - p)) / p, 1)} %`;
    lines.push(
      `  ${t.series.padEnd(5)} slope ${t.measured.slope.toFixed(3)} (paper ${t.paper.slope}, ${rel(t.measured.slope, t.paper.slope)}) ${mark(t.pass.slope)}` +
        `   intercept ${t.measured.intercept.toFixed(4)} (paper ${t.paper.intercept}, ${rel(t.measured.intercept, t.paper.intercept)}) ${mark(t.pass.intercept)}`,
    );
  }
  lines.push('');
  lines.push(r.pass ? 'all within tolerance' : 'NOT within tolerance');
  return lines;
}

export const calibrateCommand: Command = {
  usage: 'npm run cli -- calibrate [--pool N --seed S --sums K --realizations R --json]',
  summary:
    'Measures the synthetic Google-like workload (Table 1, §3.3 trend lines) next to the GPA paper, with pass/fail per tolerance.',
  options: {
    pool: rangeOption(CALIBRATION_POOL, 'tasks in the synthetic pool', 10000),
    seed: rangeOption(SEED, 'random seed (workload, realizations, sums)', 1),
    sums: rangeOption(PAPER_SUMS, 'sums of N tasks per N (paper: 10,000)', 1000),
    realizations: rangeOption(REALIZATIONS, 'realizations per task R (paper: 10,000)', 10000),
    'memory-budget': rangeOption(
      MEMORY_BUDGET,
      'GiB the realized pool may take (pool × R × 8 bytes); a larger one is refused before it is drawn (0: no check)',
      DEFAULT_MEMORY_BUDGET_GIB,
    ),
    sizes: {
      kind: 'string',
      help: 'comma-separated N (default: Table 1’s 10,20,30,50,100,250,500)',
    },
    json: { kind: 'flag', help: 'one JSON object per N (and per trend line) instead of the table' },
  },
  run(o, out) {
    const pool = o.pool as number;
    const sums = o.sums as number;
    checkPoolBudget(
      { tasks: pool, realizations: o.realizations as number, series: 2 },
      o['memory-budget'] as number,
    );
    const sizes = o.sizes
      ? String(o.sizes)
          .split(',')
          .map((s) => {
            const n = decimalOrNull(s) ?? NaN;
            if (!Number.isInteger(n)) throw new UsageError(`invalid --sizes entry "${s}"`);
            return n;
          })
      : undefined;
    const report = asUsage(() =>
      matchPaper({
        pool,
        seed: o.seed as number,
        sums,
        realizations: o.realizations as number,
        sizes,
      }),
    );
    if (o.json) {
      for (const r of report.rows)
        out(
          JSON.stringify({
            n: r.n,
            sums: r.sums,
            measured: r.measured,
            paper: r.paper,
            pass: r.pass,
          }),
        );
      for (const t of report.trends)
        out(
          JSON.stringify({
            trend: t.series,
            measured: {
              slope: t.measured.slope,
              intercept: t.measured.intercept,
              r2: t.measured.r2,
            },
            paper: t.paper,
            pass: t.pass,
          }),
        );
      return;
    }
    for (const line of calibrationTable(
      report,
      `synthetic Google-like workload: pool ${pool} tasks, seed ${o.seed}, ${sums} sums per N, R = ${o.realizations}`,
    ))
      out(line);
  },
};
