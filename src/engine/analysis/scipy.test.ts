/**
 * The statistics of SPEC §9 against SciPy on fixed samples: `scipy.stats.anderson(x, 'norm')` and
 * `scipy.stats.ks_2samp(a, b)`. SciPy runs in one python3 process per suite; when python3 or SciPy is
 * missing, the first test of each suite fails and says so.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../random/rng.ts';
import { andersonCritical, andersonNormal } from './anderson.ts';
import { ks2samp } from './ks.ts';

function scipyUnavailable(): string | null {
  const r = spawnSync('python3', ['-c', 'import numpy, scipy'], { encoding: 'utf8' });
  if (r.error) return `python3 is not installed (${r.error.message})`;
  if (r.status !== 0) return `python3 lacks numpy or scipy: ${r.stderr.trim()}`;
  return null;
}

/** Runs a python snippet reading JSON on stdin and printing JSON. */
function python(code: string, input: unknown): unknown {
  const r = spawnSync('python3', ['-c', code], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const missing = scipyUnavailable();

/** Fixed samples from the seeded generator, in several shapes the analysis meets. */
function samples(): { name: string; x: number[] }[] {
  const rng = new Rng(20170924);
  const draw = (n: number, f: () => number) => Array.from({ length: n }, f);
  const exp = () => -Math.log(1 - rng.nextFloat());
  return [
    { name: 'normal, n = 10,000', x: draw(10_000, () => 3 + 0.5 * rng.nextGaussian()) },
    {
      name: 'sum of 30 exponentials, n = 10,000',
      x: draw(10_000, () => draw(30, exp).reduce((a, b) => a + b)),
    },
    { name: 'exponential, n = 10,000 (far tails)', x: draw(10_000, exp) },
    {
      name: 'spiky: mostly 0.01, rarely 0.9, n = 5,000',
      x: draw(5_000, () => (rng.nextFloat() < 0.002 ? 0.9 : 0.01 + 0.001 * rng.nextFloat())),
    },
    {
      name: 'ties: rounded normal, n = 2,000',
      x: draw(2_000, () => Math.round(4 * rng.nextGaussian()) / 4),
    },
    { name: 'normal, n = 20', x: draw(20, () => rng.nextGaussian()) },
    { name: 'uniform, n = 7', x: draw(7, () => rng.nextFloat()) },
    { name: 'two values, n = 2', x: [0.25, 0.75] },
  ];
}

describe('Anderson–Darling normality test vs scipy.stats.anderson(x, "norm")', () => {
  it('has python3 with SciPy to compare with', () => {
    expect(missing, `cannot compare with SciPy: ${missing}`).toBeNull();
  });

  const cases = samples();
  let refs: { a2: number; crit: number[]; sig: number[]; mean: number; sd: number }[] = [];
  beforeAll(() => {
    if (missing) return;
    refs = python(
      `import sys, json, warnings
import numpy as np
from scipy import stats
warnings.simplefilter('ignore')
out = []
for xs in json.loads(sys.stdin.read()):
    r = stats.anderson(np.array(xs, dtype=float), 'norm')
    out.append({'a2': float(r.statistic), 'crit': [float(c) for c in r.critical_values],
      'sig': [float(s) for s in r.significance_level], 'mean': float(r.fit_result.params.loc),
      'sd': float(r.fit_result.params.scale)})
print(json.dumps(out))`,
      cases.map((c) => c.x),
    ) as typeof refs;
  });

  it.each(cases.map((c, i) => ({ ...c, i })))('agrees on $name', ({ x, i }) => {
    if (missing) return;
    const ref = refs[i];
    const r = andersonNormal(x);
    expect(ref.sig).toEqual([15, 10, 5, 2.5, 1]);
    expect(r.criticalValues).toEqual(ref.crit);
    expect(r.mean).toBeCloseTo(ref.mean, 13);
    expect(Math.abs(r.sd - ref.sd) / ref.sd).toBeLessThan(1e-13);
    expect(Math.abs(r.statistic - ref.a2) / Math.max(1, ref.a2)).toBeLessThan(1e-9);
    expect(r.rejected).toBe(ref.a2 > ref.crit[2]);
  });

  it('reports the 5 % critical value SciPy reports, for the sample sizes of the lab', () => {
    expect(andersonCritical(10_000)).toBe(0.752);
    expect(andersonCritical(20)).toBe(Math.round(752 / (1 + 0.75 / 20 + 2.25 / 400)) / 1000);
    expect(() => andersonCritical(10, 3 as 5)).toThrow(/invalid significance: 3/);
  });

  it('rejects too small or non-finite samples by name', () => {
    expect(() => andersonNormal([1])).toThrow(/at least 2 values, got 1/);
    expect(() => andersonNormal([1, NaN, 2])).toThrow(/invalid value at index 1: NaN/);
  });

  it('reports no spread as NaN and no rejection, as SciPy does', () => {
    const r = andersonNormal([0.5, 0.5, 0.5, 0.5]);
    expect(r.statistic).toBeNaN();
    expect(r.rejected).toBe(false);
  });
});

function pairs(): { name: string; a: number[]; b: number[] }[] {
  const rng = new Rng(3);
  const g = (n: number, shift = 0, sd = 1) =>
    Array.from({ length: n }, () => shift + sd * rng.nextGaussian());
  const spiky = (n: number) =>
    Array.from({ length: n }, () =>
      rng.nextFloat() < 0.7 ? 0 : Math.round(100 * rng.nextFloat()) / 100,
    );
  return [
    { name: 'two windows of 12 from one normal', a: g(12), b: g(12) },
    { name: 'two windows of 12, shifted by 1.5 σ', a: g(12), b: g(12, 1.5) },
    { name: 'two windows of 12, shifted far (D = 1)', a: g(12), b: g(12, 20) },
    { name: 'two windows of 12 with ties (mostly zero)', a: spiky(12), b: spiky(12) },
    { name: 'two windows of 24, scale differs', a: g(24), b: g(24, 0, 3) },
    { name: 'unequal sizes 12 and 20', a: g(12), b: g(20, 0.8) },
    { name: 'unequal sizes 37 and 50', a: g(37), b: g(50, 0.5) },
    { name: 'unequal sizes 300 and 450', a: g(300), b: g(450, 0.1) },
    { name: 'one value each', a: [1], b: [2] },
  ];
}

describe('two-sample Kolmogorov–Smirnov test vs scipy.stats.ks_2samp(a, b)', () => {
  it('has python3 with SciPy to compare with', () => {
    expect(missing, `cannot compare with SciPy: ${missing}`).toBeNull();
  });

  const cases = pairs();
  let refs: { d: number; p: number }[] = [];
  beforeAll(() => {
    if (missing) return;
    refs = python(
      `import sys, json
from scipy import stats
out = []
for p in json.loads(sys.stdin.read()):
    r = stats.ks_2samp(p['a'], p['b'])
    out.append({'d': float(r.statistic), 'p': float(r.pvalue)})
print(json.dumps(out))`,
      cases.map(({ a, b }) => ({ a, b })),
    ) as typeof refs;
  });

  it.each(cases.map((c, i) => ({ ...c, i })))('agrees on $name', ({ a, b, i }) => {
    if (missing) return;
    const ref = refs[i];
    const r = ks2samp(a, b);
    expect(r.method).toBe('exact');
    expect(r.statistic).toBeCloseTo(ref.d, 14);
    expect(Math.abs(r.pvalue - ref.p)).toBeLessThan(1e-12 + 1e-10 * ref.p);
    expect(r.rejected).toBe(ref.p < 0.05);
  });

  it('rejects empty samples and NaN by name', () => {
    expect(() => ks2samp([], [1])).toThrow(/two non-empty samples, got 0 and 1/);
    expect(() => ks2samp([1, NaN], [1])).toThrow(/sample a at index 1: NaN/);
  });
});
