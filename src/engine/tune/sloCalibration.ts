/**
 * Calibration sweep: for a fit family, sweep its parameter over a grid and measure q on the
 * evaluation columns (SPEC §7) for K instances: per value, the mean q with a t band over instances,
 * a Wilson interval per run, the 1/|E| floor, and machines used. Jobs are (family, instance), so a
 * worker pool can split them; `calibrationCurve` gives the same numbers for any split or order.
 */
import { evaluatedCount } from '../split.ts';
import type { WorkloadStats } from '../workload.ts';
import {
  FAMILY_INFO,
  byConservativeness,
  checkFamily,
  familySpec,
  nominalSlo,
  type FitFamily,
} from './families.ts';
import { mean, meanInterval, wilsonInterval, type Interval } from './intervals.ts';
import { checkRunConfig, instanceRows, packMeasured, type RunConfig } from './runs.ts';

export interface CalibrationSpec extends RunConfig {
  readonly families: readonly FitFamily[];
  /** Parameter values per family (default: the family's grid). */
  readonly values?: Partial<Record<FitFamily, readonly number[]>>;
}

export interface CalibrationJob {
  readonly family: FitFamily;
  readonly instance: number;
  readonly values: readonly number[];
}

/** One packing run of a calibration sweep, measured on E. */
export interface CalibrationRun {
  readonly value: number;
  readonly mAbs: number;
  readonly m: number;
  readonly q: number;
  /** Σ_j q(j) and m_abs·|E|: q = overflows / trials. */
  readonly overflows: number;
  readonly trials: number;
}

export interface CalibrationChunk {
  readonly family: FitFamily;
  readonly instance: number;
  readonly runs: readonly CalibrationRun[];
}

export interface CalibrationPoint {
  readonly family: FitFamily;
  readonly value: number;
  /** The SLO the parameter nominally asks for (null for av). */
  readonly nominal: number | null;
  /** Mean q over instances with its two-sided t band at the spec's confidence. */
  readonly q: number;
  readonly qBand: Interval;
  readonly mAbs: number;
  readonly m: number;
  /** Per instance, in instance order: q and its Wilson interval. */
  readonly runs: readonly (Interval & { readonly instance: number; readonly q: number })[];
}

export interface CalibrationCurve {
  readonly family: FitFamily;
  readonly label: string;
  readonly parameter: string;
  /** 1/|E|: a q of 0 means below it. */
  readonly floor: number;
  /** Whether E is held out from O (κ < 1). */
  readonly heldOut: boolean;
  /** Points from aggressive to conservative. */
  readonly points: readonly CalibrationPoint[];
}

export function checkCalibrationSpec(spec: CalibrationSpec, poolSize: number): CalibrationSpec {
  checkRunConfig(spec, poolSize);
  if (spec.families.length === 0) throw new RangeError('invalid families: none given');
  spec.families.forEach(checkFamily);
  for (const family of spec.families)
    calibrationValues(spec, family).forEach((v) => familySpec(family, v, spec.bin));
  return spec;
}

export function calibrationValues(spec: CalibrationSpec, family: FitFamily): number[] {
  return byConservativeness(family, spec.values?.[family] ?? FAMILY_INFO[family].grid);
}

/** The jobs of a calibration sweep: one per (family, instance). */
export function calibrationJobs(spec: CalibrationSpec): CalibrationJob[] {
  return spec.families.flatMap((family) => {
    const values = calibrationValues(spec, family);
    return Array.from({ length: spec.instances }, (_, instance) => ({ family, instance, values }));
  });
}

/** Runs one calibration job: every value of the family on one instance, q on E. */
export function runCalibrationJob(
  stats: WorkloadStats,
  spec: CalibrationSpec,
  job: CalibrationJob,
): CalibrationChunk {
  checkCalibrationSpec(spec, stats.workload.inst.rows);
  const rows = instanceRows(stats, spec, job.instance);
  const runs = job.values.map((value) => ({
    value,
    ...packMeasured(stats, spec, rows, familySpec(job.family, value, spec.bin)),
  }));
  return { family: job.family, instance: job.instance, runs };
}

/** Combines the chunks of a sweep (any order, any split) into one curve per family. */
export function calibrationCurves(
  stats: WorkloadStats,
  spec: CalibrationSpec,
  chunks: readonly CalibrationChunk[],
): CalibrationCurve[] {
  const split = stats.split(spec.clairvoyance);
  return spec.families.map((family) => {
    const info = FAMILY_INFO[family];
    const mine = chunks.filter((c) => c.family === family).sort((a, b) => a.instance - b.instance);
    const points = calibrationValues(spec, family).map((value) => {
      const runs = mine.flatMap((c) =>
        c.runs.filter((r) => r.value === value).map((r) => ({ instance: c.instance, r })),
      );
      const band = meanInterval(
        runs.map((x) => x.r.q),
        spec.confidence,
      );
      return {
        family,
        value,
        nominal: nominalSlo(family, value),
        q: band.mean,
        qBand: { low: Math.max(0, band.low), high: band.high },
        mAbs: mean(runs.map((x) => x.r.mAbs)),
        m: mean(runs.map((x) => x.r.m)),
        runs: runs.map(({ instance, r }) => ({
          instance,
          q: r.q,
          ...wilsonInterval(r.overflows, r.trials, spec.confidence),
        })),
      };
    });
    return {
      family,
      label: info.label,
      parameter: info.parameter,
      floor: 1 / evaluatedCount(split),
      heldOut: spec.clairvoyance < 1,
      points,
    };
  });
}

/** A whole calibration sweep, inline. */
export function runCalibration(stats: WorkloadStats, spec: CalibrationSpec): CalibrationCurve[] {
  checkCalibrationSpec(spec, stats.workload.inst.rows);
  const chunks = calibrationJobs(spec).map((job) => runCalibrationJob(stats, spec, job));
  return calibrationCurves(stats, spec, chunks);
}
