import { describe, expect, it } from 'vitest';
import { loadShared } from '../../cli/commands/cluster/clusterData.ts';
import { Rng } from '../random/rng.ts';
import { identityRows } from '../workload.ts';
import { analyzeClasses } from './classPacking.ts';
import { classStats, elbow, elbowK, kmeansPoints, nearestCentroid } from './classes.ts';
import { HARMONY_TYPES } from './machineTypes.ts';
import { realizeMulti } from './workload.ts';

/** Three tight blobs far apart, members in a shuffled order. */
function blobs(seed: number) {
  const centres = [
    [0.1, 0.1],
    [0.8, 0.2],
    [0.4, 0.9],
  ];
  const rng = Rng.stream(seed, 'analysis', 0);
  const points: Float64Array[] = [];
  const truth: number[] = [];
  for (let i = 0; i < 150; i++) {
    const c = rng.nextInt(3);
    truth.push(c);
    points.push(Float64Array.from(centres[c], (v) => v + 0.02 * rng.nextGaussian()));
  }
  return { points, truth, centres };
}

describe('k-means++ classes', () => {
  it('recovers well-separated synthetic classes (the same partition)', () => {
    for (const seed of [1, 2, 3]) {
      const { points, truth } = blobs(seed);
      const { labels } = kmeansPoints(points, 3, seed);
      const map = new Map<number, number>();
      truth.forEach((t, i) => {
        if (!map.has(labels[i])) map.set(labels[i], t);
        expect(map.get(labels[i])).toBe(t);
      });
      expect(new Set(map.values()).size).toBe(3);
    }
  });
  it('is deterministic for a seed', () => {
    const { points } = blobs(4);
    expect(Array.from(kmeansPoints(points, 4, 9).labels)).toEqual(
      Array.from(kmeansPoints(points, 4, 9).labels),
    );
  });
  it('elbow: SSE falls with k and the elbow is at 3 for three blobs', () => {
    const { points } = blobs(5);
    const sse = elbow(points, 6, 5);
    expect(sse.length).toBe(6);
    expect(sse[2]).toBeLessThan(sse[1]);
    expect(elbowK(sse)).toBe(3);
  });
  it('labels a new task by its nearest centroid', () => {
    const { points, centres } = blobs(6);
    const c = kmeansPoints(points, 3, 6);
    const near = nearestCentroid([0.79, 0.21], c.centroids);
    expect(Array.from(c.centroids[near]).map((v) => Math.round(v * 10) / 10)).toEqual(centres[1]);
  });
  it('class variance = between-task variance + mean within-task variance', () => {
    const labels = Int32Array.from([0, 0, 1]);
    const s = classStats(
      labels,
      2,
      [Float64Array.from([1, 3, 5])],
      [Float64Array.from([0.5, 1.5, 2])],
    );
    expect(s.mean[0][0]).toBe(2);
    expect(s.between[0][0]).toBe(1);
    expect(s.variance[0][0]).toBe(2);
    expect(s.variance[0][1]).toBe(2);
  });
});

describe('packing by class vs by task', () => {
  it('on Google GCD CPU + memory: both measured, with one class per task it changes nothing', async () => {
    const s = await loadShared('google-gcd-jobs');
    const w = realizeMulti(s, 200, 2);
    const rows = identityRows(60);
    const params = {
      kMax: 4,
      seed: 1,
      features: 'usage',
      eps: 0.01,
      split: 'union',
      packer: 'ff',
      types: HARMONY_TYPES,
      open: 'order',
      clairvoyance: 0.5,
    } as const;
    const fine = analyzeClasses(w, rows, { ...params, k: 60 });
    expect(fine.byClass.machines).toBe(fine.byTask.machines);
    expect(fine.byClass.qAny).toBe(fine.byTask.qAny);
    const coarse = analyzeClasses(w, rows, { ...params, k: 3 });
    expect(coarse.elbow.length).toBe(4);
    expect(coarse.byClass.machines).toBeGreaterThan(0);
    expect(coarse.byClass.machinesByType.reduce((a, b) => a + b, 0)).toBe(coarse.byClass.machines);
  });
});
