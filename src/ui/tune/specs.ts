/**
 * From the shareable parameters to the calibration and tuning specs (so a link reproduces them), the
 * keys that tell a current result from a stale one, what "apply" changes in Pack, and the CSV rows.
 */
import {
  DEFAULT_BIN,
  FAMILIES,
  FAMILY_INFO,
  familySpec,
  formatFit,
  type CalibrationCurve,
  type FitFamily,
  type FitSpec,
  type TuneRow,
  type TuneSpec,
  type TuneTable,
} from '../../engine/index.ts';
import { type Params } from '../../state/common/store/params.ts';
import { formatFixed } from '../../present/format.ts';

export {
  calibrationSpecOf,
  specKey,
  tuneClairvoyance,
  tuneSpecOf,
} from '../../state/tune/specs.ts';

/** What "apply" changes: the fit test, the tuner's clairvoyance (so E stays held out), the view. */
export function applyPatch(fit: FitSpec, spec: TuneSpec): Partial<Params> {
  return { fit, clairvoyance: spec.clairvoyance, view: 'pack', machine: null };
}

/** A family's parameter with its name, e.g. "ρ = 0.003383". */
export function parameterText(family: FitFamily, value: number): string {
  return `${FAMILY_INFO[family].parameter} = ${value}`;
}

/** How far a q misses (or meets) q*, e.g. "4.0× q*". */
export function timesTarget(q: number, target: number): string {
  return `${formatFixed(q / target, q / target >= 10 ? 0 : 1)}× q*`;
}

/** One CSV row per table row. */
export function tuneCsvRows(table: TuneTable, spec: TuneSpec): Record<string, unknown>[] {
  return table.rows.map((r: TuneRow) => ({
    target: table.target,
    confidence: table.confidence,
    rank: r.rank,
    family: r.family,
    tuned: r.tuned,
    parameter: FAMILY_INFO[r.family].parameter,
    value: r.value,
    fit: r.fitText,
    machines: r.machines,
    m: r.m,
    held_out_q: r.q,
    q_low: r.qBand.low,
    q_high: r.qBand.high,
    result: r.met ? 'met' : 'missed',
    cv_q: r.cv?.q ?? '',
    cv_upper: r.cv?.upper ?? '',
    cv_met: r.tuned ? r.cvMet : '',
    instances: spec.instances,
    tasks: spec.tasks,
    clairvoyance: spec.clairvoyance,
    floor: table.floor,
  }));
}

/** One CSV row per (value, instance) run of a calibration, with the means beside. */
export function calibrationCsvRows(curves: readonly CalibrationCurve[]): Record<string, unknown>[] {
  return curves.flatMap((c) =>
    c.points.flatMap((pt) =>
      pt.runs.map((r) => ({
        family: c.family,
        parameter: c.parameter,
        value: pt.value,
        fit: formatFit(familySpec(c.family, pt.value, DEFAULT_BIN)),
        nominal_slo: pt.nominal ?? '',
        instance: r.instance,
        q: r.q,
        q_low: r.low,
        q_high: r.high,
        mean_q: pt.q,
        mean_q_low: pt.qBand.low,
        mean_q_high: pt.qBand.high,
        mean_machines: pt.mAbs,
        mean_m: pt.m,
        floor: c.floor,
      })),
    ),
  );
}

/** The family and parameter of a fit test (null for max, which no family sweeps). */
export function familyOfFit(fit: FitSpec): { family: FitFamily; value: number } | null {
  if (!FAMILIES.includes(fit.kind)) return null;
  const key = FAMILY_INFO[fit.kind].key;
  return { family: fit.kind, value: (fit as unknown as Readonly<Record<string, number>>)[key] };
}
