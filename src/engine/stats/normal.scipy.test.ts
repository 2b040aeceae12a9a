/**
 * The normal survival function and its inverse against SciPy's `norm.sf` / `norm.isf` over z up to 37
 * and ρ down to 1e-300: relative error ≤ 1e-14 everywhere (SciPy runs once, in one python3 process).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, normalSurvival, normalSurvivalQuantile } from './normal.ts';

const TOLERANCE = 1e-14;

function scipy(zs: number[], ps: number[]): { sf: number[]; isf: number[] } | string {
  const code = `
import json, sys
from scipy.stats import norm
d = json.load(sys.stdin)
print(json.dumps({"sf": [float(norm.sf(z)) for z in d["z"]], "isf": [float(norm.isf(p)) for p in d["p"]]}))
`;
  const r = spawnSync('python3', ['-c', code], {
    input: JSON.stringify({ z: zs, p: ps }),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.error) return `python3 is not installed (${r.error.message})`;
  if (r.status !== 0) return `python3 with SciPy failed: ${r.stderr.trim()}`;
  return JSON.parse(r.stdout) as { sf: number[]; isf: number[] };
}

const zs: number[] = [];
for (let k = 0; k <= 900; k++) zs.push(-8 + k * 0.05);
for (const z of [0, 1e-300, 1e-8, 0.7071, 0.70711, 1.4142, 5, 7, 8, 8.5, 8.6, 12.3, 26.5, 36.9, 37])
  zs.push(z, -z);
const ps: number[] = [0.5, 0.4999, 0.49, 0.45, 0.4, 1 / 3, 0.3, 0.26, 0.25, 0.2499, 0.2, 0.1, 0.05];
for (let e = -1; e >= -300; e -= 0.25) ps.push(10 ** e);
for (const e of [14, 16, 18, 20, 50, 300]) ps.push(Number(`1e-${e}`), Number(`3.7e-${e}`));
for (const p of ps.slice()) if (p < 0.5 && 1 - p < 1) ps.push(1 - p);

const reference = scipy(zs, ps);

function worst(ours: number[], theirs: number[], at: number[]): { error: number; at: number } {
  let error = 0;
  let where = NaN;
  ours.forEach((v, i) => {
    const e = theirs[i] === 0 ? Math.abs(v) : Math.abs(v / theirs[i] - 1);
    if (!(e <= error)) {
      error = e;
      where = at[i];
    }
  });
  return { error, at: where };
}

describe('normal survival and quantile vs SciPy (norm.sf, norm.isf)', () => {
  it('has python3 with SciPy to compare with', () => {
    expect(typeof reference === 'string' ? reference : null).toBeNull();
  });

  it.runIf(typeof reference !== 'string')('sf: relative error ≤ 1e-14 for z in [−8, 37]', () => {
    const { sf } = reference as { sf: number[] };
    const w = worst(zs.map(normalSurvival), sf, zs);
    expect(w.error, `worst at z = ${w.at}`).toBeLessThanOrEqual(TOLERANCE);
    expect(sf[zs.indexOf(37)]).toBeGreaterThan(0);
  });

  it.runIf(typeof reference !== 'string')(
    'isf: relative error ≤ 1e-14 for ρ down to 1e-300',
    () => {
      const { isf } = reference as { isf: number[] };
      const w = worst(ps.map(normalSurvivalQuantile), isf, ps);
      expect(w.error, `worst at ρ = ${w.at}`).toBeLessThanOrEqual(TOLERANCE);
    },
  );

  it('quantile and cdf are the mirror images of isf and sf', () => {
    for (const p of [1e-300, 1e-20, 0.01, 0.3, 0.5, 0.9]) {
      expect(normalQuantile(p)).toBe(-normalSurvivalQuantile(p));
      expect(normalSurvival(normalSurvivalQuantile(p)) / p - 1).toBeLessThan(1e-13);
    }
    for (const z of [-37, -3, 0, 2, 37]) expect(normalCdf(z)).toBe(normalSurvival(-z));
  });

  it('refuses a level outside (0, 1)', () => {
    for (const p of [0, 1, -0.1, NaN]) expect(() => normalSurvivalQuantile(p)).toThrow(/0 < p < 1/);
  });
});
