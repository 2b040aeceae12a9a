/**
 * What a fit test brings to the registry (`registry.ts`): its name in the notation, its parameters
 * with their valid ranges, how to build it, and (optionally) how the tuner sweeps its parameter. The
 * parser, the notation, the tuner's families, the URL codec and the parameter panel all read this.
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
  /**
   * Optional: values with equal keys on the same number of observed columns make every packing
   * decision the same (so the tuner packs once for all of them).
   */
  readonly decisionKey?: (value: number, columns: number) => number;
}

export interface FitEntry {
  /** The name in the notation and the spec's `kind`, e.g. "gpa". */
  readonly kind: string;
  /** The panel's option text, e.g. "GPA (Gaussian, ρ)". */
  readonly label: string;
  /** In notation order (`conv:ρ:w`). */
  readonly parameters: readonly FitParameter[];
  /** The spec the panel picks when the user switches to this test. */
  readonly example: FitSpec;
  /** The test at these parameter values (in `parameters` order, each already in its range). */
  create(values: readonly number[]): FitTest;
  /** Present when the tuner and calibration sweep the first parameter. */
  readonly tuning?: FitTuning;
}

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
