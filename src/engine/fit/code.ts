/**
 * The fit tests' code, one line each, beside their descriptions (`registry.ts`): only the packing
 * reads it (`fitTest`), so the first page, which lists, parses and labels fit tests, leaves it out
 * (a module of its own: a bundle's chunk holds whole modules, so `fitTest` in `index.ts` would
 * bring every test's code along wherever the notation goes).
 */
import { AV_CODE } from './av.ts';
import { BERN_CODE } from './bernstein.ts';
import { CANTELLI_CODE } from './cantelli.ts';
import { CONV_CODE } from './convolution.ts';
import { COV_CODE } from './covariance.ts';
import { CF_CODE } from './cornishFisher.ts';
import { EMP_CODE } from './empirical.ts';
import { EMP_MARGIN_CODE } from './empiricalMargin.ts';
import { AUTOPILOT_CODE } from './autopilot.ts';
import { MAX_PREDICTOR_CODE, NSIGMA_CODE } from './nSigma.ts';
import type { FitCode } from './entry.ts';
import type { FitSpec, FitTest } from './fitTest.ts';
import { GPA_CODE } from './gpa.ts';
import { HOD_CODE } from './hourOfDay.ts';
import { HOEFF_CODE } from './hoeffding.ts';
import { MAX_CODE, PERC_CODE } from './perc.ts';
import { PEAK_CODE } from './peak.ts';
import { checkFit, entryOf, registeredCode, valuesOf } from './registry.ts';
import { CRANE_CODE } from './scheduler/crane.ts';
import { KOORD_CODE } from './scheduler/koordinator.ts';
import { OVERCOMMIT_CODE } from './scheduler/overcommit.ts';
import { LVRB_CODE } from './scheduler/trimaranLvrb.ts';
import { TLP_CODE } from './scheduler/trimaranTlp.ts';
import { VPA_CODE } from './scheduler/vpa.ts';

const BUILT_IN: readonly FitCode[] = [
  GPA_CODE,
  CANTELLI_CODE,
  AV_CODE,
  PERC_CODE,
  MAX_CODE,
  CF_CODE,
  EMP_CODE,
  CONV_CODE,
  BERN_CODE,
  HOEFF_CODE,
  COV_CODE,
  PEAK_CODE,
  NSIGMA_CODE,
  MAX_PREDICTOR_CODE,
  EMP_MARGIN_CODE,
  KOORD_CODE,
  TLP_CODE,
  LVRB_CODE,
  CRANE_CODE,
  OVERCOMMIT_CODE,
  VPA_CODE,
  AUTOPILOT_CODE,
  HOD_CODE,
];

/** The fit test of a spec (SPEC §5 and the tail-aware tests), through the registry. */
export function fitTest(spec: FitSpec): FitTest {
  const values = valuesOf(entryOf(checkFit(spec).kind), spec);
  const create = fitCode(spec.kind);
  if (!create) throw new RangeError(`fit test "${spec.kind}" has no code`);
  return create(values);
}

/** The code of a fit test, built in or registered; undefined for a kind with no code. */
export function fitCode(kind: string): FitCode['create'] | undefined {
  return BUILT_IN.find((c) => c.kind === kind)?.create ?? registeredCode(kind);
}

/** The kinds with built-in code, in the list's order (a test checks them against the registry). */
export function builtInCodeKinds(): string[] {
  return BUILT_IN.map((c) => c.kind);
}
