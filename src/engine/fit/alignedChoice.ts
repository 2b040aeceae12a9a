/**
 * Best Fit's whole choice for a task over the machines' aligned totals (`MachineState.bestFit`), as
 * a loop of screened checks would make it, with the dots of two machines summed in one pass over
 * the task's columns. Each machine's dot S_j·x is summed block by block in column order, so a
 * machine that no bound refuses ends with the plain dot, and its slack is the plain slack bit for
 * bit; a refusal needs only the variance's lower bound (`alignedBlocks.ts`), which does not depend
 * on the other machines. Best Fit then takes the smallest slack ≥ 0, ties to the lowest machine.
 */
import {
  BLOCK,
  blockCount,
  crossAt,
  suffixBounds,
  totalVariance,
  type ScreenCounts,
} from './alignedBlocks.ts';

/** What the whole choice asks of a test, at capacity c. */
export interface ChoiceTest {
  /**
   * The variance above which a task is refused on a machine, given the mean of the machine's
   * total with it; negative where the mean alone refuses it.
   */
  refuseAbove(mean: number, c: number): number;
  /** Whether the total's variance, known to be at least `low`, refuses the task at that mean. */
  refuses(mean: number, low: number, c: number): boolean;
  /** The slack from the exact mean and variance. */
  exact(mean: number, variance: number, c: number): number;
}

/** The machines' side, as the state keeps it: totals, sketches and sums per machine. */
interface MachineTotals {
  readonly totals: readonly Float64Array[];
  readonly sketch: readonly Float64Array[];
  readonly sum: readonly number[];
  readonly sq: readonly number[];
}

/** The task's side: its series at `base` in `data`, its sketch at `at` in `sketch`, its sums. */
interface TaskSeries {
  readonly data: ArrayLike<number>;
  readonly base: number;
  readonly sketch: Float64Array;
  readonly at: number;
  readonly sum: number;
  readonly sq: number;
}

/** Per-machine working values of one choice, at the machine's index. */
interface ChoiceScratch {
  /** The machines still open to the task, in machine order. */
  readonly live: Int32Array;
  readonly cross: Float64Array;
  readonly mean: Float64Array;
  readonly refuseAt: Float64Array;
  readonly allowance: Float64Array;
  /** Per machine, blocks + 1 lower bounds of the dot's rest (`suffixBounds`' low). */
  readonly low: Float64Array;
  readonly high: Float64Array;
}

/** Scratch for up to `machines` machines over `width` columns. */
export function choiceScratch(machines: number, width: number): ChoiceScratch {
  const bounds = blockCount(width) + 1;
  return {
    live: new Int32Array(machines),
    cross: new Float64Array(machines),
    mean: new Float64Array(machines),
    refuseAt: new Float64Array(machines),
    allowance: new Float64Array(machines),
    low: new Float64Array(machines * bounds),
    high: new Float64Array(bounds),
  };
}

/** Adds Σ_{c ∈ [c0, c1)} s[c]·x[b + c] to cross[i] and the same of r to cross[k], column by column. */
function twoDots(
  cross: Float64Array,
  i: number,
  k: number,
  s: Float64Array,
  r: Float64Array,
  x: ArrayLike<number>,
  b: number,
  c0: number,
  c1: number,
): void {
  let p = cross[i];
  let q = cross[k];
  let c = c0;
  for (; c < c1 - 3; c += 4) {
    const a = b + c;
    const x0 = x[a];
    const x1 = x[a + 1];
    const x2 = x[a + 2];
    const x3 = x[a + 3];
    p += s[c] * x0;
    q += r[c] * x0;
    p += s[c + 1] * x1;
    q += r[c + 1] * x1;
    p += s[c + 2] * x2;
    q += r[c + 2] * x2;
    p += s[c + 3] * x3;
    q += r[c + 3] * x3;
  }
  for (; c < c1; c++) {
    const v = x[b + c];
    p += s[c] * v;
    q += r[c] * v;
  }
  cross[i] = p;
  cross[k] = q;
}

/**
 * cross + Σ_{c ∈ [c0, c1)} s[c]·x[b + c], added one term at a time in column order (unrolled: the
 * same additions as the plain loop, in fewer instructions).
 */
export function dotFrom(
  cross: number,
  s: Float64Array,
  x: ArrayLike<number>,
  b: number,
  c0: number,
  c1: number,
): number {
  let c = c0;
  for (; c < c1 - 7; c += 8) {
    const a = b + c;
    cross += s[c] * x[a];
    cross += s[c + 1] * x[a + 1];
    cross += s[c + 2] * x[a + 2];
    cross += s[c + 3] * x[a + 3];
    cross += s[c + 4] * x[a + 4];
    cross += s[c + 5] * x[a + 5];
    cross += s[c + 6] * x[a + 6];
    cross += s[c + 7] * x[a + 7];
  }
  for (; c < c1; c++) cross += s[c] * x[b + c];
  return cross;
}

/**
 * The machine among 0 … count − 1 that Best Fit picks for the task (the smallest slack ≥ 0, ties to
 * the lowest), −1 where none fits; `counts` tallies as `TotalsView.screen` does.
 */
export function bestFitChoice(
  machines: MachineTotals,
  count: number,
  task: TaskSeries,
  width: number,
  capacity: number,
  test: ChoiceTest,
  scratch: ChoiceScratch,
  counts: ScreenCounts | undefined,
): number {
  const blocks = blockCount(width);
  const bounds = blocks + 1;
  const { live, cross, mean, refuseAt, allowance, low } = scratch;
  const st = task.sq;
  let n = 0;
  // Each machine's values at its index j; `live` lists the machines no bound has refused yet.
  for (let j = 0; j < count; j++) {
    const m = (machines.sum[j] + task.sum) / width;
    const above = test.refuseAbove(m, capacity);
    if (above < 0) {
      if (counts) counts.byMean++;
      continue;
    }
    if (counts) counts.checks++;
    const sj = machines.sq[j];
    const allow = suffixBounds(
      machines.sketch[j],
      task.sketch,
      task.at,
      width,
      low,
      j * bounds,
      scratch.high,
    );
    const at = crossAt(above, sj, st, width, m);
    const lo = low[j * bounds] - allow;
    if (lo >= at && test.refuses(m, totalVariance(sj, lo, st, width, m), capacity)) {
      if (counts) counts.bySketch++;
      continue;
    }
    live[n++] = j;
    cross[j] = 0;
    mean[j] = m;
    refuseAt[j] = at;
    allowance[j] = allow;
  }
  const { data, base: b } = task;
  for (let k = 0, c0 = 0; k < blocks && n > 0; k++, c0 += BLOCK) {
    const c1 = Math.min(width, c0 + BLOCK);
    let i = 0;
    for (; i + 1 < n; i += 2) {
      const j = live[i];
      const l = live[i + 1];
      twoDots(cross, j, l, machines.totals[j], machines.totals[l], data, b, c0, c1);
    }
    if (i < n) cross[live[i]] = dotFrom(cross[live[i]], machines.totals[live[i]], data, b, c0, c1);
    if (k + 1 === blocks) break;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const j = live[i];
      const lo = cross[j] + low[j * bounds + k + 1] - allowance[j];
      if (
        lo >= refuseAt[j] &&
        test.refuses(mean[j], totalVariance(machines.sq[j], lo, st, width, mean[j]), capacity)
      ) {
        if (counts) {
          counts.byPartial++;
          counts.columns += c1;
        }
        continue;
      }
      live[kept++] = j;
    }
    n = kept;
  }
  let best = -1;
  let bestSlack = Infinity;
  for (let i = 0; i < n; i++) {
    const j = live[i];
    const m = mean[j];
    const variance = totalVariance(machines.sq[j], cross[j], st, width, m);
    if (counts) {
      counts.exact++;
      counts.columns += width;
    }
    const s = test.exact(m, variance, capacity);
    if (s >= 0 && s < bestSlack) {
      best = j;
      bestSlack = s;
    }
  }
  return best;
}
