/**
 * grpm(k, r, ρ): the empirical sum test on a machine's aligned total (`empirical.ts`) with a
 * safety margin per group of tasks. Tasks are grouped by what they did together in the past: in
 * row order, each task joins the group whose total its series correlates with best over the
 * observed columns, when that correlation reaches r (0.8 by default), else it starts a group of its own. A group's
 * margin is k times its total's coefficient of variation over the observed columns (spread over
 * mean): high where its tasks peak and burst together, low where their moves cancel. The task
 * fits iff Σ_i (1 + m_g(i))·x_i[t] over the machine's tasks and the task exceeds c on at most ρ of
 * the observed instants; at k = 0 it is the empirical test itself.
 */
import { capacityLimit } from '../capacity.ts';
import { checkRange } from '../ranges.ts';
import type { TaskStats } from '../stats/taskStats.ts';
import { checkRho } from './entries/gpa.ts';
import { allowedColumns } from './entries/empirical.ts';
import { numberRange } from '../ranges.ts';
import { EMP_MARGIN_FIT } from './entries/empiricalMargin.ts';
import { fitEntry, registerFit } from './registry.ts';
import { linearGrid, type FitCode, type FitEntry } from './entry.ts';
import { stateOnlySlack, type FitTest, type MachineState } from './fitTest.ts';
import { machineTotals } from './machineTotals.ts';

/** Tasks' groups and each group's coefficient of variation, as the file's comment says. */
interface TaskGroups {
  /** The group of each of `rows`, numbered in order of appearance. */
  readonly group: Int32Array;
  /** Each group's total: standard deviation over mean over the observed columns (0: none). */
  readonly variation: Float64Array;
}

function correlation(x: ArrayLike<number>, xBase: number, y: Float64Array, width: number): number {
  let sx = 0;
  let sy = 0;
  for (let k = 0; k < width; k++) {
    sx += x[xBase + k];
    sy += y[k];
  }
  const mx = sx / width;
  const my = sy / width;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let k = 0; k < width; k++) {
    const dx = x[xBase + k] - mx;
    const dy = y[k] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

function variationOf(total: Float64Array): number {
  const n = total.length;
  let sum = 0;
  for (let k = 0; k < n; k++) sum += total[k];
  const mean = sum / n;
  if (!(mean > 0)) return 0;
  let squares = 0;
  for (let k = 0; k < n; k++) squares += (total[k] - mean) ** 2;
  return Math.sqrt(squares / n) / mean;
}

/** Groups `rows` by correlation with the groups' totals (at least `threshold` to join one). */
export function taskGroups(
  stats: TaskStats,
  rows: ArrayLike<number>,
  threshold: number,
): TaskGroups {
  const { data, cols } = stats.matrix;
  const width = stats.width;
  const totals: Float64Array[] = [];
  const group = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const base = rows[k] * cols + stats.start;
    let best = -1;
    let bestCorrelation = threshold;
    for (let g = 0; g < totals.length; g++) {
      const r = correlation(data, base, totals[g], width);
      if (r >= bestCorrelation) {
        best = g;
        bestCorrelation = r;
      }
    }
    if (best < 0) totals.push(new Float64Array(width));
    const g = best < 0 ? totals.length - 1 : best;
    group[k] = g;
    const total = totals[g];
    for (let t = 0; t < width; t++) total[t] += data[base + t];
  }
  return { group, variation: Float64Array.from(totals, variationOf) };
}

const GROUP_MARGIN = numberRange('group margin scale', 'k', { min: 0, max: 20 });
const GROUP_CORRELATION = numberRange('group correlation', 'r', { min: -1, max: 1 });

function groupMargin(k: number, threshold: number, rho: number): FitTest {
  checkRange(GROUP_MARGIN, k);
  checkRange(GROUP_CORRELATION, threshold);
  checkRho(rho);
  return {
    spec: { kind: 'grpm', k, threshold, rho },
    usesVariance: false,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      const { data, cols } = stats.matrix;
      const width = stats.width;
      const { group, variation } = taskGroups(stats, rows, threshold);
      const scale = Float64Array.from(group, (g) => 1 + k * variation[g]);
      const base = Int32Array.from(rows, (r) => r * cols + stats.start);
      const allowed = allowedColumns(rho, width);
      const machineState = (capacity: number): MachineState => {
        const machines = machineTotals(data, base, width, scale);
        const overflows = (j: number, t: number, stop: number) => {
          const total = machines.total(j);
          const b0 = base[t];
          const s = scale[t];
          let count = 0;
          for (let col = 0; col < width && count < stop; col++)
            if ((total ? total[col] : 0) + s * data[b0 + col] > capacity) count++;
          return count;
        };
        return {
          open: machines.open,
          add: machines.add,
          remove: machines.remove,
          slack: (j, t) => rho - overflows(j, t, width) / width,
          quickSlack: (j, t) => rho - overflows(j, t, allowed + 1) / width,
        };
      };
      return {
        size: Float64Array.from(rows, (r, i) => scale[i] * stats.mean[r]),
        variance: new Float64Array(rows.length),
        machineState: (_sums, c) => machineState(capacityLimit(c)),
      };
    },
    slack: stateOnlySlack('grpm'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    grpm: {
      readonly kind: 'grpm';
      readonly k: number;
      readonly threshold: number;
      readonly rho: number;
    };
  }
}

const LABEL = 'group margin k';
const [, RHO] = EMP_MARGIN_FIT.parameters;

/** Its entry and its code at once: a plug-in (`registerFit`), not on the first page's list. */
const GROUP_MARGIN_FIT: FitEntry & Omit<FitCode, 'kind'> = {
  ...EMP_MARGIN_FIT,
  kind: 'grpm',
  label: 'empirical sum, a margin per group of correlated tasks: k·its total’s sd/mean (aligned)',
  family: { name: LABEL },
  sweep: [],
  parameters: [
    {
      key: 'k',
      range: GROUP_MARGIN,
      arbitrary: { min: 0, max: 4 },
      input: { label: 'k', widget: 'number', min: 0, max: 20 },
    },
    {
      key: 'threshold',
      range: GROUP_CORRELATION,
      default: 0.8,
      arbitrary: { min: -1, max: 1 },
      input: { label: 'r', widget: 'number', min: -1, max: 1 },
    },
    RHO,
  ],
  example: { kind: 'grpm', k: 1, threshold: 0.8, rho: 0.01 },
  tuning: {
    ...EMP_MARGIN_FIT.tuning!,
    label: LABEL,
    grid: linearGrid(0, 3, 0.125),
    alignedRank: undefined,
  },
  create: ([k, threshold, rho]) => groupMargin(k, threshold, rho),
};

/**
 * Registers grpm where it is asked for (the command line; a test), once. It is measured for the
 * advice report and not offered on the page: the first page lists every registry line, and its
 * budget holds no more.
 */
export function registerGroupMargin(): void {
  if (!fitEntry('grpm')) registerFit(GROUP_MARGIN_FIT);
}
