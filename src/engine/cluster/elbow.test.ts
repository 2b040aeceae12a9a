import { describe, expect, it } from 'vitest';
import { loadShared } from '../../cli/commands/cluster/clusterData.ts';
import { splitColumns } from '../split.ts';
import { identityRows } from '../workload.ts';
import { taskFeatures } from './classPacking.ts';
import { elbow, elbowK } from './classes.ts';
import { resourceStats } from './run.ts';
import { realizeMulti } from './workload.ts';

/** The class features `cluster --classes` uses (μ and σ of CPU and memory over κ = 0.5), R = 1000. */
async function usageFeatures(id: string, seed: number): Promise<Float64Array[]> {
  const w = realizeMulti(await loadShared(id), 1000, seed);
  const rows = identityRows(w.ids.length);
  const stats = resourceStats(w, splitColumns(w.matrices[0].cols, 0.5));
  stats.forEach((s) => s.ensureMoments(rows));
  const mean = stats.map((s) => Float64Array.from(rows, (i) => s.mean[i]));
  const variance = stats.map((s) => Float64Array.from(rows, (i) => s.variance[i]));
  return taskFeatures(w, rows, 'usage', mean, variance);
}

describe('the elbow on the bundled CPU + memory data, seeds 1–5', () => {
  for (const id of ['google-gcd-jobs', 'bitbrains-rnd']) {
    it(`${id}: ten k-means++ starts per k give the same elbow for every seed`, async () => {
      const picks: number[] = [];
      for (let seed = 1; seed <= 5; seed++) {
        const sse = elbow(await usageFeatures(id, seed), 10, seed);
        // The best of ten starts never does worse with one more class on these data.
        for (let k = 1; k < sse.length; k++) expect(sse[k]).toBeLessThanOrEqual(sse[k - 1]);
        picks.push(elbowK(sse));
      }
      expect(new Set(picks).size).toBe(1);
    }, 300_000);
  }

  it('google-gcd-jobs, seed 2: a single start lands in a poor optimum at k = 4 and moves the elbow', async () => {
    const points = await usageFeatures('google-gcd-jobs', 2);
    const one = elbow(points, 5, 2, { starts: 1 });
    const ten = elbow(points, 5, 2);
    expect(one[3]).toBeGreaterThan(1.1 * ten[3]);
    expect(elbowK(one)).toBe(3);
    expect(elbowK(ten)).toBe(4);
  }, 120_000);
});
