/**
 * `advice-futures`: what the past of a generated week can promise about its days 6–7, whatever
 * rule reads it. The generator draws days 6–7 again for the same days 1–5 (`redraw`): given the
 * past, the week's own days 6–7 and every redrawn pair are draws of one law, which no rule reading
 * days 1–5 alone can tell apart. Per week: the ex-post oracle on its own days 6–7 and on each
 * redrawn pair, and whether the oracle's packing holds on the redrawn pairs and on days 1–5; then
 * an informed rule, which knows that law (the generator itself, not an estimate of it): the
 * empirical test packed on K redrawn pairs at once, at several ρ, judged on the week's own days
 * 6–7 and on K other redrawn pairs it never saw. A rule learned from days 1–5 has to estimate the
 * law the informed rule samples from.
 */
import {
  judgeMachines,
  matrixFrom,
  numberRange,
  packAligned,
  WEEK_TASKS,
  type CorrelatedWeekParams,
  type RealizationMatrix,
} from '../../engine/index.ts';
import { flagWordedRangeOption } from '../args.ts';
import { writeOutput } from '../files.ts';
import { PACK, TARGET } from './adviceGap.ts';
import { chosenIds, weekParts, WEEKS } from './adviceReport.ts';
import { REPORT_OPTIONS } from './correlationReport.ts';
import type { Command } from './command.ts';

const ORACLE_FIT = { kind: 'emp', rho: TARGET } as const;
/** The informed rule's ρ, from the target down (smaller: more machines, held more often). */
export const INFORMED_RHOS = [0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002] as const;
/** The quiet weeks, where the goal is judged (the drift alarm stays quiet on them). */
const QUIET_WEEKS = ['week-1', 'week-2', 'week-3'];
const FUTURES = numberRange('futures', 'K', { min: 1, max: 200, integer: true });

/** The parts' columns side by side (same tasks, in order). */
export function joinColumns(parts: readonly RealizationMatrix[]): RealizationMatrix {
  const rows = parts[0].rows;
  const cols = parts.reduce((s, m) => s + m.cols, 0);
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    let at = i * cols;
    for (const m of parts) {
      data.set(m.data.subarray(i * m.cols, (i + 1) * m.cols), at);
      at += m.cols;
    }
  }
  return matrixFrom(rows, cols, data);
}

interface InformedRow {
  readonly rho: number;
  readonly machines: number;
  /** Its worst q_j on the week's own days 6–7. */
  readonly worst: number;
  /** Held-out redrawn pairs on which every machine kept q*. */
  readonly held: number;
}

interface WeekFutures {
  readonly futures: number;
  readonly oracle: number;
  /** The oracle on each held-out redrawn pair, ascending. */
  readonly redrawnOracles: readonly number[];
  /** Held-out redrawn pairs on which the oracle's packing keeps q* on every machine. */
  readonly oracleHeld: number;
  /** The oracle's packing's worst q_j on days 1–5. */
  readonly oracleOnPast: number;
  readonly informed: readonly InformedRow[];
}

const holds = (machines: Int32Array[], m: RealizationMatrix) =>
  judgeMachines(machines, m, 1, TARGET).worst <= TARGET;

/**
 * The informed rule packs on redrawn pairs with seeds 1 … K; it is judged on pairs K + 1 … 2K,
 * which neither it nor the oracle's count saw, and on the week's own days 6–7.
 */
export function weekFutures(
  params: Partial<CorrelatedWeekParams>,
  tasks: number,
  futures: number,
): WeekFutures {
  const { learn, judge } = weekParts(params, tasks);
  const seen = Array.from({ length: futures }, (_, k) => weekParts(params, tasks, k + 1).judge);
  const unseen = Array.from(
    { length: futures },
    (_, k) => weekParts(params, tasks, futures + k + 1).judge,
  );
  const oracle = packAligned(judge, ORACLE_FIT, PACK);
  const pooled = joinColumns(seen);
  return {
    futures,
    oracle: oracle.length,
    redrawnOracles: unseen
      .map((f) => packAligned(f, ORACLE_FIT, PACK).length)
      .sort((a, b) => a - b),
    oracleHeld: unseen.filter((f) => holds(oracle, f)).length,
    oracleOnPast: judgeMachines(oracle, learn, 1, TARGET).worst,
    informed: INFORMED_RHOS.map((rho) => {
      const machines = packAligned(pooled, { kind: 'emp', rho }, PACK);
      return {
        rho,
        machines: machines.length,
        worst: judgeMachines(machines, judge, 1, TARGET).worst,
        held: unseen.filter((f) => holds(machines, f)).length,
      };
    }),
  };
}

const f4 = (v: number) => (v === 0 ? '0' : v.toFixed(4));
const pct = (a: number, b: number) =>
  `${a >= b ? '+' : '−'}${Math.abs((100 * (a - b)) / b).toFixed(0)} %`;

function tables(rows: readonly { title: string; w: WeekFutures }[]): string[] {
  return [
    '| history | oracle (its days 6–7) | within +10 % | oracle of each redrawn days 6–7 (min, median, max) | the oracle’s packing: redrawn days 6–7 it holds on | its worst q_j on days 1–5 |',
    '|---|---|---|---|---|---|',
    ...rows.map(({ title, w }) => {
      const o = w.redrawnOracles;
      return `| ${title} | ${w.oracle} | ≤ ${Math.floor(1.1 * w.oracle + 1e-9)} | ${o[0]}, ${o[o.length >> 1]}, ${o[o.length - 1]} | ${w.oracleHeld} of ${w.futures} | ${f4(w.oracleOnPast)} |`;
    }),
    '',
    `| history | informed rule (emp:ρ on ${rows[0]?.w.futures ?? 0} redrawn days 6–7) | machines (vs oracle) | its worst q_j on the week’s days 6–7 | other redrawn days 6–7 it holds on |`,
    '|---|---|---|---|---|',
    ...rows.flatMap(({ title, w }) =>
      w.informed.map(
        (r) =>
          `| ${title} | ρ = ${r.rho} | ${r.machines} (${pct(r.machines, w.oracle)}) | ${f4(r.worst)}${r.worst > TARGET ? ' (misses)' : ''} | ${r.held} of ${w.futures} |`,
      ),
    ),
  ];
}

export const adviceFutures: Command = {
  usage: 'npm run cli -- advice-futures',
  summary:
    'What days 1–5 of a generated week can promise about days 6–7 whatever rule reads them: days 6–7 drawn again for the same past, the ex-post oracle on each draw, and a rule that knows the generator (Markdown).',
  options: {
    futures: flagWordedRangeOption(
      FUTURES,
      'redrawn days 6–7 the informed rule packs on, and as many it is judged on (default 20)',
      20,
    ),
    history: {
      kind: 'string',
      help: `the generated weeks, comma-separated (default ${QUIET_WEEKS.join(',')})`,
    },
    'week-tasks': flagWordedRangeOption(
      { ...WEEK_TASKS, flag: 'week-tasks' },
      'tasks of each generated week (default 300)',
      300,
    ),
    out: REPORT_OPTIONS.out,
  },
  run(o, write) {
    const ids = chosenIds(
      o.history,
      'history',
      WEEKS.map((w) => w.id),
      QUIET_WEEKS,
    );
    const rows = WEEKS.filter((w) => ids.includes(w.id)).map(({ title, params }) => ({
      title: `Correlated week, ${title}`,
      w: weekFutures(params, o['week-tasks'] as number, o.futures as number),
    }));
    const text = tables(rows).join('\n');
    if (o.out) writeOutput(o.out as string, text + '\n');
    else write(text);
  },
};
