/**
 * The cluster over time (SPEC §12; semi-online paper, Armant et al. 2018): tasks that arrive, run
 * and leave, packed window by window. Everything here is plain data (typed arrays where large) so a
 * result crosses a worker boundary unchanged.
 */
import type { OneResourceSlo } from '../fit/slo.ts';

/** A usage series per task, sampled every `step` s from the task's start (SPEC §12). */
export interface UsageSeries {
  readonly step: number;
  /** Task i's samples are values[offsets[i] .. offsets[i + 1]). */
  readonly offsets: Int32Array;
  readonly values: Float32Array;
}

/** Tasks as columns: task i is (ids[i], arrival[i], duration[i], estimate[i], size[i], ...). */
export interface TimelineTasks {
  readonly count: number;
  readonly ids: readonly string[];
  /** t_a, s. */
  readonly arrival: Float64Array;
  /** True duration d_a, s. */
  readonly duration: Float64Array;
  /** Estimated duration d̂_a, s, before any duration-error model (= duration unless given). */
  readonly estimate: Float64Array;
  /** q_a, a fraction of a machine (request or a usage statistic). */
  readonly size: Float64Array;
  /** Optional memory fraction (carried, not packed). */
  readonly memory: Float64Array | null;
  /** Mean and standard deviation of usage for stochastic fit tests (null: mean = size, sd = 0). */
  readonly mean: Float64Array | null;
  readonly sd: Float64Array | null;
  readonly usage: UsageSeries | null;
  /** Where the tasks came from, for messages and reports. */
  readonly source: string;
}

export const POLICIES = ['fmf', 'ff', 'nf', 'bfr', 'bfd', 'mrr', 'mrd', 'ss', 'ha'] as const;
export type Policy = (typeof POLICIES)[number];
export const ORDERS = ['list', 'd', 'dreq', 'ddtr', 'rand'] as const;
export type TaskOrder = (typeof ORDERS)[number];

/** Hard capacity on sizes, or the GPA chance constraint on (Σμ, Σσ²) at risk ρ: the one-resource SLO. */
export type TimelineFit = OneResourceSlo;

export interface TimelineParams {
  readonly policy: Policy;
  readonly order: TaskOrder;
  /** tw, s; 0 = online. */
  readonly window: number;
  /** Machine capacity c. */
  readonly capacity: number;
  readonly fit: TimelineFit;
  /** Duration-estimate error x ≥ 0 (1 = 100 %). */
  readonly durationError: number;
  readonly seed: number;
  /**
   * Floor of a running task's expected remaining duration: 'zero' (the authors' code) or
   * 'window' (the paper's "at least a time step"), semionline-notes §1.6.
   */
  readonly remainingFloor: 'zero' | 'window';
  /** SS's score (policies.ts): the paper's Σ N(g)² change (default) or the authors' code's. */
  readonly sumOfSquares?: 'paper' | 'authors';
  /** NF's pointer between windows (policies.ts): the machine last used (default) or a list position. */
  readonly nextFitPointer?: 'machine' | 'position';
  /**
   * Which uses of the estimates see the duration error (an experiment on BFD and MRD): 'all'
   * (default); 'score' — only the |l_m − d̂_a| that picks the machine, while the task order, the
   * machine order and l_m's bookkeeping see the unperturbed estimates; 'rest' — all but that score.
   */
  readonly durationErrorScope?: DurationErrorScope;
}

export const DURATION_ERROR_SCOPES = ['all', 'score', 'rest'] as const;
export type DurationErrorScope = (typeof DURATION_ERROR_SCOPES)[number];

export const DEFAULT_PARAMS: TimelineParams = {
  policy: 'fmf',
  order: 'd',
  window: 2,
  capacity: 1,
  fit: { kind: 'size' },
  durationError: 0,
  seed: 0,
  remainingFloor: 'zero',
};

/** A step function: value[k] holds on [time[k], time[k + 1]). */
export interface StepSeries {
  readonly time: Float64Array;
  readonly value: Float64Array;
}

export interface OverflowMap {
  /** Δ of the usage series, s. */
  readonly step: number;
  /** Overflowing machine-steps as (machine, step index k: time k·Δ) pairs. */
  readonly machine: Int32Array;
  readonly stepIndex: Int32Array;
  /** Per machine: active steps and overflowing steps. */
  readonly activeSteps: Int32Array;
  readonly overflowSteps: Int32Array;
}

export interface TimelineResult {
  readonly params: TimelineParams;
  readonly tasks: number;
  /** Non-empty windows (batches) handed to the policy. */
  readonly batches: number;
  /** Per task: machine, start t̄_a, actual end, the estimate the policy saw. */
  readonly machineOf: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly estimateSeen: Float64Array;
  /** Per machine: first task's start, last task's end (the machine's active interval). */
  readonly machineOpen: Float64Array;
  readonly machineClose: Float64Array;
  /** Σ over machines of (close − open), s. */
  readonly machineSeconds: number;
  /** Σ q_a·d_a / c, s. */
  readonly areaBoundSeconds: number;
  /** ∫ ⌈load(t)/c⌉ dt over the schedule's start times (semionline-notes §5.1 item 9), s. */
  readonly lowerBoundSeconds: number;
  readonly peakMachines: number;
  /** Active machines over time. */
  readonly active: StepSeries;
  /** Cumulative machine-seconds at each change point of `active`. */
  readonly cumulative: StepSeries;
  readonly startDelayMax: number;
  readonly startDelayMean: number;
  /** Usage-series metrics (null without usage series). */
  readonly overflow: OverflowMap | null;
  readonly qTime: number | null;
}
