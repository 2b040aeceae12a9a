/**
 * hod(N, w, Δ): the same hour of previous days, an N-sigma peak predictor (Bashir et al., EuroSys
 * 2021, `nSigma.ts`) whose mean follows the time of day. Column t of the matrix is t·Δ seconds from
 * the history's origin (its first instant at midnight); its bin is its time of day in slices of w
 * minutes. The machine's aligned total with the task, S_j[t] + x[t] over the observed columns, has
 * a daily profile μ_b (its mean over the columns of bin b, every learned day's instants of that
 * hour) and a spread about it, σ² = Σ_t (S_j[t] + x[t] − μ_b(t))² / |O|, pooled over the bins (the
 * bursts and day-to-day moves the past showed, wherever in the day they fell). The task fits iff
 * μ_b + N·σ ≤ c in every bin that has a column; slack: the least room, c − (μ_b + N·σ). Tasks that
 * peak at different hours share a machine, as on the aligned total, and the headroom is sized by
 * what the profile does not explain rather than by the profile's own swing over the day.
 */
import { capacityLimit } from '../capacity.ts';
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest, type MachineState } from './fitTest.ts';
import { machineTotals } from './machineTotals.ts';
import { AUTOPILOT_STEP } from './entries/autopilot.ts';
import { HOD_BIN_MINUTES } from './entries/hourOfDay.ts';
import { NSIGMA_N } from './entries/nSigma.ts';

const DAY = 86_400;

/** The bin of each column `start … start + width − 1` and the number of bins a day holds. */
export function hourBins(
  start: number,
  width: number,
  binMinutes: number,
  step: number,
): { readonly binOf: Int32Array; readonly bins: number } {
  const span = binMinutes * 60;
  const bins = Math.ceil(DAY / span);
  const binOf = Int32Array.from({ length: width }, (_, k) =>
    Math.min(bins - 1, Math.floor((((start + k) * step) % DAY) / span)),
  );
  return { binOf, bins };
}

/**
 * The least room c − (μ_b + N·σ) over the bins with a column, from per-bin Σ, Σ² and column counts
 * of a total (σ: the total's spread about its per-bin means, pooled over the bins).
 */
function hourRoom(
  sum: ArrayLike<number>,
  sq: ArrayLike<number>,
  count: ArrayLike<number>,
  n: number,
  capacity: number,
): number {
  let residual = 0;
  let columns = 0;
  for (let b = 0; b < count.length; b++) {
    if (count[b] === 0) continue;
    residual += sq[b] - (sum[b] * sum[b]) / count[b];
    columns += count[b];
  }
  const spread = n * Math.sqrt(Math.max(0, residual / columns));
  let room = Infinity;
  for (let b = 0; b < count.length; b++)
    if (count[b] > 0) room = Math.min(room, capacity - (sum[b] / count[b] + spread));
  return room;
}

function hourOfDay(n: number, binMinutes: number, step: number): FitTest {
  checkRange(NSIGMA_N, n);
  checkRange(HOD_BIN_MINUTES, binMinutes);
  checkRange(AUTOPILOT_STEP, step);
  return {
    spec: { kind: 'hod', n, binMinutes, step },
    usesVariance: false,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      const { data, cols } = stats.matrix;
      const width = stats.width;
      const { binOf, bins } = hourBins(stats.start, width, binMinutes, step);
      const count = new Float64Array(bins);
      for (let k = 0; k < width; k++) count[binOf[k]]++;
      const base = Int32Array.from(rows, (r) => r * cols + stats.start);
      const machineState = (capacity: number): MachineState => {
        const machines = machineTotals(data, base, width);
        const sum = new Float64Array(bins);
        const sq = new Float64Array(bins);
        return {
          open: machines.open,
          add: machines.add,
          remove: machines.remove,
          slack(j, t) {
            const b0 = base[t];
            const total = machines.total(j);
            sum.fill(0);
            sq.fill(0);
            for (let k = 0; k < width; k++) {
              const v = (total ? total[k] : 0) + data[b0 + k];
              sum[binOf[k]] += v;
              sq[binOf[k]] += v * v;
            }
            return hourRoom(sum, sq, count, n, capacity);
          },
        };
      };
      return {
        size: Float64Array.from(rows, (r) => stats.mean[r]),
        variance: new Float64Array(rows.length),
        machineState: (_sums, c) => machineState(capacityLimit(c)),
      };
    },
    slack: stateOnlySlack('hod'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    hod: {
      readonly kind: 'hod';
      readonly n: number;
      readonly binMinutes: number;
      readonly step: number;
    };
  }
}

export const HOD_CODE: FitCode = {
  kind: 'hod',
  create: ([n, binMinutes, step]) => hourOfDay(n, binMinutes, step),
};
