/**
 * The fit tests' descriptions, one line each, in the order the panel lists them (SPEC §5's tests,
 * then the tail-aware ones). Everything that lists, labels, groups, parses, formats, tunes,
 * calibrates, plots or links fit tests reads this list; their code is listed apart (`code.ts`), so
 * the first page carries the descriptions only. A new fit test is one new file (its `FitEntry` and
 * its `FitCode`), one line here and one in `code.ts` (README.md says how).
 */
import { AV_FIT } from './entries/av.ts';
import { BERN_FIT } from './entries/bernstein.ts';
import { CANTELLI_FIT } from './entries/cantelli.ts';
import { CONV_FIT } from './entries/convolution.ts';
import { COV_FIT } from './entries/covariance.ts';
import { CF_FIT } from './entries/cornishFisher.ts';
import { EMP_FIT } from './entries/empirical.ts';
import { EMP_MARGIN_FIT } from './entries/empiricalMargin.ts';
import { AUTOPILOT_FIT } from './entries/autopilot.ts';
import { MAX_PREDICTOR_FIT, NSIGMA_FIT } from './entries/nSigma.ts';
import { checkRange } from '../ranges.ts';
import type { FitSpec } from './fitTest.ts';
import { FIT_GROUPS, type FitCode, type FitEntry, type FitPlugin } from './entry.ts';
import { GPA_FIT } from './entries/gpa.ts';
import { HOD_FIT } from './entries/hourOfDay.ts';
import { HOEFF_FIT } from './entries/hoeffding.ts';
import { MAX_FIT, PERC_FIT } from './entries/perc.ts';
import { PEAK_FIT } from './entries/peak.ts';
import { CRANE_FIT } from './entries/crane.ts';
import { KOORD_FIT } from './entries/koordinator.ts';
import { OVERCOMMIT_FIT } from './entries/overcommit.ts';
import { LVRB_FIT } from './entries/trimaranLvrb.ts';
import { TLP_FIT } from './entries/trimaranTlp.ts';
import { VPA_FIT } from './entries/vpa.ts';

const entries: FitEntry[] = [
  GPA_FIT,
  CANTELLI_FIT,
  AV_FIT,
  PERC_FIT,
  MAX_FIT,
  CF_FIT,
  EMP_FIT,
  CONV_FIT,
  BERN_FIT,
  HOEFF_FIT,
  COV_FIT,
  PEAK_FIT,
  NSIGMA_FIT,
  MAX_PREDICTOR_FIT,
  EMP_MARGIN_FIT,
  KOORD_FIT,
  TLP_FIT,
  LVRB_FIT,
  CRANE_FIT,
  OVERCOMMIT_FIT,
  VPA_FIT,
  AUTOPILOT_FIT,
  HOD_FIT,
];

const listeners: ((entry: FitEntry) => void)[] = [];
const pluginCode = new Map<string, FitCode['create']>();

/** Every registered fit test, in registry order. */
export function fitEntries(): readonly FitEntry[] {
  return entries;
}

export function fitEntry(kind: string): FitEntry | undefined {
  return entries.find((e) => e.kind === kind);
}

/**
 * Adds a fit test after the built-in ones (a plug-in, or a test's toy), its description and its
 * code at once: it is parsed, printed, offered by the panel, packed and, with `tuning`, tuned like
 * the others from then on.
 */
export function registerFit(plugin: FitPlugin): void {
  const { create, ...entry } = plugin;
  if (!/^[a-z][a-z0-9]*$/.test(entry.kind))
    throw new RangeError(`invalid fit test name: "${entry.kind}" (need lower-case letters/digits)`);
  if (!FIT_GROUPS.some((g) => g.group === entry.group))
    throw new RangeError(`invalid fit test group: "${entry.group}" (fit test "${entry.kind}")`);
  if (fitEntry(entry.kind)) throw new RangeError(`fit test "${entry.kind}" is already registered`);
  entries.push(entry);
  pluginCode.set(entry.kind, create);
  for (const listen of listeners) listen(entry);
}

/** Calls `listen` for every entry now and for each one registered later (derived tables use it). */
export function onFitEntry(listen: (entry: FitEntry) => void): void {
  for (const e of entries) listen(e);
  listeners.push(listen);
}

/** The code of a fit test added by `registerFit`. */
export function registeredCode(kind: string): FitCode['create'] | undefined {
  return pluginCode.get(kind);
}

/** "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The spec's parameter values, in its entry's notation order. */
export function valuesOf(entry: FitEntry, spec: FitSpec): number[] {
  const fields = spec as unknown as Readonly<Record<string, number>>;
  return entry.parameters.map((p) => fields[p.key]);
}

export function entryOf(kind: string): FitEntry {
  const entry = fitEntry(kind);
  if (!entry)
    throw new RangeError(
      `unknown fit test: "${kind}" (expected ${orList(fitEntries().map((e) => e.kind))})`,
    );
  return entry;
}

/** The spec, its kind and each parameter checked against the registry (its code is not built). */
export function checkFit(spec: FitSpec): FitSpec {
  const entry = entryOf(spec.kind);
  const values = valuesOf(entry, spec);
  entry.parameters.forEach((p, k) => checkRange(p.range, values[k]));
  return spec;
}
