/**
 * A seeded synthetic Google-like workload: per-task inst and avg series shaped after what
 * the GPA paper published about the long tasks of the Google 2011 trace, since that data set is
 * not available. Parameters and the reasons for them are in `params.ts`.
 *
 * Task i is drawn from its own stream (seed, synthetic, i), so it does not depend on the pool size
 * or on which worker generates it:
 * 1. a shape class (17, by weight) and a mean level μ ~ LogNormal(median, spread) of the class;
 * 2. target standard deviations on the paper's trend lines (§3.3), σ_avg = a_avg + b_avg·μ and
 *    σ_inst = a_inst + b_inst·μ, both times one per-task scatter factor;
 * 3. a duration T ≥ 24 five-minute records;
 * 4. the avg series (the 5-minute means): T draws from the class's family, whose shape parameter
 *    is solved for the mean μ and the coefficient of variation σ_avg/μ;
 * 5. the inst series (the usage in one random second of each window): a busy second at a_t/q with
 *    probability q, else an idle one (0); q brings σ to σ_inst and keeps E[inst] = E[avg] (Fig. 1
 *    unbiased, Figs. 2–3: inst varies more);
 * 6. for a share of tasks, the windows are reordered in time along a slow AR(1) latent (a Gaussian
 *    copula): the distribution is unchanged, but two random hours differ (§3.4).
 * Values are clipped to [0, 1] (1 = the largest machine, as in the trace). A task whose inst series
 * comes out all 0 is replaced by a new draw (the paper drops such tasks).
 */
import { Rng } from '../random/rng.ts';
import type { TaskSamples } from '../data/samples/samples.ts';
import { gamma } from './gamma.ts';
import { SYNTHETIC_PARAMS, type Family, type SyntheticParams } from './params.ts';

export interface SyntheticTask {
  readonly shapeClass: number;
  readonly level: number;
  readonly inst: Float64Array;
  readonly avg: Float64Array;
}

export interface SyntheticSamples extends TaskSamples {
  readonly avg: Float64Array[];
  /** The shape class of each task (index into params.classes). */
  readonly shapeClass: Int8Array;
}

/** Tasks [start, start + tasks) of the synthetic workload, as TaskSamples (ids "syn-<i>"). */
export function syntheticWorkload(
  tasks: number,
  seed: number,
  params: SyntheticParams = SYNTHETIC_PARAMS,
  start = 0,
): SyntheticSamples {
  if (!(Number.isInteger(tasks) && tasks >= 0 && tasks <= 1_000_000))
    throw new RangeError(`invalid synthetic pool size: ${tasks} (0 to 1,000,000 tasks)`);
  if (!(Number.isInteger(start) && start >= 0))
    throw new RangeError(`invalid first task: ${start}`);
  const cumulative = classCumulative(params);
  const ids: string[] = [];
  const inst: Float64Array[] = [];
  const avg: Float64Array[] = [];
  const shapeClass = new Int8Array(tasks);
  for (let k = 0; k < tasks; k++) {
    const t = syntheticTask(start + k, seed, params, cumulative);
    ids.push(`syn-${start + k}`);
    inst.push(t.inst);
    avg.push(t.avg);
    shapeClass[k] = t.shapeClass;
  }
  return { ids, inst, avg, shapeClass };
}

function classCumulative(params: SyntheticParams): Float64Array {
  const total = params.classes.reduce((s, c) => s + c.weight, 0);
  if (!(total > 0)) throw new RangeError('synthetic classes need a positive total weight');
  const cum = new Float64Array(params.classes.length);
  let acc = 0;
  params.classes.forEach((c, i) => {
    if (!(c.weight >= 0)) throw new RangeError(`invalid weight of class ${c.name}: ${c.weight}`);
    acc += c.weight / total;
    cum[i] = acc;
  });
  cum[cum.length - 1] = 1;
  return cum;
}

/** Task i of the synthetic workload. */
export function syntheticTask(
  i: number,
  seed: number,
  params: SyntheticParams = SYNTHETIC_PARAMS,
  cumulative = classCumulative(params),
): SyntheticTask {
  const rng = Rng.stream(seed, 'synthetic', i);
  // The paper's pool has no task whose inst samples are all 0 (§3.1): such a draw is replaced by a
  // whole new task from the same stream, as filtering a trace would.
  for (;;) {
    const task = drawTask(rng, params, cumulative);
    if (task.inst.some((v) => v > 0)) return task;
  }
}

function drawTask(rng: Rng, params: SyntheticParams, cumulative: Float64Array): SyntheticTask {
  const u = rng.nextFloat();
  let c = 0;
  while (u >= cumulative[c]) c++;
  const cls = params.classes[c];
  const level = Math.min(
    params.maxLevel,
    Math.max(params.minLevel, cls.level.median * Math.exp(cls.level.spread * rng.nextGaussian())),
  );
  const scatter = Math.exp(
    params.scatter * rng.nextGaussian() - (params.scatter * params.scatter) / 2,
  );
  const sdAvg = (params.trend.avg.intercept + params.trend.avg.slope * level) * scatter;
  const sdInst = (params.trend.inst.intercept + params.trend.inst.slope * level) * scatter;
  const d = params.duration;
  const T = Math.min(
    d.max,
    Math.max(d.min, Math.round(d.min + d.median * Math.exp(d.spread * rng.nextGaussian()))),
  );
  const a = new Float64Array(T);
  drawFamily(rng, cls.family, level, sdAvg / level, a);
  for (let t = 0; t < T; t++) if (a[t] > 1) a[t] = 1;
  if (rng.nextFloat() < params.drift.share)
    reorderInTime(rng, a, params.drift.persistence, params.drift.coupling);
  const x = new Float64Array(T);
  addSecondNoise(rng, a, level, sdAvg, sdInst, x);
  return { shapeClass: c, level, inst: x, avg: a };
}

/** T draws with mean `level` and coefficient of variation cv (as nearly as the family allows). */
function drawFamily(rng: Rng, f: Family, level: number, cv: number, out: Float64Array): void {
  const cv2 = cv * cv;
  switch (f.kind) {
    case 'gamma':
      return gammaSeries(rng, level, 1 / cv2, out);
    case 'uniform': {
      const w = Math.sqrt(3) * cv;
      if (w > 1) return twoLevelSeries(rng, level, cv2, 0.5, f.modeShape, out);
      for (let t = 0; t < out.length; t++) out[t] = level * (1 - w + 2 * w * rng.nextFloat());
      return;
    }
    case 'capped': {
      // The mirror image of a gamma of the same CV: skewness −2·CV.
      const k = 1 / cv2;
      for (let t = 0; t < out.length; t++) out[t] = Math.max(0, level * (2 - gamma(rng, k) / k));
      return;
    }
    case 'onOff':
      return onOffSeries(rng, level, cv2, f.onShape, out);
    case 'twoLevel':
      return twoLevelSeries(rng, level, cv2, f.high, f.modeShape, out);
    case 'dips': {
      // Busy at level v with spread Gamma(k), idle (0) with probability d: CV² = (1 + 1/k)/(1 − d) − 1.
      const busy = (1 + 1 / f.modeShape) / (1 + cv2);
      if (busy >= 1) return gammaSeries(rng, level, 1 / cv2, out);
      const v = level / busy;
      for (let t = 0; t < out.length; t++)
        out[t] = rng.nextFloat() < busy ? (v * gamma(rng, f.modeShape)) / f.modeShape : 0;
      return;
    }
    default: {
      const never: never = f;
      throw new RangeError(`unknown family ${(never as Family).kind}`);
    }
  }
}

function gammaSeries(rng: Rng, level: number, shape: number, out: Float64Array): void {
  for (let t = 0; t < out.length; t++) out[t] = (level * gamma(rng, shape)) / shape;
}

/** 0, or with probability p a level v·Gamma(k)/k: CV² = (1 + 1/k)/p − 1. */
function onOffSeries(rng: Rng, level: number, cv2: number, k: number, out: Float64Array): void {
  const p = (1 + 1 / k) / (1 + cv2);
  if (p >= 1) return gammaSeries(rng, level, 1 / cv2, out);
  const v = level / p;
  for (let t = 0; t < out.length; t++) out[t] = rng.nextFloat() < p ? (v * gamma(rng, k)) / k : 0;
}

/**
 * Two modes L and r·L (the high one with probability h), each spread as Gamma(k): the ratio r is
 * solved for the CV; beyond what two modes can reach with this h, the task is on/off instead.
 */
function twoLevelSeries(
  rng: Rng,
  level: number,
  cv2: number,
  h: number,
  k: number,
  out: Float64Array,
): void {
  const pointCv2 = (1 + cv2) / (1 + 1 / k) - 1;
  if (pointCv2 <= 0) return gammaSeries(rng, level, 1 / cv2, out);
  const c = Math.sqrt(pointCv2 / (h * (1 - h)));
  if (c * h >= 0.95) return onOffSeries(rng, level, cv2, k, out);
  const r = 1 + c / (1 - c * h);
  const low = level / (1 - h + h * r);
  for (let t = 0; t < out.length; t++) {
    const m = rng.nextFloat() < h ? low * r : low;
    out[t] = (m * gamma(rng, k)) / k;
  }
}

/**
 * The inst series from the avg series: the sampled second is busy, at a_t/q, with probability q,
 * or idle (0): mean a_t, and q = 1/(1 + CV²) gives the variance σ_inst² − σ_avg² that the trend
 * lines ask for. A steady task (q near 1) thus shows an occasional idle second (skewed left), a
 * bursty one (q small) an occasional busy second (skewed right).
 */
function addSecondNoise(
  rng: Rng,
  a: Float64Array,
  level: number,
  sdAvg: number,
  sdInst: number,
  out: Float64Array,
): void {
  const extra = Math.max(0, sdInst * sdInst - sdAvg * sdAvg);
  const q = 1 / (1 + extra / (sdAvg * sdAvg + level * level));
  for (let t = 0; t < a.length; t++) {
    if (a[t] === 0) continue;
    const v = rng.nextFloat() < q ? a[t] / q : 0;
    out[t] = v > 1 ? 1 : v;
  }
}

/** Reorders a in time along a slow AR(1) latent (rank coupling), keeping its values. */
function reorderInTime(rng: Rng, a: Float64Array, persistence: number, coupling: number): void {
  const T = a.length;
  const key = new Float64Array(T);
  let z = rng.nextGaussian();
  const innovation = Math.sqrt(1 - persistence * persistence);
  const noise = Math.sqrt(1 - coupling * coupling);
  for (let t = 0; t < T; t++) {
    z = persistence * z + innovation * rng.nextGaussian();
    key[t] = coupling * z + noise * rng.nextGaussian();
  }
  const sortedValues = Float64Array.from(a).sort();
  const order = Array.from({ length: T }, (_, t) => t).sort((p, q) => key[p] - key[q] || p - q);
  for (let r = 0; r < T; r++) a[order[r]] = sortedValues[r];
}
