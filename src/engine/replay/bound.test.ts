import jStat from 'jstat';
import { describe, expect, it } from 'vitest';
import { allocateMatrix } from '../matrix.ts';
import { Rng, streamKey } from '../random/rng.ts';
import { betaCdf, betaQuantile } from '../stats/beta.ts';
import { normalSurvivalQuantile } from '../stats/index.ts';
import { autocorrelationTime, qUpperBound } from './bound.ts';
import { judgeMachines, machineVerdict } from './slo.ts';

const SEEDS = 400;

/** A stationary Gaussian AR(1) of coefficient φ (unit variance), `n` values. */
function ar1(rng: Rng, phi: number, n: number): Float64Array {
  const x = new Float64Array(n);
  const sd = Math.sqrt(1 - phi * phi);
  let v = rng.nextGaussian();
  for (let t = 0; t < n; t++) {
    x[t] = v;
    v = phi * v + sd * rng.nextGaussian();
  }
  return x;
}

/** A machine of six log-normal tasks, each an AR(1) on a shared AR(1) factor (they move together). */
function machine(rng: Rng, n: number): Float64Array {
  const common = ar1(rng, 0.95, n);
  const total = new Float64Array(n);
  for (let i = 0; i < 6; i++) {
    const own = ar1(rng, 0.8, n);
    for (let t = 0; t < n; t++) total[t] += Math.exp(0.3 * own[t] + 0.3 * common[t]);
  }
  return total;
}

/** The share of seeds whose bound on `series`' rate above `c` is at least `q`. */
function coverage(
  draw: (rng: Rng) => Float64Array,
  c: number,
  q: number,
  bound: (overflows: number, x: Float64Array) => number,
): number {
  let covered = 0;
  for (let s = 0; s < SEEDS; s++) {
    const x = draw(new Rng(streamKey(s, 'blocks', 46)));
    let overflows = 0;
    for (const v of x) if (v > c) overflows++;
    if (bound(overflows, x) >= q) covered++;
  }
  return covered / SEEDS;
}

const withTau = (o: number, x: Float64Array) =>
  qUpperBound(o, x.length, x.length / autocorrelationTime(x));
const everyInstantIndependent = (o: number, x: Float64Array) => qUpperBound(o, x.length, x.length);

describe('the Beta quantile behind the bound', () => {
  it('agrees with jstat', () => {
    const J = jStat as unknown as {
      beta: {
        cdf(x: number, a: number, b: number): number;
        inv(p: number, a: number, b: number): number;
      };
    };
    for (const [x, a, b] of [
      [0.01, 1, 288],
      [0.3, 2.5, 7.1],
      [0.9, 50, 3],
      [0.02, 3.2, 400],
      [0.6, 0.7, 1.4],
    ]) {
      expect(betaCdf(x, a, b)).toBeCloseTo(J.beta.cdf(x, a, b), 8);
      expect(betaQuantile(0.95, a, b)).toBeCloseTo(J.beta.inv(0.95, a, b), 8);
    }
  });

  it('gives the rule of three for no overflow in n independent instants', () => {
    expect(qUpperBound(0, 300, 300)).toBeCloseTo(1 - 0.05 ** (1 / 300), 10);
    expect(qUpperBound(0, 300, 300)).toBeLessThan(0.01);
    expect(qUpperBound(0, 144, 144)).toBeGreaterThan(0.02);
    expect(qUpperBound(144, 144, 10)).toBe(1);
  });
});

describe('the autocorrelation time', () => {
  it('is about 1 for white noise and (1 + φ)/(1 − φ) for an AR(1)', () => {
    const rng = new Rng(7);
    expect(autocorrelationTime(ar1(rng, 0, 20_000))).toBeLessThan(1.1);
    expect(autocorrelationTime(ar1(rng, 0.5, 20_000))).toBeCloseTo(3, 0);
    const tau = autocorrelationTime(ar1(rng, 0.9, 20_000));
    expect(tau).toBeGreaterThan(17);
    expect(tau).toBeLessThan(21);
  });

  it('counts a constant series as one observation', () => {
    expect(autocorrelationTime(new Float64Array(50).fill(3))).toBe(50);
  });
});

describe('the per-machine bound covers the true q at 95 % or more (property over seeds)', () => {
  for (const phi of [0, 0.5, 0.9, 0.97])
    for (const n of [288, 2016])
      for (const q of [0.01, 0.05])
        it(`Gaussian AR(1), φ = ${phi}, ${n} instants, q = ${q}`, () => {
          const c = normalSurvivalQuantile(q);
          expect(coverage((rng) => ar1(rng, phi, n), c, q, withTau)).toBeGreaterThanOrEqual(0.95);
        });

  it('a machine of log-normal tasks on a shared factor, at its own 1 % and 5 % levels', () => {
    const long = machine(new Rng(1), 400_000).sort();
    for (const q of [0.01, 0.05]) {
      const c = long[Math.floor((1 - q) * long.length)];
      let above = 0;
      for (const v of long) if (v > c) above++;
      const truth = above / long.length;
      expect(coverage((rng) => machine(rng, 2016), c, truth, withTau)).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('where reading every instant as independent would not', () => {
    const c = normalSurvivalQuantile(0.01);
    const naive = coverage((rng) => ar1(rng, 0.9, 2016), c, 0.01, everyInstantIndependent);
    expect(naive).toBeLessThan(0.85);
  });
});

describe('judgeMachines', () => {
  it('bounds each machine by the autocorrelation of its own total', () => {
    const cols = 144;
    const m = allocateMatrix(2, cols, false);
    const rng = new Rng(3);
    const slow = ar1(rng, 0.9, cols);
    for (let t = 0; t < cols; t++) {
      m.data[t] = 0.5 + 0.1 * slow[t];
      m.data[cols + t] = 0.5 + 0.1 * rng.nextGaussian();
    }
    const s = judgeMachines([[0], [1]], m, 1, 0.01);
    expect(s.q).toEqual([0, 0]);
    expect(s.effective[0]).toBeLessThan(s.effective[1] / 4);
    expect(s.upper[0]).toBeGreaterThan(s.upper[1]);
    expect(s.upper[1]).toBeGreaterThan(0.01);
    expect([machineVerdict(s, 0), machineVerdict(s, 1)]).toEqual(['unproven', 'unproven']);
    expect(s.unproven).toBe(2);
    const loose = judgeMachines([[0], [1]], m, 1, 0.5);
    expect(machineVerdict(loose, 1)).toBe('holds');
  });
});
