/**
 * The data figures of the GPA paper §3 from per-task samples: Fig. 1 (means of k inst samples vs
 * the avg mean), Figs. 2–3 (per-task σ vs μ, inst and avg) and §3.4 (time invariance by a KS test
 * between two random windows). Each is a chunk over a task range (task i's randomness comes from
 * its own stream), a merge of chunks in task order, and a finish that summarizes for plotting.
 */
import { seriesAt, taskCount, type TaskSamples } from '../data/samples/samples.ts';
import { Rng } from '../random/rng.ts';
import { ANALYSIS_TAG, checkChunk, checkCount, tick, type RunControl } from './control.ts';
import { ksPvalue, ksStatisticSorted } from './ks.ts';
import { sampleSparse } from './sample.ts';
import { boxStats, finiteSorted, probabilityGrid, quantiles, type BoxStats } from './summary.ts';
import { trendLine, type TrendLine } from './trend.ts';

function concat(parts: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function inOrder<T extends { start: number; end: number }>(parts: readonly T[]): T[] {
  if (parts.length === 0) throw new RangeError('nothing to merge');
  const sorted = [...parts].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].start !== sorted[i - 1].end)
      throw new RangeError(
        `partials are not contiguous: [${sorted[i - 1].start}, ${sorted[i - 1].end}) then [${sorted[i].start}, ${sorted[i].end})`,
      );
  return sorted;
}

// ---------------------------------------------------------------------------------------------
// Fig. 1

/** The paper's k: 1, 2, 5, …, 500, 1000 instantaneous samples. */
export const PAPER_FIG1_KS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] as const;

export interface Fig1Params {
  readonly ks?: readonly number[];
  readonly seed: number;
}

export interface Fig1Partial {
  readonly start: number;
  readonly end: number;
  readonly ks: readonly number[];
  /** Per k: (ȳ_i − x̄_i^(k))/ȳ_i of the tasks in range with at least k samples, in task order. */
  readonly values: Float64Array[];
  /** Tasks whose avg mean is 0 (no relative difference). */
  readonly zeroAvg: number;
}

/** Fig. 1 for tasks [start, end): x̄^(k) over k inst samples drawn without replacement. */
export function fig1Chunk(
  samples: TaskSamples,
  params: Fig1Params,
  start: number,
  end: number,
  ctl?: RunControl,
): Fig1Partial {
  const avg = samples.avg;
  if (!avg)
    throw new RangeError('Fig. 1 compares inst with avg, and this dataset has no avg series');
  checkChunk(start, end, taskCount(samples.inst), 'task');
  const ks = params.ks ?? PAPER_FIG1_KS;
  ks.forEach((k) => checkCount(k, 'number of samples k'));
  const lists: number[][] = ks.map(() => []);
  let zeroAvg = 0;
  for (let i = start; i < end; i++) {
    if ((i - start) % 256 === 0) tick(ctl, i - start, end - start);
    const x = seriesAt(samples.inst, i);
    const y = seriesAt(avg, i);
    let ybar = 0;
    for (let t = 0; t < y.length; t++) ybar += y[t];
    ybar /= y.length;
    if (!(ybar !== 0)) {
      zeroAvg++;
      continue;
    }
    const rng = Rng.stream(params.seed, 'analysis', ANALYSIS_TAG.fig1, i);
    ks.forEach((k, j) => {
      if (k > x.length) return;
      const idx = sampleSparse(rng, x.length, k);
      let s = 0;
      for (let m = 0; m < k; m++) s += x[idx[m]];
      lists[j].push((ybar - s / k) / ybar);
    });
  }
  tick(ctl, end - start, end - start);
  return { start, end, ks: [...ks], values: lists.map((l) => Float64Array.from(l)), zeroAvg };
}

/** Joins Fig. 1 chunks in task order. */
export function mergeFig1(parts: readonly Fig1Partial[]): Fig1Partial {
  const p = inOrder(parts);
  return {
    start: p[0].start,
    end: p[p.length - 1].end,
    ks: p[0].ks,
    values: p[0].ks.map((_, j) => concat(p.map((q) => q.values[j]))),
    zeroAvg: p.reduce((s, q) => s + q.zeroAvg, 0),
  };
}

export interface Fig1Result {
  /** One box per k: over the tasks with at least k samples. */
  readonly boxes: { readonly k: number; readonly box: BoxStats }[];
  readonly zeroAvg: number;
}

/** Fig. 1 (GPA paper §3.2): box-plot statistics of the relative difference by k. */
export function fig1(all: Fig1Partial): Fig1Result {
  return {
    boxes: all.ks.map((k, j) => ({ k, box: boxStats(all.values[j]) })),
    zeroAvg: all.zeroAvg,
  };
}

// ---------------------------------------------------------------------------------------------
// Figs. 2–3: per-task moments

export interface MomentsPartial {
  readonly start: number;
  readonly end: number;
  /** Per task: mean and population σ over all its samples (SPEC §4), inst and (when present) avg. */
  readonly meanInst: Float64Array;
  readonly sdInst: Float64Array;
  readonly meanAvg: Float64Array | null;
  readonly sdAvg: Float64Array | null;
}

function moments(s: ArrayLike<number>): [number, number] {
  const n = s.length;
  let m = 0;
  for (let t = 0; t < n; t++) m += s[t];
  m /= n;
  let v = 0;
  for (let t = 0; t < n; t++) v += (s[t] - m) * (s[t] - m);
  return [m, Math.sqrt(v / n)];
}

/** Per-task means and standard deviations of tasks [start, end), for Figs. 2 and 3. */
export function momentsChunk(samples: TaskSamples, start: number, end: number): MomentsPartial {
  checkChunk(start, end, taskCount(samples.inst), 'task');
  const n = end - start;
  const out = {
    start,
    end,
    meanInst: new Float64Array(n),
    sdInst: new Float64Array(n),
    meanAvg: samples.avg ? new Float64Array(n) : null,
    sdAvg: samples.avg ? new Float64Array(n) : null,
  };
  for (let i = start; i < end; i++) {
    [out.meanInst[i - start], out.sdInst[i - start]] = moments(seriesAt(samples.inst, i));
    if (samples.avg && out.meanAvg && out.sdAvg)
      [out.meanAvg[i - start], out.sdAvg[i - start]] = moments(seriesAt(samples.avg, i));
  }
  return out;
}

/** Joins moment chunks in task order. */
export function mergeMoments(parts: readonly MomentsPartial[]): MomentsPartial {
  const p = inOrder(parts);
  const hasAvg = p.every((q) => q.meanAvg && q.sdAvg);
  return {
    start: p[0].start,
    end: p[p.length - 1].end,
    meanInst: concat(p.map((q) => q.meanInst)),
    sdInst: concat(p.map((q) => q.sdInst)),
    meanAvg: hasAvg ? concat(p.map((q) => q.meanAvg as Float64Array)) : null,
    sdAvg: hasAvg ? concat(p.map((q) => q.sdAvg as Float64Array)) : null,
  };
}

export interface Fig2Result {
  /** Probabilities 0..1 and the σ quantiles at them: the CDF, ready to plot as lines. */
  readonly p: Float64Array;
  readonly inst: Float64Array;
  readonly avg: Float64Array | null;
  readonly medianInst: number;
  readonly medianAvg: number;
  /** Share of tasks whose inst σ exceeds their avg σ. */
  readonly shareInstAbove: number;
}

/** Fig. 2 (GPA paper §3.3): the CDF of per-task σ, inst vs avg, at `points` + 1 probabilities. */
export function fig2(m: MomentsPartial, points = 200): Fig2Result {
  const p = probabilityGrid(points);
  const si = finiteSorted(m.sdInst);
  const sa = m.sdAvg ? finiteSorted(m.sdAvg) : null;
  let above = 0;
  if (m.sdAvg) for (let i = 0; i < m.sdInst.length; i++) if (m.sdInst[i] > m.sdAvg[i]) above++;
  return {
    p,
    inst: quantiles(si, p),
    avg: sa ? quantiles(sa, p) : null,
    medianInst: quantiles(si, [0.5])[0],
    medianAvg: sa ? quantiles(sa, [0.5])[0] : NaN,
    shareInstAbove: m.sdAvg ? above / m.sdInst.length : NaN,
  };
}

export interface Fig3Params {
  /** Bins per axis (default 40). */
  readonly bins?: number;
  /** Axis ranges [0, meanMax] × [0, sdMax]; default: the 99th percentiles of the inst means and σ. */
  readonly meanMax?: number;
  readonly sdMax?: number;
}

export interface Heatmap {
  /** Share of all tasks per cell, row-major by σ bin: cells[sdBin·bins + meanBin]. */
  readonly cells: Float64Array;
  /** Tasks outside the plotted range. */
  readonly outside: number;
}

export interface Fig3Result {
  readonly bins: number;
  readonly meanEdges: Float64Array;
  readonly sdEdges: Float64Array;
  readonly inst: Heatmap;
  readonly avg: Heatmap | null;
  /** inst − avg per cell (Fig. 3c: positive where inst tasks are more frequent). */
  readonly diff: Float64Array | null;
  /** Least-squares σ ≈ slope·μ + intercept over all tasks (paper: 0.36/0.015 inst, 0.31/0.010 avg). */
  readonly trendInst: TrendLine;
  readonly trendAvg: TrendLine | null;
}

function heatmap(
  x: Float64Array,
  y: Float64Array,
  bins: number,
  xMax: number,
  yMax: number,
): Heatmap {
  const cells = new Float64Array(bins * bins);
  let outside = 0;
  const n = x.length;
  for (let i = 0; i < n; i++) {
    const bx = Math.floor((x[i] / xMax) * bins);
    const by = Math.floor((y[i] / yMax) * bins);
    if (!(bx >= 0 && bx < bins && by >= 0 && by < bins)) {
      outside++;
      continue;
    }
    cells[by * bins + bx] += 1 / n;
  }
  return { cells, outside };
}

/** Fig. 3 (GPA paper §3.3): σ vs μ heatmaps for inst and avg, their difference and trend lines. */
export function fig3(m: MomentsPartial, params: Fig3Params = {}): Fig3Result {
  const bins = checkCount(params.bins ?? 40, 'bin count');
  const meanMax = params.meanMax ?? quantiles(finiteSorted(m.meanInst), [0.99])[0];
  const sdMax = params.sdMax ?? quantiles(finiteSorted(m.sdInst), [0.99])[0];
  if (!(meanMax > 0)) throw new RangeError(`invalid mean range: ${meanMax}`);
  if (!(sdMax > 0)) throw new RangeError(`invalid σ range: ${sdMax}`);
  const edges = (max: number) =>
    Float64Array.from({ length: bins + 1 }, (_, b) => (max * b) / bins);
  const inst = heatmap(m.meanInst, m.sdInst, bins, meanMax, sdMax);
  const avg = m.meanAvg && m.sdAvg ? heatmap(m.meanAvg, m.sdAvg, bins, meanMax, sdMax) : null;
  return {
    bins,
    meanEdges: edges(meanMax),
    sdEdges: edges(sdMax),
    inst,
    avg,
    diff: avg ? inst.cells.map((v, c) => v - avg.cells[c]) : null,
    trendInst: trendLine(m.meanInst, m.sdInst),
    trendAvg: m.meanAvg && m.sdAvg ? trendLine(m.meanAvg, m.sdAvg) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// §3.4: time invariance

export interface TimeInvarianceParams {
  /** Samples per window Δ (paper: 12, i.e. 1 hour; also 24 and 36). */
  readonly window?: number;
  readonly seed: number;
  readonly series?: 'inst' | 'avg';
}

export interface TimeInvariancePartial {
  readonly start: number;
  readonly end: number;
  /** Per task: KS p-value between its two windows; NaN when it has fewer than 2 windows. */
  readonly pvalues: Float64Array;
}

/** §3.4 for tasks [start, end): two distinct random windows of Δ consecutive samples, KS at 5 %. */
export function timeInvarianceChunk(
  samples: TaskSamples,
  params: TimeInvarianceParams,
  start: number,
  end: number,
  ctl?: RunControl,
): TimeInvariancePartial {
  checkChunk(start, end, taskCount(samples.inst), 'task');
  const delta = checkCount(params.window ?? 12, 'window length Δ');
  const series = params.series === 'avg' ? samples.avg : samples.inst;
  if (!series) throw new RangeError('series "avg" asked for, and this dataset has no avg series');
  const pvalues = new Float64Array(end - start);
  const a = new Float64Array(delta);
  const b = new Float64Array(delta);
  for (let i = start; i < end; i++) {
    if ((i - start) % 1024 === 0) tick(ctl, i - start, end - start);
    const x = seriesAt(series, i);
    const windows = Math.floor(x.length / delta);
    if (windows < 2) {
      pvalues[i - start] = NaN;
      continue;
    }
    const rng = Rng.stream(params.seed, 'analysis', ANALYSIS_TAG.timeInvariance, i);
    const k1 = rng.nextInt(windows);
    let k2 = rng.nextInt(windows - 1);
    if (k2 >= k1) k2++;
    for (let t = 0; t < delta; t++) {
      a[t] = x[k1 * delta + t];
      b[t] = x[k2 * delta + t];
    }
    a.sort();
    b.sort();
    pvalues[i - start] = ksPvalue(ksStatisticSorted(a, b), delta, delta).pvalue;
  }
  tick(ctl, end - start, end - start);
  return { start, end, pvalues };
}

/** Joins §3.4 chunks in task order. */
export function mergeTimeInvariance(
  parts: readonly TimeInvariancePartial[],
): TimeInvariancePartial {
  const p = inOrder(parts);
  return { start: p[0].start, end: p[p.length - 1].end, pvalues: concat(p.map((q) => q.pvalues)) };
}

export interface TimeInvarianceResult {
  /** Tasks with at least two windows. */
  readonly tested: number;
  /** Share of tested tasks whose windows differ (p < 0.05); the paper: about 30 %. */
  readonly rejectedShare: number;
  /** Histogram of the p-values in 20 bins of 0.05. */
  readonly pvalueHistogram: Float64Array;
}

/** §3.4 (GPA paper): the share of tasks whose two random windows differ by KS at 5 %. */
export function timeInvariance(all: TimeInvariancePartial): TimeInvarianceResult {
  let tested = 0;
  let rejected = 0;
  const hist = new Float64Array(20);
  for (const p of all.pvalues) {
    if (Number.isNaN(p)) continue;
    tested++;
    if (p < 0.05) rejected++;
    hist[Math.min(19, Math.floor(p * 20))]++;
  }
  return { tested, rejectedShare: tested ? rejected / tested : NaN, pvalueHistogram: hist };
}
