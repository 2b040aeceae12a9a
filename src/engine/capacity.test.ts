/**
 * "Exceeds c" means strictly above c, robust to the rounding of float32 realizations: an instant
 * whose total is exactly c in decimals is not an overflow, one a hundredth of a percent above is.
 */
import { describe, expect, it } from 'vitest';
import { planetlabDay } from '../ingest/testing.ts';
import { alignSamples } from './data/realize/aligned.ts';
import { exceeds } from './capacity.ts';
import { allocateMatrix } from './matrix.ts';
import { judgeMachines } from './replay/slo.ts';

describe('the capacity comparison', () => {
  it('a total of float32 percents adding up to exactly c is not an overflow; one percent more is', () => {
    // 32 PlanetLab-like integer percents at scale 0.25: 400 % is c = 1 exactly.
    const percents = [37, 12, 5, 9, 21, 3, 14, 8, 11, 6, 19, 2, 7, 13, 4, 16, 10, 22, 1, 15, 18];
    percents.push(...[20, 17, 9, 6, 3, 12, 8, 5, 11, 7]);
    percents.push(400 - percents.reduce((s, p) => s + p, 0));
    const m = allocateMatrix(percents.length, 2, false);
    percents.forEach((p, i) => {
      m.data[2 * i] = (p / 100) * 0.25;
      m.data[2 * i + 1] = ((i === 0 ? p + 1 : p) / 100) * 0.25;
    });
    let total = 0;
    for (let i = 0; i < percents.length; i++) total += m.data[2 * i];
    expect(total).not.toBe(1);
    const judged = judgeMachines([percents.map((_, i) => i)], m, 1, 0.01);
    expect(judged.overflows[0]).toBe(1);
    expect(judged.q).toEqual([0.5]);
  });

  it('on the PlanetLab day, every instant of a machine at exactly 400 % fits and every one above overflows', () => {
    const aligned = alignSamples(planetlabDay());
    const { data, cols } = aligned.inst;
    const group = 32;
    let exact = 0;
    let overAtExact = 0;
    let above = 0;
    for (let first = 0; first + group <= aligned.inst.rows; first += group) {
      const machine = Array.from({ length: group }, (_, k) => first + k);
      const counted = judgeMachines([machine], aligned.inst, 1, 0.01).overflows[0];
      let expected = 0;
      for (let t = 0; t < cols; t++) {
        let percent = 0;
        let total = 0;
        for (const i of machine) {
          percent += Math.round(data[i * cols + t] * 400);
          total += data[i * cols + t];
        }
        if (percent > 400) expected++;
        if (percent === 400) {
          exact++;
          if (total > 1) overAtExact++;
        }
        if (percent > 400) above++;
      }
      expect(counted).toBe(expected);
    }
    // The case the rule is for: exact sums that float rounding puts above 1.
    expect(exact).toBeGreaterThan(0);
    expect(overAtExact).toBeGreaterThan(0);
    expect(above).toBeGreaterThan(0);
    expect(exceeds(1 + 1e-8, 1)).toBe(false);
    expect(exceeds(1.0025, 1)).toBe(true);
  });
});
