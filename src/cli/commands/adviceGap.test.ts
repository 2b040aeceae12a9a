import { describe, expect, it } from 'vitest';
import {
  correlatedWeek,
  CORRELATED_WEEK,
  FAMILY_INFO,
  familySpec,
  formatFit,
  matrixFrom,
  packAligned,
  judgeMachines,
  sliceColumns,
  type AlignedTuneResult,
} from '../../engine/index.ts';
import { PACK, TARGET, candidateGap, oracleGap } from './adviceGap.ts';

/** A generated week of 80 tasks at 4× their size, learned on days 1–5 and judged on days 6–7. */
function parts(seed: number) {
  const u = correlatedWeek({ ...CORRELATED_WEEK, tasks: 80, seed }).usage;
  const m = matrixFrom(
    u.rows,
    u.cols,
    Float32Array.from(u.data, (v) => v * 4),
  );
  const day = 86_400 / CORRELATED_WEEK.step;
  return {
    learn: sliceColumns(m, { start: 0, end: 5 * day }),
    judge: sliceColumns(m, { start: 5 * day, end: m.cols }),
  };
}

/** A tuned result as the tuner would give it, at `value` of `family`. */
function tunedAt(p: ReturnType<typeof parts>, family: string, value: number): AlignedTuneResult {
  const fit = familySpec(family, value);
  return { family, value, fit, cv: null, folds: [], machines: packAligned(p.learn, fit, PACK) };
}

describe('the gap of a tuned candidate, in three parts', () => {
  const p = parts(2);
  const grid = FAMILY_INFO.empm.grid;
  const gap = candidateGap(p, tunedAt(p, 'empm', grid[grid.length - 1]))!;
  const oracle = oracleGap(p);

  it('the knob chosen ex post holds on the judged part, the next more aggressive one does not', () => {
    const h = gap.hindsight!;
    expect(h.judged.worst).toBeLessThanOrEqual(TARGET);
    const k = grid.findIndex((v) => formatFit(familySpec('empm', v)) === h.label);
    expect(k).toBeGreaterThan(0);
    const bolder = packAligned(p.learn, familySpec('empm', grid[k - 1]), PACK);
    expect(judgeMachines(bolder, p.judge, 1, TARGET).worst).toBeGreaterThan(TARGET);
  });

  it('knowing the judged part, the empirical test with a margin is the oracle: no form cost', () => {
    expect(gap.inSample!.label).toBe(formatFit(familySpec('empm', grid[0])));
    expect(gap.inSample!.machines).toBe(oracle.oracle);
    expect(gap.machines).toBeGreaterThanOrEqual(gap.hindsight!.machines);
  });

  it('the oracle by other packers, and with no overflow on any judged instant', () => {
    expect(oracle.packers.map((q) => q.packer)).toEqual(['ff', 'ffd', 'bfd']);
    expect(oracle.noOverflow!.judged.worst).toBe(0);
    expect(oracle.noOverflow!.machines).toBeGreaterThanOrEqual(oracle.oracle);
  });
});
