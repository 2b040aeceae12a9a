import { describe, expect, it } from 'vitest';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import { packAligned, scopeValue, sliceColumns, type AlignedTuneConfig } from '../replay/index.ts';
import { adviseScheduler, foldFigures, knobCurve } from './advice.ts';
import {
  findScheduler,
  schedulerEntry,
  SCHEDULERS,
  specAt,
  type SchedulerInfo,
} from './catalog.ts';

/** GPA as a stand-in scheduler: its knob is ρ. */
const STAND_IN: SchedulerInfo = {
  name: 'stand-in',
  title: 'GPA as a scheduler',
  kind: 'gpa',
  knob: { field: 'rho', unit: 'probability' },
  defaults: [0.05],
  defaultsNote: 'a test value',
  rule: 'GPA',
  caveats: [],
  requests: null,
  sources: [],
  config: ([rho]) => ({ rho }),
};

/** Tasks whose load drifts and swings together (an AR(1) factor), aligned over `cols` instants. */
function history(tasks: number, cols: number, seed: number): RealizationMatrix {
  const rng = new Rng(seed);
  const m = allocateMatrix(tasks, cols, false);
  let common = 0;
  for (let t = 0; t < cols; t++) {
    common = 0.7 * common + 0.3 * rng.nextGaussian();
    for (let i = 0; i < tasks; i++) {
      const v = 0.1 + 0.02 * (i % 5) + 0.2 * common + 0.05 * rng.nextGaussian();
      m.data[i * cols + t] = Math.max(0, v);
    }
  }
  return m;
}

/** Per machine, the share of columns where its tasks' total exceeds c: written out by hand. */
function worstByHand(machines: readonly Int32Array[], m: RealizationMatrix, c: number): number {
  let worst = 0;
  for (const rows of machines) {
    let over = 0;
    for (let t = 0; t < m.cols; t++) {
      let total = 0;
      for (const r of rows) total += m.data[r * m.cols + t];
      if (total > c) over++;
    }
    worst = Math.max(worst, over / m.cols);
  }
  return worst;
}

const C: AlignedTuneConfig = {
  packer: 'bf',
  capacity: 1,
  rebalance: 5,
  target: 0.02,
  scope: 'every',
};

describe('a scheduler knob tuned on an aligned history', () => {
  const all = history(40, 240, 3);
  const learn = sliceColumns(all, { start: 0, end: 120 });
  const judged = sliceColumns(all, { start: 120, end: 240 });
  const grid = schedulerEntry(STAND_IN).tuning.grid;

  it('chooses a value that keeps q* on the fold, while the next more aggressive one does not', () => {
    const a = adviseScheduler(learn, judged, STAND_IN, C);
    expect(a.tuned).not.toBeNull();
    const k = grid.indexOf(a.tuned!.values[0]);
    expect(k).toBeGreaterThan(0);
    // The fold written out: pack the first half of the learned part, count on its second half.
    const past = sliceColumns(learn, { start: 0, end: 60 });
    const future = sliceColumns(learn, { start: 60, end: 120 });
    const at = (v: number) => worstByHand(packAligned(past, specAt(STAND_IN, v), C), future, 1);
    expect(at(grid[k])).toBeLessThanOrEqual(C.target);
    expect(at(grid[k - 1])).toBeGreaterThan(C.target);
    expect(a.fold!.worst).toBeCloseTo(at(grid[k]), 12);
    // Judged on the judged part, by hand, after packing the whole learned part.
    const machines = packAligned(learn, a.tuned!.fit, C);
    expect(a.tuned!.machines).toBe(machines.length);
    expect(a.tuned!.judged.worst).toBeCloseTo(worstByHand(machines, judged, 1), 12);
    expect(a.tuned!.settings).toEqual({ rho: grid[k] });
  });

  it('judges the default settings the same way', () => {
    const a = adviseScheduler(learn, judged, STAND_IN, C);
    const machines = packAligned(learn, specAt(STAND_IN, 0.05), C);
    expect(a.defaults.machines).toBe(machines.length);
    expect(a.defaults.judged.worst).toBeCloseTo(worstByHand(machines, judged, 1), 12);
  });

  it('says when every value misses and gives the closest', () => {
    const loose = [0.2, 0.06521];
    const a = adviseScheduler(learn, judged, STAND_IN, C, { grid: loose });
    expect(a.tuned).toBeNull();
    const fold = foldFigures(learn, STAND_IN, C, { grid: loose });
    expect(fold.every((f) => scopeValue(f, 'every') > C.target)).toBe(true);
    const best = fold[0].worst <= fold[1].worst ? loose[0] : loose[1];
    expect(a.closest!.values[0]).toBe(best);
    expect(a.fold!.worst).toBe(Math.min(fold[0].worst, fold[1].worst));
  });

  it('draws the knob’s curve: fewer nodes and more overflow as the knob loosens', () => {
    const curve = knobCurve(learn, judged, STAND_IN, C, { grid: [1e-4, 0.01, 0.3] });
    expect(curve.map((p) => p.value)).toEqual([1e-4, 0.01, 0.3]);
    expect(curve[0].machines).toBeGreaterThanOrEqual(curve[2].machines);
    for (const p of curve) expect(p.meets).toBe(p.worst <= C.target);
  });

  it('refuses parts of different tasks', () => {
    expect(() =>
      adviseScheduler(learn, sliceColumns(history(39, 240, 3), { start: 0, end: 10 }), STAND_IN, C),
    ).toThrow(/40 tasks, the judged part 39/);
  });
});

describe('the scheduler catalog', () => {
  it('names the known schedulers when a name is unknown', () => {
    expect(() => findScheduler('kube-magic')).toThrow(
      /unknown scheduler "kube-magic".*descheduler/,
    );
  });

  it('gives every scheduler a registered, tunable fit test and sane defaults', () => {
    for (const s of SCHEDULERS) {
      const entry = schedulerEntry(s);
      expect(s.defaults.length).toBe(entry.parameters.length);
      entry.parameters.forEach((p, k) => {
        expect(s.defaults[k]).toBeGreaterThanOrEqual(p.range.min);
        expect(s.defaults[k]).toBeLessThanOrEqual(p.range.max);
      });
      expect(Object.keys(s.config(s.defaults)).length).toBeGreaterThan(0);
    }
  });

  it('puts z = Φ⁻¹(1 − ρ) into the descheduler’s settings', () => {
    expect(findScheduler('descheduler').config([0.01]).z).toBeCloseTo(2.3263, 4);
  });
});
