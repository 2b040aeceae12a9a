/**
 * The KS p-value past 10,000 values per sample against SciPy: `scipy.stats.kstwo.sf(x, n)` over every
 * region of its method choice, and `scipy.stats.ks_2samp` on samples up to 12,000 × 12,000.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Rng } from '../random/rng.ts';
import { kolmogorovSurvival } from './kolmogorov.ts';
import { ks2samp } from './ks.ts';

function python(code: string, input: unknown): unknown {
  const r = spawnSync('python3', ['-c', code], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 300_000,
  });
  if (r.error) return `python3 is not installed (${r.error.message})`;
  if (r.status !== 0) return `python3 with SciPy failed: ${r.stderr.trim()}`;
  return JSON.parse(r.stdout);
}

// Points in each region: n·x ≤ 1, Durbin (small n·x^1.5), Pelz–Good, Smirnov, x ≥ ½, n ≤ 140.
const points: [number, number][] = [];
for (const n of [5, 50, 140, 141, 1000, 6000, 20_000, 150_000])
  for (const lambda of [0.02, 0.2, 0.4, 0.7, 0.9, 1.1, 1.2, 1.3, 1.358, 1.4, 1.48, 1.6, 2, 3, 5])
    points.push([n, Math.min(0.999, lambda / Math.sqrt(n))]);
for (const n of [200, 6000]) for (const t of [0.7, 0.95, n - 0.5]) points.push([n, t / n]);
points.push([300, 0.6], [6000, 0.5]);

describe('Kolmogorov survival P(D_n ≥ x) vs scipy.stats.kstwo.sf', () => {
  const ref = python(
    `import json, sys
from scipy.stats import kstwo
print(json.dumps([float(kstwo.sf(x, n)) for n, x in json.load(sys.stdin)]))`,
    points,
  );
  it('has python3 with SciPy to compare with', () => {
    expect(typeof ref === 'string' ? ref : null).toBeNull();
  });
  it.runIf(Array.isArray(ref))(
    'agrees to 1e-11 absolute in every region of the method choice',
    () => {
      const theirs = ref as number[];
      points.forEach(([n, x], i) => {
        const ours = kolmogorovSurvival(n, x);
        expect(
          Math.abs(ours - theirs[i]),
          `n = ${n}, x = ${x}: ${ours} vs ${theirs[i]}`,
        ).toBeLessThan(1e-11);
      });
    },
  );
});

describe('ks_2samp past 10,000 values per sample vs scipy.stats.ks_2samp', () => {
  const rng = new Rng(12);
  const draw = (n: number, shift: number) =>
    Array.from({ length: n }, () => shift + rng.nextGaussian());
  const cases = [
    { a: draw(12_000, 0), b: draw(12_000, 0.03) },
    { a: draw(12_000, 0), b: draw(12_000, 0) },
    { a: draw(12_000, 0), b: draw(12_000, 0.1) },
    { a: draw(15_000, 0), b: draw(11_000, 0.04) },
    { a: draw(20_001, 0), b: draw(60, 0.3) },
  ];
  const ref = python(
    `import json, sys
from scipy import stats
out = []
for c in json.load(sys.stdin):
    r = stats.ks_2samp(c["a"], c["b"])
    out.append([float(r.statistic), float(r.pvalue)])
print(json.dumps(out))`,
    cases,
  );
  it('has python3 with SciPy to compare with', () => {
    expect(typeof ref === 'string' ? ref : null).toBeNull();
  });
  it.runIf(Array.isArray(ref))('gives SciPy’s D, p (to 1e-11) and decision', () => {
    const theirs = ref as [number, number][];
    cases.forEach(({ a, b }, i) => {
      const r = ks2samp(a, b);
      expect(r.method).toBe('asymptotic');
      expect(r.statistic).toBe(theirs[i][0]);
      expect(Math.abs(r.pvalue - theirs[i][1]), `case ${i}`).toBeLessThan(1e-11);
      expect(r.rejected).toBe(theirs[i][1] < 0.05);
    });
  });
});
