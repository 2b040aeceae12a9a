/**
 * Fit-test families for calibration and tuning (issue 7): each maps one parameter to a fit test
 * (SPEC §5 and the tail-aware tests), with a default grid ordered from aggressive (fewer machines)
 * to conservative, and the SLO the parameter nominally asks for.
 */
import { DEFAULT_BIN, type FitSpec } from '../fit/index.ts';

export const FAMILIES = [
  'gpa',
  'cantelli',
  'av',
  'perc',
  'cf',
  'emp',
  'conv',
  'bern',
  'hoeff',
] as const;
export type FitFamily = (typeof FAMILIES)[number];

/** The paper's families (SPEC §5), which a tail-aware test must beat once both are tuned. */
export const PAPER_FAMILIES: readonly FitFamily[] = ['gpa', 'av', 'perc', 'cantelli'];
export const DEFAULT_FAMILIES: readonly FitFamily[] = [
  'gpa',
  'av',
  'perc',
  'cantelli',
  'cf',
  'emp',
  'conv',
  'bern',
];

export interface FamilyInfo {
  readonly family: FitFamily;
  /** e.g. "GPA ρ". */
  readonly label: string;
  readonly parameter: string;
  /** +1: a larger value is more conservative (more machines); −1: a smaller one is. */
  readonly direction: 1 | -1;
  /** How the grid is refined between two values: geometrically or linearly. */
  readonly scale: 'log' | 'linear';
  readonly min: number;
  readonly max: number;
  /** Default coarse grid, aggressive to conservative. */
  readonly grid: readonly number[];
}

function logGrid(from: number, to: number, points: number): number[] {
  const a = Math.log10(from);
  const b = Math.log10(to);
  return Array.from({ length: points }, (_, k) => round(10 ** (a + ((b - a) * k) / (points - 1))));
}

function linearGrid(from: number, to: number, step: number): number[] {
  const n = Math.round((to - from) / step);
  return Array.from({ length: n + 1 }, (_, k) => round(from + k * step));
}

/** Four significant digits: grid values print and parse back unchanged. */
export function round(v: number): number {
  return Number(v.toPrecision(4));
}

const rhoFamily = (family: FitFamily, label: string, grid: number[]): FamilyInfo => ({
  family,
  label,
  parameter: 'ρ',
  direction: -1,
  scale: 'log',
  min: 0,
  max: 1,
  grid,
});

export const FAMILY_INFO: Record<FitFamily, FamilyInfo> = {
  gpa: rhoFamily('gpa', 'GPA ρ', logGrid(0.2, 1e-8, 16)),
  cf: rhoFamily('cf', 'GPA + Cornish–Fisher ρ', logGrid(0.2, 1e-8, 16)),
  conv: rhoFamily('conv', 'convolution ρ', logGrid(0.2, 1e-8, 16)),
  emp: rhoFamily('emp', 'empirical sum ρ', logGrid(0.2, 1e-5, 12)),
  bern: rhoFamily('bern', 'Bernstein ρ', logGrid(0.95, 1e-6, 14)),
  hoeff: rhoFamily('hoeff', 'Hoeffding ρ', logGrid(0.95, 1e-6, 14)),
  cantelli: {
    family: 'cantelli',
    label: 'Cantelli b',
    parameter: 'b',
    direction: 1,
    scale: 'linear',
    min: 0,
    max: Infinity,
    grid: linearGrid(0, 8, 0.5),
  },
  av: {
    family: 'av',
    label: 'av f',
    parameter: 'f',
    direction: 1,
    scale: 'linear',
    min: 0,
    max: Infinity,
    grid: linearGrid(0.75, 3, 0.125),
  },
  perc: {
    family: 'perc',
    label: 'perc p',
    parameter: 'p',
    direction: 1,
    scale: 'linear',
    min: 0,
    max: 100,
    grid: linearGrid(40, 100, 2.5),
  },
};

export function checkFamily(name: string): FitFamily {
  if (!(FAMILIES as readonly string[]).includes(name))
    throw new RangeError(`unknown fit family: "${name}" (expected ${FAMILIES.join(', ')})`);
  return name as FitFamily;
}

/** The fit test of a family at one parameter value (conv with bin width `bin`). */
export function familySpec(family: FitFamily, value: number, bin = DEFAULT_BIN): FitSpec {
  switch (family) {
    case 'gpa':
    case 'cf':
    case 'emp':
    case 'bern':
    case 'hoeff':
      return { kind: family, rho: value };
    case 'conv':
      return { kind: 'conv', rho: value, bin };
    case 'cantelli':
      return { kind: 'cantelli', b: value };
    case 'av':
      return { kind: 'av', f: value };
    case 'perc':
      return { kind: 'perc', p: value };
  }
}

/**
 * The SLO a parameter nominally asks for: ρ itself; Cantelli's one-task bound 1/(1 + b²) (GPA paper
 * §5); perc p's one-task exceedance 1 − p/100; none for av.
 */
export function nominalSlo(family: FitFamily, value: number): number | null {
  switch (family) {
    case 'cantelli':
      return 1 / (1 + value * value);
    case 'perc':
      return 1 - value / 100;
    case 'av':
      return null;
    default:
      return value;
  }
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
