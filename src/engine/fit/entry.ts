/**
 * What a fit test brings to the registry (`registry.ts`): its name in the notation, its group, its
 * parameters with their valid ranges, inputs and values for property tests, its family on plots,
 * the points the Trade-off view sweeps, what its slack means, how to build it, and (optionally) how
 * the tuner sweeps its parameter. Everything that lists, labels, groups, parses, formats, tunes,
 * calibrates, plots or links fit tests reads this (see README.md).
 */
import type { NumberRange } from '../ranges.ts';
import type { FitSpec, FitTest } from './fitTest.ts';

/** How the parameter panel offers a parameter: a log slider or a number field, and its bounds. */
export interface FitInput {
  readonly label: string;
  readonly widget: 'log-slider' | 'number';
  readonly min: number;
  readonly max: number;
  readonly hint?: string;
}

export interface FitParameter {
  /** The spec's field, e.g. "rho". */
  readonly key: string;
  readonly range: NumberRange;
  /** A trailing parameter with a default may be left out of the notation (conv's bin width). */
  readonly default?: number;
  readonly input: FitInput;
  /** The values property tests draw from (a sensible part of `range`). */
  readonly arbitrary: { readonly min: number; readonly max: number };
  /**
   * Where the notation has no default: the value it is held at when the tuner or the schedulers'
   * catalog sweeps the first parameter and leaves this one out.
   */
  readonly held?: number;
}

/** The tuner's view of a one-parameter family (SPEC §5; tune/families.ts). */
export interface FitTuning {
  /** e.g. "GPA ρ". */
  readonly label: string;
  /** +1: a larger value is more conservative (more machines); −1: a smaller one is. */
  readonly direction: 1 | -1;
  /** How the grid is refined between two values: geometrically or linearly. */
  readonly scale: 'log' | 'linear';
  /** Default coarse grid, aggressive to conservative. */
  readonly grid: readonly number[];
  /** The SLO a parameter value nominally asks for (null: none). */
  nominalSlo(value: number): number | null;
  /** What `nominalSlo` is, for the calibration's caption, e.g. "ρ itself". */
  readonly nominalSloMeaning: string;
  /** Its place among the tuner's default families (absent: tuned only when asked). */
  readonly defaultRank?: number;
  /**
   * Its place among the families the time-aligned tuner sweeps by default (`tune --mode aligned`,
   * the advice report, the Tune view's walk-forward), whose pick `pickTuned` makes; absent: tuned
   * there only when asked.
   */
  readonly alignedRank?: number;
  /**
   * Optional: values with equal keys on the same number of observed columns make every packing
   * decision the same (so the tuner packs once for all of them).
   */
  readonly decisionKey?: (value: number, columns: number) => number;
}

/**
 * Which kind of fit test it is: the paper's (SPEC §5, its grid in SPEC §8), tail-aware (beside the
 * Trade-off view's paper grid), correlation-aware or a scheduler's rule.
 */
export type FitGroup = 'paper' | 'tail-aware' | 'correlation-aware' | 'scheduler';

export const FIT_GROUPS: readonly { readonly group: FitGroup; readonly label: string }[] = [
  { group: 'paper', label: "the paper's fit tests" },
  { group: 'tail-aware', label: 'tail-aware fit tests' },
  { group: 'correlation-aware', label: 'correlation-aware fit tests' },
  { group: 'scheduler', label: "schedulers' rules" },
];

/** A fit test's place on the trade-off plot and in reports. */
export interface FitFamilyName {
  /** e.g. "GPA ρ"; tests sharing a name are one line on the plot. */
  readonly name: string;
  /** Where a test without parameters sits on the family's axis (max: perc p at 100). */
  readonly at?: number;
}

export interface FitEntry {
  /** The name in the notation and the spec's `kind`, e.g. "gpa" (notation `gpa:0.01`). */
  readonly kind: string;
  /** The panel's option text, e.g. "GPA (Gaussian, ρ)". */
  readonly label: string;
  readonly group: FitGroup;
  /** Its family on the trade-off plot and in the paper lab's reports, e.g. "GPA ρ". */
  readonly family: FitFamilyName;
  /** What its slack means, for captions, e.g. "ρ − P(overflow) under the Gaussian". */
  readonly slackMeaning: string;
  /**
   * The Trade-off view's points, parameter values in notation order (a trailing default may be
   * left out); for the paper's tests, the grid of SPEC §8.
   */
  readonly sweep: readonly (readonly number[])[];
  /** Whether its sizes read per-task percentiles (warmed beside the moments before packing). */
  readonly readsPercentiles?: boolean;
  /** In notation order (`conv:ρ:w`). */
  readonly parameters: readonly FitParameter[];
  /** The spec the panel picks when the user switches to this test. */
  readonly example: FitSpec;
  /** Present when the tuner and calibration sweep the first parameter. */
  readonly tuning?: FitTuning;
  /** What it can do beyond its slack; callers ask for a capability, never for a kind. */
  readonly capabilities?: FitCapabilities;
}

export interface FitCapabilities {
  /**
   * It decides by the Gaussian N(Σμ, Σσ²) at its `rho`: the machine's (1 − ρ) percentile
   * μ + z_ρ·σ is its boundary, so a pre-check may screen by z_ρ, the machine view draws that
   * percentile and the lessons read its ρ (`gaussianRho`).
   */
  readonly gaussian?: boolean;
}

/**
 * A fit test's code, apart from its description (`FitEntry`) so that what lists, parses and
 * labels fit tests (the first page) does not carry every test's implementation (`code.ts` lists
 * them; the packing reads them).
 */
export interface FitCode {
  readonly kind: string;
  /** The test at these parameter values (in `parameters` order, each already in its range). */
  create(values: readonly number[]): FitTest;
}

/** A fit test added at run time (`registerFit`): its description and its code together. */
export type FitPlugin = FitEntry & Omit<FitCode, 'kind'>;

/** The tuner's grids: `points` values from `from` to `to`, evenly spaced in log10. */
export function logGrid(from: number, to: number, points: number): number[] {
  const a = Math.log10(from);
  const b = Math.log10(to);
  return Array.from({ length: points }, (_, k) => round(10 ** (a + ((b - a) * k) / (points - 1))));
}

/** From `from` to `to` by `step`. */
export function linearGrid(from: number, to: number, step: number): number[] {
  const n = Math.round((to - from) / step);
  return Array.from({ length: n + 1 }, (_, k) => round(from + k * step));
}

/** Four significant digits: grid values print and parse back unchanged. */
export function round(v: number): number {
  return Number(v.toPrecision(4));
}
