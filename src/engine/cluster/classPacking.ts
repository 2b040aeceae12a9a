/**
 * Packing by class against packing by task (SPEC §14): the same GPA test per resource, once with
 * each task's own (μ, σ²) and once with its class's (μ_n, σ_n²); both measured on the same
 * realizations. The difference is the coarse-graining cost in machines and in q.
 */
import { fitTest } from '../fit/index.ts';
import { splitColumns } from '../split.ts';
import { classStats, elbow, kmeansPoints, type ClassStats, type Clustering } from './classes.ts';
import { splitEpsilon, type EpsilonSplit, type MultiSizes } from './fit.ts';
import type { MachineType } from './machineTypes.ts';
import { measureMulti, type MultiMeasure } from './measure.ts';
import { packMulti, type MultiPacker, type OpenPolicy } from './pack.ts';
import { resourceStats } from './run.ts';
import type { MultiWorkload } from './workload.ts';

import type { ClassFeatures } from './classFeatures.ts';
import { setting } from '../settings.ts';

export { CLASS_FEATURES, type ClassFeatures } from './classFeatures.ts';

interface ClassAnalysisParams {
  readonly k: number;
  readonly kMax: number;
  readonly seed: number;
  /** k-means++ starts per k (best kept); default KMEANS_STARTS (10). */
  readonly starts?: number;
  readonly features: ClassFeatures;
  readonly eps: number;
  readonly split: EpsilonSplit;
  readonly packer: MultiPacker;
  readonly types: readonly MachineType[];
  readonly open: OpenPolicy;
  readonly clairvoyance: number;
}

export interface ClassAnalysis {
  readonly clustering: Clustering;
  readonly elbow: readonly number[];
  readonly classes: ClassStats;
  readonly byTask: MultiMeasure;
  readonly byClass: MultiMeasure;
}

function gpaSizes(
  eps: number,
  split: EpsilonSplit,
  mean: readonly Float64Array[],
  variance: readonly Float64Array[],
): MultiSizes {
  const test = fitTest({ kind: 'gpa', rho: splitEpsilon(eps, mean.length, split) });
  return {
    dims: mean.length,
    size: mean,
    variance,
    slack: mean.map(() => test.slack),
    deterministic: mean.map(() => false),
    capacity: (t, d) => t.capacity[d],
  };
}

/** Features per task: usage (μ and σ per resource over the observed columns) or requests per resource. */
export function taskFeatures(
  w: MultiWorkload,
  rows: Int32Array,
  features: ClassFeatures,
  mean: readonly Float64Array[],
  variance: readonly Float64Array[],
): Float64Array[] {
  if (features === 'requests') {
    const req = w.requests;
    if (!req)
      throw new RangeError(
        `${setting('features requests', 'Features: requests')}: this dataset has no requests`,
      );
    return Array.from(rows, (i) => Float64Array.from(req, (r) => r[i]));
  }
  return Array.from(rows, (_, k) =>
    Float64Array.from(mean.flatMap((m, r) => [m[k], Math.sqrt(variance[r][k])])),
  );
}

export function analyzeClasses(
  w: MultiWorkload,
  rows: Int32Array,
  p: ClassAnalysisParams,
): ClassAnalysis {
  const split = splitColumns(w.matrices[0].cols, p.clairvoyance);
  const stats = resourceStats(w, split);
  stats.forEach((s) => s.ensureMoments(rows));
  const mean = stats.map((s) => Float64Array.from(rows, (i) => s.mean[i]));
  const variance = stats.map((s) => Float64Array.from(rows, (i) => s.variance[i]));
  const points = taskFeatures(w, rows, p.features, mean, variance);
  const starts = { starts: p.starts };
  const clustering = kmeansPoints(points, p.k, p.seed, starts);
  const classes = classStats(clustering.labels, p.k, mean, variance);
  const classMean = classes.mean.map((m) => Float64Array.from(clustering.labels, (c) => m[c]));
  const classVar = classes.variance.map((v) => Float64Array.from(clustering.labels, (c) => v[c]));
  const opts = { packer: p.packer, types: p.types, open: p.open };
  const taskPacking = packMulti(gpaSizes(p.eps, p.split, mean, variance), opts);
  const classPacking = packMulti(gpaSizes(p.eps, p.split, classMean, classVar), opts);
  return {
    clustering,
    elbow: elbow(points, p.kMax, p.seed, starts),
    classes,
    byTask: measureMulti(w.matrices, rows, taskPacking, p.types, split),
    byClass: measureMulti(w.matrices, rows, classPacking, p.types, split),
  };
}
