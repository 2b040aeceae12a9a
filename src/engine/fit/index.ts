import { decimalOrNull } from '../numberText.ts';
import { checkRange } from '../ranges.ts';
import type { FitEntry } from './entry.ts';
import type { FitSpec } from './fitTest.ts';
import { entryOf, fitEntries, orList, valuesOf } from './registry.ts';

export type {
  FitKind,
  FitSpec,
  FitSpecs,
  FitTest,
  MachineState,
  MachineSums,
  TaskSizes,
} from './fitTest.ts';
export type {
  FitCapabilities,
  FitCode,
  FitEntry,
  FitFamilyName,
  FitGroup,
  FitInput,
  FitParameter,
  FitPlugin,
  FitTuning,
} from './entry.ts';
export { FIT_GROUPS } from './entry.ts';
export { checkFit, fitEntries, fitEntry, onFitEntry, registerFit } from './registry.ts';
export { fitTest } from './code.ts';
export { registerGroupMargin } from './groupMargin.ts';
export { gaussianLoadAt, gaussianOverflow } from './gpa.ts';
export {
  CLUSTER_SLO,
  EPSILON,
  EPSILON_SPLITS,
  RESIZE_SLO,
  TIMELINE_SLO,
  Z_SCORE,
  formatSlo,
  parseSlo,
  type EpsilonSplit,
  type OneResourceSlo,
  type ResizeSlo,
  type ResourcesSlo,
  type Slo,
  type SloForm,
  type SloKind,
} from './slo.ts';
export { antiColocated } from './antiColocation.ts';
export * from './scheduler/index.ts';
export { cornishFisherOverflow } from './cornishFisher.ts';
export { bernsteinMargin } from './bernstein.ts';
export { MachineDistribution, capacityBins } from './convolution.ts';
export { DEFAULT_BIN, MAX_BINS, checkBin } from './entries/convolution.ts';

/**
 * The spec of an entry at parameter values in notation order, each checked against its range; a
 * value left out takes the parameter's default, else the value it is `held` at.
 */
export function fitSpec(entry: FitEntry, values: readonly (number | undefined)[]): FitSpec {
  const spec: Record<string, unknown> = { kind: entry.kind };
  entry.parameters.forEach((p, k) => {
    const value = values[k] ?? p.default ?? p.held;
    if (value === undefined)
      throw new RangeError(`fit test "${entry.kind}": ${p.range.name} is missing`);
    spec[p.key] = checkRange(p.range, value);
  });
  return spec as unknown as FitSpec;
}

/** The notation, e.g. "gpa:ρ, cantelli:b, …, conv:ρ[:w]", from the registry. */
export function fitNotation(): string {
  return orList(
    fitEntries().map((e) =>
      [
        e.kind,
        ...e.parameters.map((p) =>
          p.default === undefined ? `:${p.range.symbol}` : `[:${p.range.symbol}]`,
        ),
      ].join(''),
    ),
  );
}

/**
 * Parses the peer's notation: `gpa:0.01`, `cantelli:1.7`, `av:1.25`, `perc:95`, `max`; and the
 * tail-aware tests `cf:ρ`, `emp:ρ`, `conv:ρ` or `conv:ρ:w` (bin width w), `bern:ρ`, `hoeff:ρ`. A
 * value outside its range is refused with the range's message (`invalid ρ: 2 (need 0 < ρ < 1)`).
 */
export function parseFit(text: string): FitSpec {
  const [name, ...args] = text.trim().split(':');
  const entry = entryOf(name);
  const required = entry.parameters.filter((p) => p.default === undefined).length;
  const values = args.map(decimalOrNull);
  if (
    args.length < required ||
    args.length > entry.parameters.length ||
    values.some((v) => v === null)
  )
    throw new RangeError(`invalid fit test: "${text}" (expected ${fitNotation()})`);
  return fitSpec(entry, values as number[]);
}

/** What is wrong with a fit test's text, or null when `parseFit` accepts it. */
export function fitProblem(text: string): string | null {
  try {
    parseFit(text);
    return null;
  } catch (e) {
    if (e instanceof RangeError) return e.message;
    throw e;
  }
}

/** The notation of a spec; a trailing parameter at its default is left out (`conv:0.01`). */
export function formatFit(spec: FitSpec): string {
  const entry = entryOf(spec.kind);
  const values = valuesOf(entry, spec);
  let n = values.length;
  while (n > 0 && entry.parameters[n - 1].default === values[n - 1]) n--;
  return [spec.kind, ...values.slice(0, n)].join(':');
}

/** The fit tests of the paper's grid (SPEC §8): the paper group's sweeps, test by test (the peer's order). */
export const PAPER_FITS: readonly FitSpec[] = fitEntries()
  .filter((e) => e.group === 'paper')
  .flatMap((e) => e.sweep.map((values) => fitSpec(e, values)));

/**
 * The fit tests the Trade-off view adds beside the paper's grid (tail-aware and every other group,
 * plug-ins included): each test's sweep, point by point (all tests at the first SLO, then the next).
 */
export function tailFits(): FitSpec[] {
  const others = fitEntries().filter((e) => e.group !== 'paper');
  const points = Math.max(0, ...others.map((e) => e.sweep.length));
  const out: FitSpec[] = [];
  for (let k = 0; k < points; k++)
    for (const e of others) if (k < e.sweep.length) out.push(fitSpec(e, e.sweep[k]));
  return out;
}

/** A spec's family on the trade-off plot and in reports, and its value on the family's axis. */
export function fitFamily(spec: FitSpec): { family: string; parameter: number } {
  const entry = entryOf(spec.kind);
  const parameter = entry.family.at ?? valuesOf(entry, spec)[0];
  return { family: entry.family.name, parameter };
}

/** What the slack of a fit test means, for captions. */
export function slackMeaning(kind: string): string {
  return entryOf(kind).slackMeaning;
}

/** The ρ of a test deciding by the Gaussian at ρ (its `gaussian` capability), else null. */
export function gaussianRho(spec: FitSpec): number | null {
  if (!entryOf(spec.kind).capabilities?.gaussian) return null;
  return (spec as unknown as { readonly rho: number }).rho;
}

/** Whether a spec's sizes read per-task percentiles. */
export function readsPercentiles(spec: FitSpec): boolean {
  return entryOf(spec.kind).readsPercentiles === true;
}
export { BIN_WIDTH } from './entries/convolution.ts';
export { RHO } from './entries/gpa.ts';
