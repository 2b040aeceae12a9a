/**
 * The fit tests, one line each, in the order the panel lists them (SPEC §5's tests, then the
 * tail-aware ones). Everything that lists, labels, groups, parses, formats, tunes, calibrates, plots
 * or links fit tests reads this list; a new fit test is one new file (its `FitEntry`) and one line
 * here (README.md says how).
 */
import { AV_FIT } from './av.ts';
import { BERN_FIT } from './bernstein.ts';
import { CANTELLI_FIT } from './cantelli.ts';
import { CONV_FIT } from './convolution.ts';
import { COV_FIT } from './covariance.ts';
import { CF_FIT } from './cornishFisher.ts';
import { EMP_FIT } from './empirical.ts';
import { FIT_GROUPS, type FitEntry } from './entry.ts';
import { GPA_FIT } from './gpa.ts';
import { HOEFF_FIT } from './hoeffding.ts';
import { MAX_FIT, PERC_FIT } from './perc.ts';
import { PEAK_FIT } from './peak.ts';
import { CRANE_FIT } from './scheduler/crane.ts';
import { KOORD_FIT } from './scheduler/koordinator.ts';
import { OVERCOMMIT_FIT } from './scheduler/overcommit.ts';
import { LVRB_FIT } from './scheduler/trimaranLvrb.ts';
import { TLP_FIT } from './scheduler/trimaranTlp.ts';
import { VPA_FIT } from './scheduler/vpa.ts';

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
  KOORD_FIT,
  TLP_FIT,
  LVRB_FIT,
  CRANE_FIT,
  OVERCOMMIT_FIT,
  VPA_FIT,
];

const listeners: ((entry: FitEntry) => void)[] = [];

/** Every registered fit test, in registry order. */
export function fitEntries(): readonly FitEntry[] {
  return entries;
}

export function fitEntry(kind: string): FitEntry | undefined {
  return entries.find((e) => e.kind === kind);
}

/**
 * Adds a fit test after the built-in ones (a plug-in, or a test's toy): it is parsed, printed,
 * offered by the panel and, with `tuning`, tuned like the others from then on.
 */
export function registerFit(entry: FitEntry): void {
  if (!/^[a-z][a-z0-9]*$/.test(entry.kind))
    throw new RangeError(`invalid fit test name: "${entry.kind}" (need lower-case letters/digits)`);
  if (!FIT_GROUPS.some((g) => g.group === entry.group))
    throw new RangeError(`invalid fit test group: "${entry.group}" (fit test "${entry.kind}")`);
  if (fitEntry(entry.kind)) throw new RangeError(`fit test "${entry.kind}" is already registered`);
  entries.push(entry);
  for (const listen of listeners) listen(entry);
}

/** Calls `listen` for every entry now and for each one registered later (derived tables use it). */
export function onFitEntry(listen: (entry: FitEntry) => void): void {
  for (const e of entries) listen(e);
  listeners.push(listen);
}
