/**
 * Each lesson's prediction (predict.ts) from the numbers the lesson computes: the question asks
 * for what the reveal shows, and the choices bracket the computed answer.
 */
import {
  formatCount,
  formatFixed,
  formatNumber,
  formatPercent,
  probabilityTick,
} from '../format.ts';
import {
  countLabel,
  ladderPrediction,
  rangeLabel,
  shareLabel,
  timesLabel,
  type Prediction,
} from './predict.ts';

const SHARES = [0.01, 0.05, 0.1, 0.25, 0.4, 0.6, 0.75, 0.9];
const SAVINGS = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5];
const RATIOS = [1.25, 2, 3, 5, 10, 20, 50];
const PROBABILITIES = [1e-6, 1e-4, 1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3];
const ONE_BY_ONE = Array.from({ length: 60 }, (_, k) => k + 1);

/** Why averages lie: how often the machine with C beside A overflows. */
export function averagesPrediction(o: { overflow: number; draws: number }): Prediction {
  return ladderPrediction({
    question: `Packed by their means, C shares machine 1 with A. In what share of the ${formatCount(o.draws)} draws will machine 1 need more than its capacity of 1?`,
    answer: o.overflow,
    ladder: SHARES,
    // An overflow frequency: a decimal, as every q of the page (docs/conventions.md).
    label: rangeLabel((share) => formatNumber(share, 2)),
    written: formatFixed(o.overflow, 3),
    why: `A always takes half the machine, so machine 1 overflows exactly when C needs more than the other half, and C is above its mean about half the time. The means (0.5 + 0.5 = 1) said it fits; the spread of C says otherwise.`,
  });
}

/** Sums become Gaussian: tasks summed before the Gaussian's 99th percentile is within 5 %. */
export function sumsPrediction(o: {
  firstWithin: number | null;
  maxTasks: number;
  oneTaskError: number;
}): Prediction {
  const answer = o.firstWithin ?? o.maxTasks + 1;
  return ladderPrediction({
    question: `One task’s usage is far from a bell curve. How many tasks must be summed before the fitted Gaussian’s 99th percentile is within 5 % of the measured one?`,
    answer,
    ladder: [2, 3, 5, 10, 20, 40, o.maxTasks + 1],
    label: countLabel(' tasks'),
    written:
      o.firstWithin === null
        ? `more than ${o.maxTasks} tasks`
        : `${formatCount(o.firstWithin)} task${o.firstWithin > 1 ? 's' : ''}`,
    why: `With one task the Gaussian’s 99th percentile is ${formatPercent(Math.abs(o.oneTaskError))} off. Summing independent tasks averages out their shapes (the central limit theorem), and ${o.firstWithin === null ? `even ${o.maxTasks} tasks are not enough here: a few heavy tasks dominate the tail` : `by ${formatCount(o.firstWithin)} the tail is Gaussian enough for GPA`}.`,
  });
}

/** The GPA fit test: how many of the candidates fit at ρ. */
export function fitTestPrediction(o: {
  fits: number;
  candidates: number;
  rho: number;
  overflowNow: number;
}): Prediction {
  return ladderPrediction({
    question: `GPA filled this machine at ρ = ${formatNumber(o.rho)} until a task did not fit. How many of the next ${o.candidates} tasks fit on it at that ρ?`,
    answer: o.fits,
    ladder: Array.from({ length: o.candidates }, (_, k) => k + 1),
    label: countLabel(),
    written: `${formatCount(o.fits)} of ${o.candidates}`,
    why: `Without a candidate the machine already overflows with probability ${probabilityTick(o.overflowNow)}, against the ρ = ${formatNumber(o.rho)} allowed. A candidate adds its mean and its variance; it fits only if the shaded tail stays at most ρ, so only small or steady tasks get in.`,
  });
}

/** First Fit vs Best Fit: the step at which the two rules first choose differently (0: never). */
export function rulesPrediction(o: { parted: number; tasks: number }): Prediction {
  return ladderPrediction({
    question: `First Fit and Best Fit pack the same ${o.tasks} tasks, one step per task placed. At which step will they first choose different machines?`,
    answer: o.parted === 0 ? Infinity : o.parted,
    ladder: [2, 4, 8, 16, 32],
    label: ({ lo, hi }) =>
      lo === null
        ? `before step ${hi}`
        : hi === null
          ? `step ${lo} or later, or never`
          : `steps ${lo} to ${hi - 1}`,
    written: o.parted === 0 ? 'never' : `step ${o.parted}`,
    why:
      o.parted === 0
        ? 'While only one open machine has room for a task, both rules must take it; on these tasks that held throughout.'
        : `While only one open machine has room for a task, both rules must take it. They part at step ${o.parted}, once more than one machine has room: First Fit keeps to the lowest-numbered machine that fits, Best Fit to the one left with the least slack (or, at the end, their rebalancing moves differ).`,
  });
}

/** The price of an SLO: the extra machines from ρ = 0.01 to ρ = 0.0001. */
export function pricePrediction(o: { loose: number; tight: number; tasks: number }): Prediction {
  const extra = o.tight / o.loose - 1;
  return ladderPrediction({
    question: `Tightening ρ from 0.01 to 0.0001 (a hundred times fewer overflows promised) for these ${o.tasks} tasks: how many more machines does Best Fit + GPA need?`,
    answer: extra,
    ladder: SAVINGS,
    label: rangeLabel(shareLabel),
    written: `${formatPercent(extra, 0)} more (${o.loose} → ${o.tight} machines)`,
    why: `GPA keeps Φ⁻¹(1 − ρ) deviations of room above a machine’s mean: 2.33σ at ρ = 0.01, 3.72σ at 0.0001. Only the room for the spread grows, not the means, and a machine’s spread grows as √n while its mean grows as n, so a hundredfold stricter promise costs ${o.loose} → ${o.tight} machines.`,
  });
}

/** Be the scheduler: the machines Best Fit + GPA needs. */
export function schedulerPrediction(o: {
  machines: number;
  meanSum: number;
  capacity: number;
  tasks: number;
  rho: number;
}): Prediction {
  const floor = Math.ceil(o.meanSum / o.capacity - 1e-12);
  return ladderPrediction({
    question: `Before you pack: how many machines of capacity ${o.capacity} does Best Fit + GPA need for these ${o.tasks} tasks at ρ = ${formatNumber(o.rho)}?`,
    answer: o.machines,
    ladder: ONE_BY_ONE,
    label: countLabel(),
    written: `${o.machines} machines`,
    why: `The tasks’ means add up to ${formatFixed(o.meanSum, 2)}, so no packing uses fewer than ${floor} machines of ${o.capacity}; GPA leaves each machine room for its spread as well, and Best Fit needs ${o.machines}. Can you match it?`,
  });
}

/** Waiting a little: what share of online First Fit's machine-seconds a 3 s window saves. */
export function semiOnlinePrediction(o: {
  online: number;
  semiOnline: number;
  offline: number;
}): Prediction {
  const saved = 1 - o.semiOnline / o.online;
  return ladderPrediction({
    question:
      'Six tasks arrive one second apart. Waiting 3 s and placing the window’s tasks together (semi-online) instead of placing each as it comes (online): what share of the online machine-seconds does waiting save?',
    answer: saved,
    ladder: SAVINGS,
    label: rangeLabel(shareLabel),
    written: `${formatPercent(saved, 0)} (${formatCount(Math.round(o.online))} → ${formatCount(Math.round(o.semiOnline))} machine-seconds)`,
    why: `Online First Fit puts a short task beside a long one, and the machine is paid until the long one ends. In a window, First Merged Fit sees which tasks end together and pairs them, so machines close early. Seeing all six at once (offline) saves ${formatPercent(1 - o.offline / o.online, 0)}.`,
  });
}

/** Pooling beats adding percentiles: the tasks pooling fits where percentiles fit `additive`. */
export function poolingPrediction(o: {
  additive: number;
  pooled: number;
  mu: number;
  sigma: number;
}): Prediction {
  const first = o.additive + 1;
  return ladderPrediction({
    question: `Adding each task’s own percentile, μ + Zσ, fits ${o.additive} tasks of μ = ${formatNumber(o.mu)} and σ = ${formatNumber(o.sigma)} on the machine. How many fit when GPA tests the machine’s whole sum at the same ε?`,
    answer: o.pooled,
    ladder: [first, first + 2, first + 4, first + 7, first + 11, first + 16, first + 25],
    label: countLabel(' tasks'),
    written: `${o.pooled} tasks`,
    why: `Means add, but the deviations of independent tasks add in quadrature: n tasks need nμ + Zσ√n, not n(μ + Zσ). The room for the spread grows as √n, so pooling fits ${o.pooled - o.additive} more, and they still overflow at most about ε of the time.`,
  });
}

/** When tasks move together: the replayed q as a multiple of the independent draws' q. */
export function correlationPrediction(o: { ratio: number }): Prediction {
  return ladderPrediction({
    question:
      'Replayed in time, every task’s own sample at each instant summed per machine, what will q be, as a multiple of the q measured on independent draws?',
    answer: o.ratio,
    ladder: RATIOS,
    label: rangeLabel(timesLabel),
    written: Number.isFinite(o.ratio) ? timesLabel(o.ratio) : 'infinitely many times',
    why: 'Jobs of one cluster follow the same daily load and rise together: the variance of a machine’s total is far above the sum of its tasks’ variances, which is all GPA adds, so its Gaussian underestimates the machine’s tail.',
  });
}

/** What one knob means: LVRB's boundary overflow probability at a busy node. */
export function knobPrediction(o: {
  sigma: number;
  risk: number;
  z: number;
  quiet: number;
}): Prediction {
  return ladderPrediction({
    question: `At the documented setting (margin 1, sensitivity 2), a busy node with σ = ${formatNumber(o.sigma)} sits exactly at LVRB’s boundary. Under a Gaussian, how likely is it to overflow? (GPA would allow 0.01.)`,
    answer: o.risk,
    ladder: PROBABILITIES,
    label: rangeLabel(probabilityTick),
    written: probabilityTick(o.risk),
    why: `LVRB keeps σ^(1/2) = ${formatNumber(Math.sqrt(o.sigma), 3)} of room above the mean, which is ${formatFixed(o.z, 1)} deviations of this node; a Gaussian exceeds that with probability ${probabilityTick(o.risk)}. A quiet node (σ = 0.04) gets 5 deviations and ${probabilityTick(o.quiet)}: one knob, very different promises.`,
  });
}
