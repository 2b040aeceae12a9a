/**
 * The SLO auto-tuner (the GPA paper's open problem "for such SLOs GPA should be invoked with
 * lower thresholds", §6): for a target q* and a confidence, pick per fit family the most aggressive
 * parameter whose q, cross-validated inside the observed columns only, meets q* at that confidence;
 * then measure q on the held-out evaluation columns.
 *
 * Cross-validation: O is split into halves A and B; each instance is packed with estimates from A
 * and q counted on B, and vice versa. The CV q of a value pools both folds per instance; its upper
 * bound is the larger of the one-sided t bound over instances and the Wilson bound on the pooled
 * count. A value is taken when it and every more conservative value meet q*. The grid is refined
 * around the boundary in rounds; which values are cross-validated is search.ts's choice. Nothing before `heldOutJobs` reads a column of E.
 *
 * Work comes in jobs keyed by (family, instance): `cvJobs` (round by round), then `heldOutJobs`;
 * a worker pool may run them anywhere, in any order: the combining functions sort by key.
 */
import { formatFit, type FitSpec } from '../fit/index.ts';
import { evaluatedCount } from '../split.ts';
import type { WorkloadStats } from '../workload.ts';
import {
  FAMILY_INFO,
  PAPER_FAMILIES,
  byConservativeness,
  decisionKey,
  familySpec,
  type FitFamily,
} from './families.ts';
import { mean, meanInterval, meanUpper, wilsonUpper, type Interval } from './intervals.ts';
import { countOverflowsEach, folds, instanceRows, packMeasuredMachines, packOn } from './runs.ts';
import { boundary, searchJobs } from './search.ts';
import {
  checkTuneSpec,
  type CvChunk,
  type CvJob,
  type CvPoint,
  type CvRun,
  type TuneSpec,
} from './tuneSpec.ts';

// ---------------------------------------------------------------- cross-validation (O only)

/**
 * Cross-validates one family on one instance at the given values, reading only columns of O.
 * Values with one decision key are packed once; `job.known` runs are copied into the chunk.
 * `checkpoint` is called before each packing (a cancel throws from it).
 */
export function runCvJob(
  stats: WorkloadStats,
  spec: TuneSpec,
  job: CvJob,
  checkpoint?: () => void,
): CvChunk {
  checkTuneSpec(spec, stats.workload.inst.rows);
  const [a, b] = folds(stats, spec.clairvoyance);
  const foldColumns = [a, b].map((f) => f.observeEnd - f.observeStart);
  const rows = instanceRows(stats, spec, job.instance);
  // One packing per decision key; values sharing a key share its runs.
  const keyOf = job.values.map((v) => decisionKey(job.family, v, foldColumns) ?? `value ${v}`);
  const first = new Map<string, number>();
  job.values.forEach((v, k) => {
    if (!first.has(keyOf[k])) first.set(keyOf[k], v);
  });
  const packed = [...first.values()];
  const byValue = new Map<number, CvRun>(
    packed.map((v) => [v, { value: v, overflows: 0, trials: 0, mAbs: 0 }]),
  );
  for (const [estimate, heldOut] of [
    [a, b],
    [b, a],
  ]) {
    const packings = packed.map((value) => {
      checkpoint?.();
      return packOn(stats, spec, estimate, rows, familySpec(job.family, value, spec.bin));
    });
    const width = heldOut.observeEnd - heldOut.observeStart;
    const counts = countOverflowsEach(stats, rows, packings, heldOut, spec.capacity);
    packed.forEach((value, k) => {
      const r = byValue.get(value)!;
      const m = packings[k].machines.length;
      byValue.set(value, {
        value,
        overflows: r.overflows + counts[k],
        trials: r.trials + m * width,
        mAbs: r.mAbs + m,
      });
    });
  }
  const runs = job.values.map((value, k) => {
    const r = byValue.get(first.get(keyOf[k])!)!;
    return { ...r, value, mAbs: r.mAbs / 2 };
  });
  return {
    family: job.family,
    instance: job.instance,
    round: job.round,
    runs: [...runs, ...(job.known ?? [])],
    foldColumns,
  };
}

/** CV points of one family, aggressive to conservative; only values every instance has run. */
export function cvPoints(spec: TuneSpec, family: FitFamily, chunks: readonly CvChunk[]): CvPoint[] {
  const byValue = new Map<number, (CvRun | undefined)[]>();
  for (const c of chunks) {
    if (c.family !== family) continue;
    for (const r of c.runs) {
      let perInstance = byValue.get(r.value);
      if (!perInstance) byValue.set(r.value, (perInstance = new Array(spec.instances)));
      perInstance[c.instance] = r;
    }
  }
  const points: CvPoint[] = [];
  const highest = Math.max(...spec.targets);
  for (const value of byConservativeness(family, byValue.keys())) {
    const runs = byValue.get(value)!;
    // In instance order.
    const complete = runs.filter((r): r is CvRun => r !== undefined);
    if (complete.length !== spec.instances) {
      const stopped = stoppedPoint(spec, value, complete);
      if (stopped.upper > highest) points.push(stopped);
      continue;
    }
    const qs = complete.map((r) => r.overflows / r.trials);
    let overflows = 0;
    let trials = 0;
    for (const r of complete) {
      overflows += r.overflows;
      trials += r.trials;
    }
    points.push({
      value,
      q: mean(qs),
      upper: Math.max(
        meanUpper(qs, spec.confidence),
        wilsonUpper(overflows, trials, spec.confidence),
      ),
      mAbs: mean(complete.map((r) => r.mAbs)),
    });
  }
  return points;
}

/**
 * A value run on some instances only (in instance order): its CV q is the mean over all K
 * instances of q ≥ 0, so Σ q over the instances run / K bounds it, and its upper bound (≥ the
 * mean), from below. When this is above every target the value fails them all whatever the other
 * instances give.
 */
function stoppedPoint(spec: TuneSpec, value: number, runs: readonly CvRun[]): CvPoint {
  let sum = 0;
  for (const r of runs) sum += r.overflows / r.trials;
  const lower = sum / spec.instances;
  return {
    value,
    q: lower,
    upper: lower,
    mAbs: mean(runs.map((r) => r.mAbs)),
    instances: runs.length,
  };
}

/**
 * The next round of CV jobs given the chunks so far ([] when tuning has all it needs). A value
 * whose decision key matches a value already run on that instance is not packed again: its runs
 * travel in the job as `known` (the same numbers, the value replaced).
 */
export function cvJobs(spec: TuneSpec, done: readonly CvChunk[]): CvJob[] {
  const jobs = searchJobs(spec, done, (family) => cvPoints(spec, family, done));
  const foldColumns = done.find((c) => c.foldColumns)?.foldColumns;
  if (!foldColumns) return jobs;
  return jobs.map((job) => {
    const byKey = new Map<string, CvRun>();
    for (const c of done)
      if (c.family === job.family && c.instance === job.instance)
        for (const r of c.runs) {
          const key = decisionKey(job.family, r.value, foldColumns);
          if (key !== null) byKey.set(key, r);
        }
    if (byKey.size === 0) return job;
    const values: number[] = [];
    const known: CvRun[] = [];
    for (const value of job.values) {
      const same = byKey.get(decisionKey(job.family, value, foldColumns)!);
      if (same) known.push({ ...same, value });
      else values.push(value);
    }
    return known.length ? { ...job, values, known } : job;
  });
}

export interface TunedParameter {
  readonly family: FitFamily;
  readonly target: number;
  readonly value: number;
  readonly fit: FitSpec;
  /** The chosen value's CV q and bound; cvMet is false when even the most conservative failed. */
  readonly cv: CvPoint;
  readonly cvMet: boolean;
  /** Values cross-validated (the smart search: a subset of the exhaustive search's candidates). */
  readonly tried: number;
}

/** The tuned parameter per (target, family), from CV chunks alone. */
export function tunedParameters(spec: TuneSpec, chunks: readonly CvChunk[]): TunedParameter[] {
  const out: TunedParameter[] = [];
  for (const target of spec.targets)
    for (const family of spec.families) {
      const points = cvPoints(spec, family, chunks);
      if (points.length === 0)
        throw new RangeError(`no complete cross-validation for ${family}: run every CV job first`);
      const i = boundary(points, target);
      const cvMet = i < points.length;
      const p = points[cvMet ? i : points.length - 1];
      out.push({
        family,
        target,
        value: p.value,
        fit: familySpec(family, p.value, spec.bin),
        cv: p,
        cvMet,
        tried: points.length,
      });
    }
  return out;
}

// ---------------------------------------------------------------- held-out evaluation (E)

export interface HeldOutJob {
  readonly family: FitFamily;
  readonly value: number;
  readonly instance: number;
}

export interface HeldOutRun extends HeldOutJob {
  readonly mAbs: number;
  readonly m: number;
  readonly q: number;
  readonly overflows: number;
  readonly trials: number;
  /** Each machine's held-out q_j, in opening order (absent from runs made before it was kept). */
  readonly machineQ?: readonly number[];
}

/** Untuned GPA at ρ = q*, shown beside the tuned rows. */
function untuned(target: number): { family: FitFamily; value: number } {
  return { family: 'gpa', value: target };
}

/** Held-out runs needed: each distinct tuned (family, value), and untuned GPA, per instance. */
export function heldOutJobs(spec: TuneSpec, tuned: readonly TunedParameter[]): HeldOutJob[] {
  const keys = new Map<string, { family: FitFamily; value: number }>();
  const add = (x: { family: FitFamily; value: number }) => keys.set(`${x.family}:${x.value}`, x);
  tuned.forEach(add);
  spec.targets.forEach((t) => add(untuned(t)));
  return [...keys.values()].flatMap(({ family, value }) =>
    Array.from({ length: spec.instances }, (_, instance) => ({ family, value, instance })),
  );
}

/** Packs one instance as Pack would (SPEC §3–§7) and measures q on the evaluation columns. */
export function runHeldOutJob(stats: WorkloadStats, spec: TuneSpec, job: HeldOutJob): HeldOutRun {
  checkTuneSpec(spec, stats.workload.inst.rows);
  const rows = instanceRows(stats, spec, job.instance);
  return {
    ...job,
    ...packMeasuredMachines(stats, spec, rows, familySpec(job.family, job.value, spec.bin)),
  };
}

/**
 * The SLO per machine of a row over its K held-out packings: the worst machine's q_j, and how many
 * of the machines (all instances together) exceed the target.
 */
export interface TuneRowSlo {
  readonly worst: number;
  readonly over: number;
  readonly machines: number;
}

function rowSlo(runs: readonly HeldOutRun[], target: number): TuneRowSlo | undefined {
  if (runs.some((r) => !r.machineQ)) return undefined;
  let worst = 0;
  let over = 0;
  let machines = 0;
  for (const r of runs)
    for (const q of r.machineQ!) {
      machines++;
      if (q > worst) worst = q;
      if (q > target) over++;
    }
  return { worst, over, machines };
}

export interface TuneRow {
  readonly rank: number;
  readonly family: FitFamily;
  readonly label: string;
  readonly value: number;
  readonly fit: FitSpec;
  /** The fit test in the peer's notation, e.g. "gpa:5e-05". */
  readonly fitText: string;
  /** False for the untuned GPA (ρ = q*) reference row. */
  readonly tuned: boolean;
  readonly paper: boolean;
  /** Mean machines used (m_abs) and m over instances, on the held-out packing. */
  readonly machines: number;
  readonly m: number;
  /** Mean held-out q over instances, with a two-sided t band at the confidence. */
  readonly q: number;
  readonly qBand: Interval;
  /**
   * q* is met: the held-out q is at most q* and, for a tuned row, so is the cross-validated q the
   * value was chosen on (a value that already missed q* in cross-validation is not "met" because
   * the held-out columns happened to overflow less).
   */
  readonly met: boolean;
  /** The SLO per machine over the held-out packings (absent when the runs do not keep it). */
  readonly slo?: TuneRowSlo;
  /** Per instance, in instance order: machines used and held-out q. */
  readonly runs: readonly {
    readonly instance: number;
    readonly mAbs: number;
    readonly q: number;
  }[];
  /** The CV numbers the choice was made on (null for the untuned row). */
  readonly cv: CvPoint | null;
  readonly cvMet: boolean;
}

export interface TuneTable {
  readonly target: number;
  readonly confidence: number;
  /**
   * Ranked: met (held out) before missed; among them, rows whose value met q* in cross-validation
   * before those where no value did; then fewer machines, then lower q.
   */
  readonly rows: readonly TuneRow[];
  /** The first tuned row that met q* in CV and held out (the one "apply" moves Pack to), or null. */
  readonly best: TuneRow | null;
  /**
   * Whether the best row is a tail-aware test with fewer machines than every tuned paper family
   * (GPA, av, perc, Cantelli) that also met q*.
   */
  readonly beatsPaper: boolean;
  /** 1/|E| and 1/|fold|: a q of 0 means below these. */
  readonly floor: number;
  readonly cvFloor: number;
  readonly heldOut: boolean;
}

/** Ranked tables, one per target, from the tuned parameters and the held-out runs. */
export function tuneTables(
  stats: WorkloadStats,
  spec: TuneSpec,
  tuned: readonly TunedParameter[],
  runs: readonly HeldOutRun[],
): TuneTable[] {
  const split = stats.split(spec.clairvoyance);
  const [a] = folds(stats, spec.clairvoyance);
  const summary = (family: FitFamily, value: number) => {
    const mine = runs
      .filter((r) => r.family === family && r.value === value)
      .sort((x, y) => x.instance - y.instance);
    if (mine.length !== spec.instances)
      throw new RangeError(
        `held-out runs of ${family} at ${value}: ${mine.length} of ${spec.instances} instances`,
      );
    const band = meanInterval(
      mine.map((r) => r.q),
      spec.confidence,
    );
    return {
      mine,
      runs: mine.map((r) => ({ instance: r.instance, mAbs: r.mAbs, q: r.q })),
      machines: mean(mine.map((r) => r.mAbs)),
      m: mean(mine.map((r) => r.m)),
      q: band.mean,
      qBand: { low: Math.max(0, band.low), high: band.high },
    };
  };
  return spec.targets.map((target) => {
    const row = (family: FitFamily, value: number, t: TunedParameter | null) => {
      const fit = familySpec(family, value, spec.bin);
      const { mine, ...s } = summary(family, value);
      const slo = rowSlo(mine, target);
      return {
        rank: 0,
        family,
        label: FAMILY_INFO[family].label,
        value,
        fit,
        fitText: formatFit(fit),
        tuned: t !== null,
        paper: PAPER_FAMILIES.includes(family),
        ...s,
        ...(slo && { slo }),
        met: s.q <= target && (t === null || t.cv.q <= target),
        cv: t ? t.cv : null,
        cvMet: t ? t.cvMet : false,
      };
    };
    const reference = untuned(target);
    const rows: TuneRow[] = tuned
      .filter((t) => t.target === target)
      .map((t) => row(t.family, t.value, t))
      .concat([row(reference.family, reference.value, null)])
      .sort(
        (x, y) =>
          Number(y.met) - Number(x.met) ||
          Number(x.tuned && !x.cvMet) - Number(y.tuned && !y.cvMet) ||
          x.machines - y.machines ||
          x.q - y.q ||
          Number(y.tuned) - Number(x.tuned) ||
          spec.families.indexOf(x.family) - spec.families.indexOf(y.family),
      )
      .map((r, k) => ({ ...r, rank: k + 1 }));
    const best = rows.find((r) => r.tuned && r.cvMet && r.met) ?? null;
    const paperMet = rows.filter((r) => r.tuned && r.paper && r.met);
    const beatsPaper =
      best !== null && !best.paper && paperMet.every((r) => best.machines < r.machines);
    return {
      target,
      confidence: spec.confidence,
      rows,
      best,
      beatsPaper,
      floor: 1 / evaluatedCount(split),
      cvFloor: 1 / (a.observeEnd - a.observeStart),
      heldOut: spec.clairvoyance < 1,
    };
  });
}

export interface TuneResult {
  readonly tables: readonly TuneTable[];
  readonly tuned: readonly TunedParameter[];
  /** Every cross-validated point per family, aggressive to conservative (the tuner's evidence). */
  readonly cv: Readonly<Partial<Record<FitFamily, readonly CvPoint[]>>>;
}

export type TuneProgress = (
  phase: 'cv' | 'held-out',
  round: number,
  done: number,
  total: number,
) => void;

/** The whole tuner, inline: CV rounds, selection, held-out runs, ranked tables. */
export function runTune(stats: WorkloadStats, spec: TuneSpec, progress?: TuneProgress): TuneResult {
  checkTuneSpec(spec, stats.workload.inst.rows);
  const chunks: CvChunk[] = [];
  for (let jobs = cvJobs(spec, chunks); jobs.length > 0; jobs = cvJobs(spec, chunks)) {
    jobs.forEach((job, k) => {
      chunks.push(runCvJob(stats, spec, job));
      progress?.('cv', job.round, k + 1, jobs.length);
    });
  }
  const tuned = tunedParameters(spec, chunks);
  const jobs = heldOutJobs(spec, tuned);
  const runs = jobs.map((job, k) => {
    const r = runHeldOutJob(stats, spec, job);
    progress?.('held-out', 0, k + 1, jobs.length);
    return r;
  });
  const cv: Partial<Record<FitFamily, readonly CvPoint[]>> = {};
  for (const family of spec.families) cv[family] = cvPoints(spec, family, chunks);
  return { tables: tuneTables(stats, spec, tuned, runs), tuned, cv };
}

export {
  DEFAULT_TUNE,
  checkTuneSpec,
  coarseGrid,
  type CvChunk,
  type CvJob,
  type CvPoint,
  type CvRun,
  type TuneSpec,
} from './tuneSpec.ts';
