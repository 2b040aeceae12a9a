import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalSurvival } from '../stats/normal.ts';
import {
  LVRB_CODE_DEFAULT,
  LVRB_DOCUMENTED,
  lvrbCrossing,
  lvrbFits,
  lvrbHeadroom,
  lvrbImpliedRisk,
  lvrbImpliedZ,
  lvrbRiskCurve,
} from './knobRisk.ts';

/** The plugin's score written out step by step (analysis.go), for one resource, maxScore 100. */
function pluginScore(
  usedAvg: number,
  req: number,
  stdev: number,
  cap: number,
  m: number,
  s: number,
) {
  const clip = (v: number) => Math.max(Math.min(v, 1), 0);
  const mu = clip((Math.max(Math.min(usedAvg, cap), 0) + Math.max(req, 0)) / cap);
  let sigma = clip(Math.max(Math.min(stdev, cap), 0) / cap);
  sigma = Math.pow(sigma, 1 / s);
  sigma = clip(sigma * m);
  return (1 - (mu + sigma) / 2) * 100;
}

describe('the knob lesson: LVRB read as a filter', () => {
  it('the worked example: sensitivity 2 puts z = σ^(−1/2), ρ ≈ 3e-7 at σ = 0.04 and 2e-2 at 0.25', () => {
    expect(lvrbImpliedZ(0.04, LVRB_DOCUMENTED)).toBeCloseTo(5, 12);
    expect(lvrbImpliedZ(0.25, LVRB_DOCUMENTED)).toBeCloseTo(2, 12);
    expect(lvrbImpliedRisk(0.04, LVRB_DOCUMENTED)).toBeCloseTo(2.8665e-7, 10);
    expect(lvrbImpliedRisk(0.25, LVRB_DOCUMENTED)).toBeCloseTo(0.02275, 5);
  });

  it('the code default (1, 1) puts z = 1 on every node: ρ = 1 − Φ(1) ≈ 0.159 whatever σ', () => {
    for (const sigma of [0.01, 0.1, 0.5]) {
      expect(lvrbImpliedZ(sigma, LVRB_CODE_DEFAULT)).toBeCloseTo(1, 12);
      expect(lvrbImpliedRisk(sigma, LVRB_CODE_DEFAULT)).toBeCloseTo(0.158655, 5);
    }
  });

  it('fits exactly when the plugin’s score is at least half the maximum (risk ≤ ½)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 1e-4, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        (used, req, sigma, margin, sensitivity) => {
          const score = pluginScore(used, req, sigma, 1, margin, sensitivity);
          if (Math.abs(score - 50) < 1e-9) return; // on the boundary rounding decides
          const mu = Math.min(1, used + req);
          expect(lvrbFits(mu, sigma, { margin, sensitivity })).toBe(score >= 50);
        },
      ),
    );
  });

  it('clips the headroom at the capacity as the plugin does', () => {
    expect(lvrbHeadroom(0.81, { margin: 3, sensitivity: 2 })).toBe(1);
    expect(lvrbImpliedZ(0.5, { margin: 3, sensitivity: 2 })).toBeCloseTo(2, 12);
  });

  it('crosses GPA where both keep the same headroom; below it LVRB is the stricter', () => {
    const cross = lvrbCrossing(LVRB_DOCUMENTED, 0.01)!;
    expect(cross).toBeCloseTo(1 / 2.3263478740408408 ** 2, 10);
    expect(lvrbImpliedRisk(cross, LVRB_DOCUMENTED)).toBeCloseTo(0.01, 10);
    expect(lvrbImpliedRisk(cross / 2, LVRB_DOCUMENTED)).toBeLessThan(0.01);
    expect(lvrbImpliedRisk(cross * 2, LVRB_DOCUMENTED)).toBeGreaterThan(0.01);
    expect(lvrbCrossing(LVRB_CODE_DEFAULT, 0.01)).toBeNull();
  });

  it('the curve is log-spaced, ends at its bounds and agrees point by point', () => {
    const curve = lvrbRiskCurve(LVRB_DOCUMENTED, 0.01, 1, 5);
    const expected = [0.01, 10 ** -1.5, 0.1, 10 ** -0.5, 1];
    curve.forEach((p, i) => expect(p.sigma).toBeCloseTo(expected[i], 12));
    for (const p of curve) expect(p.rho).toBe(normalSurvival(p.z));
  });

  it('refuses σ outside (0, 1] and a negative knob, naming it', () => {
    expect(() => lvrbImpliedZ(0, LVRB_DOCUMENTED)).toThrow(/σ must be/);
    expect(() => lvrbImpliedZ(1.5, LVRB_DOCUMENTED)).toThrow(/σ must be/);
    expect(() => lvrbImpliedZ(0.1, { margin: -1, sensitivity: 2 })).toThrow(/safeVarianceMargin/);
    expect(() => lvrbImpliedZ(0.1, { margin: 1, sensitivity: NaN })).toThrow(
      /safeVarianceSensitivity/,
    );
  });
});
