/**
 * Fit-test families for calibration and tuning, read from the fit-test registry: each maps one
 * parameter to a fit test (SPEC §5 and the tail-aware tests), with a default grid ordered from
 * aggressive (fewer machines) to conservative, and the SLO the parameter nominally asks for.
 */
import {
  DEFAULT_BIN,
  onFitEntry,
  fitEntry,
  fitSpec,
  type FitEntry,
  type FitSpec,
  type FitTuning,
} from '../fit/index.ts';
import { round } from '../fit/entry.ts';

/**
 * A fit test the tuner sweeps: any registered test that declares `tuning` (read from the registry
 * at run time, plug-ins included; `checkFamily` is the gate), so the type is its name.
 */
export type FitFamily = string;

/** The families in registry order; a test registered later with `tuning` is appended. */
export const FAMILIES: readonly FitFamily[] = [];

/** The paper's families (SPEC §5), which a tail-aware test must beat once both are tuned. */
export const PAPER_FAMILIES: readonly FitFamily[] = [];
/** The families the tuner sweeps unless told otherwise, by their `defaultRank`. */
export const DEFAULT_FAMILIES: readonly FitFamily[] = [];
/**
 * The families the time-aligned tuner sweeps unless told otherwise (its candidates for advice that
 * holds on the days after), by their `alignedRank`.
 */
export const ALIGNED_FAMILIES: readonly FitFamily[] = [];

export interface FamilyInfo {
  readonly family: FitFamily;
  /** e.g. "GPA ρ". */
  readonly label: string;
  /** The swept parameter's field in the spec, e.g. "rho", and its symbol, e.g. "ρ". */
  readonly key: string;
  readonly parameter: string;
  /** +1: a larger value is more conservative (more machines); −1: a smaller one is. */
  readonly direction: 1 | -1;
  /** How the grid is refined between two values: geometrically or linearly. */
  readonly scale: 'log' | 'linear';
  readonly min: number;
  readonly max: number;
  /** Default coarse grid, aggressive to conservative. */
  readonly grid: readonly number[];
  /** What the SLO a value nominally requests is, for the calibration's caption. */
  readonly nominalSloMeaning: string;
}

export { round };

function familyInfo(entry: FitEntry): FamilyInfo | null {
  const tuning = entry.tuning;
  if (!tuning || entry.parameters.length === 0) return null;
  const { key, range } = entry.parameters[0];
  return {
    family: entry.kind as FitFamily,
    label: tuning.label,
    key,
    parameter: range.symbol,
    direction: tuning.direction,
    scale: tuning.scale,
    min: range.min,
    max: range.max,
    grid: tuning.grid,
    nominalSloMeaning: tuning.nominalSloMeaning,
  };
}

export const FAMILY_INFO = {} as Record<FitFamily, FamilyInfo>;

onFitEntry((entry) => {
  const info = familyInfo(entry);
  if (!info) return;
  (FAMILIES as FitFamily[]).push(info.family);
  FAMILY_INFO[info.family] = info;
  if (entry.group === 'paper') (PAPER_FAMILIES as FitFamily[]).push(info.family);
  const ranked = (list: readonly FitFamily[], rank: (t: FitTuning) => number | undefined) => {
    if (rank(entry.tuning!) === undefined) return;
    const families = list as FitFamily[];
    families.push(info.family);
    const rankOf = (f: FitFamily) => rank(fitEntry(f)!.tuning!) ?? Infinity;
    families.sort((a, b) => rankOf(a) - rankOf(b));
  };
  ranked(DEFAULT_FAMILIES, (t) => t.defaultRank);
  ranked(ALIGNED_FAMILIES, (t) => t.alignedRank);
});

export function checkFamily(name: string): FitFamily {
  if (!(FAMILIES as readonly string[]).includes(name))
    throw new RangeError(`unknown fit family: "${name}" (expected ${FAMILIES.join(', ')})`);
  return name as FitFamily;
}

function tunable(family: FitFamily): FitEntry & { readonly tuning: FitTuning } {
  return fitEntry(checkFamily(family)) as FitEntry & { readonly tuning: FitTuning };
}

/** The fit test of a family at one parameter value; a second parameter (conv's bin width) is `bin`. */
export function familySpec(family: FitFamily, value: number, bin = DEFAULT_BIN): FitSpec {
  const entry = tunable(family);
  return fitSpec(
    entry,
    entry.parameters.map((p, k) => (k === 0 ? value : p.key === 'bin' ? bin : undefined)),
  );
}

/**
 * The SLO a parameter nominally asks for: ρ itself; Cantelli's one-task bound 1/(1 + b²) (GPA paper
 * §5); perc p's one-task exceedance 1 − p/100; none for av.
 */
export function nominalSlo(family: FitFamily, value: number): number | null {
  return tunable(family).tuning.nominalSlo(value);
}

/**
 * A key shared by values whose packings are the same on folds of these column counts (the fit
 * test's `decisionKey`), or null when the family has none.
 */
export function decisionKey(
  family: FitFamily,
  value: number,
  columns: readonly number[],
): string | null {
  const key = tunable(family).tuning.decisionKey;
  return key ? columns.map((c) => key(value, c)).join(':') : null;
}

/** Sorts values from aggressive to conservative, without duplicates. */
export function byConservativeness(family: FitFamily, values: Iterable<number>): number[] {
  const d = FAMILY_INFO[family].direction;
  return [...new Set(values)].sort((a, b) => d * (a - b));
}

/** `points` values strictly between a and b, evenly spaced on the family's scale. */
export function between(family: FitFamily, a: number, b: number, points: number): number[] {
  const info = FAMILY_INFO[family];
  const out: number[] = [];
  for (let k = 1; k <= points; k++) {
    const w = k / (points + 1);
    const v =
      info.scale === 'log' && a > 0 && b > 0
        ? Math.exp(Math.log(a) + w * (Math.log(b) - Math.log(a)))
        : a + w * (b - a);
    const r = round(v);
    if (r !== a && r !== b) out.push(r);
  }
  return [...new Set(out)];
}
