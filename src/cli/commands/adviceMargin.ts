/**
 * The margin a day needs (`advice-report`). The empirical test with a margin (`empm`) has no form
 * cost: at margin 0 on the judged part it is the oracle, so what it takes above the oracle is the
 * margin and the past it packs on. Here, on a grid finer than the tuner's (steps of 0.0125 up to
 * 0.75), the margin each walk-forward fold's judged day needed (the tuner's rule on that fold
 * alone: the smallest value from which on every larger one keeps every machine at q*), the margin
 * the judged part itself needed (ex post), and three rules choosing from the folds' margins, each
 * packed on the whole learned part and judged on the judged part: their largest (the tuner's
 * rule), the largest of the last two folds (recent days weigh more) and the second largest (the
 * folds' distribution rather than their maximum).
 */
import {
  familySpec,
  judgeMachines,
  packAligned,
  sliceColumns,
  validationFolds,
  type RealizationMatrix,
} from '../../engine/index.ts';
import { PACK, TARGET } from './adviceGap.ts';

const MARGIN_STEP = 0.0125;
const MARGIN_GRID = Array.from({ length: 61 }, (_, k) => k * MARGIN_STEP);

/** A margin packed on the learned part and judged on the judged part (null: none held). */
interface MarginOutcome {
  readonly margin: number | null;
  readonly machines: number;
  readonly worst: number;
}

export interface MarginSpread {
  /** The margin each fold's judged day needed, null where no grid value held. */
  readonly folds: readonly (number | null)[];
  readonly expost: MarginOutcome;
  readonly rules: readonly { readonly rule: string; readonly outcome: MarginOutcome }[];
}

/** The smallest margin from which on every larger grid value keeps every machine at q* on `judgeOn`. */
function neededMargin(packOn: RealizationMatrix, judgeOn: RealizationMatrix): number | null {
  let needed: number | null = null;
  for (let k = MARGIN_GRID.length - 1; k >= 0; k--) {
    const machines = packAligned(packOn, familySpec('empm', MARGIN_GRID[k]), PACK);
    if (judgeMachines(machines, judgeOn, 1, TARGET).worst > TARGET) break;
    needed = MARGIN_GRID[k];
  }
  return needed;
}

function outcomeAt(
  margin: number | null,
  learn: RealizationMatrix,
  judge: RealizationMatrix,
): MarginOutcome {
  if (margin === null) return { margin, machines: 0, worst: 0 };
  const machines = packAligned(learn, familySpec('empm', margin), PACK);
  return {
    margin,
    machines: machines.length,
    worst: judgeMachines(machines, judge, 1, TARGET).worst,
  };
}

const largest = (ms: readonly (number | null)[]) =>
  ms.some((m) => m === null) ? null : Math.max(...(ms as number[]));

export function marginSpread(
  learn: RealizationMatrix,
  judge: RealizationMatrix,
  step: number | null,
): MarginSpread {
  const folds = validationFolds(learn.cols, step, 'walk').map((f) =>
    neededMargin(sliceColumns(learn, f.learn), sliceColumns(learn, f.judge)),
  );
  const expost = outcomeAt(neededMargin(learn, judge), learn, judge);
  const known = folds.filter((m): m is number => m !== null).sort((a, b) => b - a);
  const second = known.length === folds.length && folds.length > 1 ? known[1] : null;
  const rules = [
    { rule: 'largest', margin: largest(folds) },
    { rule: 'last two', margin: largest(folds.slice(-2)) },
    { rule: 'second largest', margin: second },
  ];
  return {
    folds,
    expost,
    rules: rules.map(({ rule, margin }) => ({ rule, outcome: outcomeAt(margin, learn, judge) })),
  };
}

const marginText = (m: number | null) => (m === null ? '> 0.75' : m.toFixed(4));

function outcomeCell(o: MarginOutcome, oracle: number): string {
  if (o.margin === null) return 'none';
  const rise = Math.round((100 * (o.machines - oracle)) / oracle);
  const verdict = o.worst > TARGET ? `misses (${o.worst.toFixed(4)})` : 'holds';
  return `${o.margin.toFixed(4)}: ${o.machines} (${rise >= 0 ? '+' : '−'}${Math.abs(rise)} %), ${verdict}`;
}

export const MARGIN_HEADER = [
  '| history | oracle | margin each judged day of the folds needed | ex post (the judged part’s own margin) | largest of the folds (the tuner’s rule) | largest of the last two | second largest |',
  '|---|---|---|---|---|---|---|',
];

export function marginSpreadRow(title: string, s: MarginSpread, oracle: number): string {
  const cells = [s.expost, ...s.rules.map((r) => r.outcome)].map((o) => outcomeCell(o, oracle));
  return `| ${title} | ${oracle} | ${s.folds.map(marginText).join(', ')} | ${cells.join(' | ')} |`;
}
