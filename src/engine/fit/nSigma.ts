/**
 * nsig(N) and bmax(N, p): the peak predictors of Bashir, Deng, Rzadca, Irwin, Kodak & Jnagal, "Take
 * it to the limit: peak prediction-driven resource overcommitment in datacenters", EuroSys 2021,
 * as fit tests on a machine's aligned total S (its tasks' observed usage summed at the same
 * instants, `alignedTotals.ts`):
 * - N-sigma: the predicted peak is mean(S) + N·sd(S), sd the sample standard deviation (n − 1), as
 *   the authors' simulator computes it (googleinterns/cluster-resource-forecast,
 *   `simulator/n_sigma_predictor.py`, `NSigmaPredictor.Predict`: mean and `statistics.stdev` of the
 *   machine's total over the history window);
 * - RC-like (Resource Central-like): the sum of the tasks' own p-th percentiles
 *   (`per_vm_percentile_predictor.py`, `PerVMPercentilePredictor.Predict`);
 * - max of predictors, the one they deploy: the larger of the two (`max_decorator.py`).
 * A task x fits iff the peak predicted for S + x is within c (`capacity.ts`); slack = c − the peak.
 * The paper's N is 5 over long histories; on the short windows here the tuner learns N.
 */
import { checkRange } from '../ranges.ts';
import { capacityLimit } from '../capacity.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest, type MachineState } from './fitTest.ts';
import { alignedSizes, type TotalsView } from './alignedTotals.ts';
import { NSIGMA_N, RC_PERCENTILE } from './entries/nSigma.ts';

/** mean + N·(sample sd) of S_j + x_t over the observed columns. */
function nSigmaPeak(view: TotalsView, j: number, t: number, n: number): number {
  const { mean, variance } = view.moments(j, t);
  const w = view.width;
  const sample = w > 1 ? (variance * w) / (w - 1) : 0;
  return mean + n * Math.sqrt(Math.max(0, sample));
}

function nSigma(n: number): FitTest {
  checkRange(NSIGMA_N, n);
  return {
    spec: { kind: 'nsig', n },
    usesVariance: false,
    sizes: (stats, rows) =>
      alignedSizes(stats, rows, (view, j, t, c) => capacityLimit(c) - nSigmaPeak(view, j, t, n)),
    slack: stateOnlySlack('nsig'),
  };
}

function maxOfPredictors(n: number, p: number): FitTest {
  checkRange(NSIGMA_N, n);
  checkRange(RC_PERCENTILE, p);
  return {
    spec: { kind: 'bmax', n, p },
    usesVariance: false,
    sizes(stats, rows) {
      const own = Float64Array.from(rows, (r) => stats.percentile(r, p));
      let machinePercentiles: number[] = [];
      const sizes = alignedSizes(stats, rows, (view, j, t, c) => {
        const rcLike = (j < 0 ? 0 : machinePercentiles[j]) + own[t];
        return capacityLimit(c) - Math.max(rcLike, nSigmaPeak(view, j, t, n));
      });
      const totalsState = sizes.machineState!;
      return {
        ...sizes,
        machineState(sums, capacity): MachineState {
          const state = totalsState(sums, capacity);
          machinePercentiles = [];
          return {
            ...state,
            open(j, t) {
              state.open(j, t);
              machinePercentiles[j] = own[t];
            },
            add(j, t) {
              state.add(j, t);
              machinePercentiles[j] += own[t];
            },
            remove(j, t, remaining) {
              state.remove(j, t, remaining);
              machinePercentiles[j] = remaining.reduce((s, r) => s + own[r], 0);
            },
          };
        },
      };
    },
    slack: stateOnlySlack('bmax'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    nsig: { readonly kind: 'nsig'; readonly n: number };
    bmax: { readonly kind: 'bmax'; readonly n: number; readonly p: number };
  }
}

export const NSIGMA_CODE: FitCode = { kind: 'nsig', create: ([n]) => nSigma(n) };

export const MAX_PREDICTOR_CODE: FitCode = {
  kind: 'bmax',
  create: ([n, p]) => maxOfPredictors(n, p),
};
