import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWideCsv } from '../data/readers/wide.ts';
import { dataPath } from '../../ingest/testing.ts';
import { predictSeries } from './predict.ts';
import { FUSD_DEFAULTS } from './ranges.ts';
import { simulateResize, gini, plannedSizes } from './simulate.ts';
import { cannedScenarios, stitchDays, workloadFromSamples } from './workloads.ts';
import { replayVisbp } from './replay.ts';
import type { PolicySpec } from './policies.ts';

const fusd = { kind: 'fusd', ...FUSD_DEFAULTS } as const;

function planetlabDay(vms: number) {
  const samples = parseWideCsv(
    readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
    'planetlab_20110303.csv',
    { scale: 0.25, unit: 'percent', maxTasks: vms },
  );
  return workloadFromSamples('planetlab-day', samples);
}

describe('FUSD predictor', () => {
  it('extrapolates up with ↑α = −0.2 and smooths down with ↓α = 0.7 (the notes’ worked examples)', () => {
    const p = { ...fusd, window: 1 };
    expect(predictSeries(Float64Array.of(0.3, 0.4, 0), p)[2]).toBeCloseTo(0.42, 12);
    expect(predictSeries(Float64Array.of(0.4, 0.2, 0), p)[2]).toBeCloseTo(0.34, 12);
  });

  it('uses the window percentile, restarts after an absence, and the oracle sees the step', () => {
    const a = Float64Array.of(0.1, 0.5, 0.2, NaN, 0.3, 0.1);
    const p = { ...fusd, upAlpha: 0, downAlpha: 0, window: 3, percentile: 100 };
    const out = predictSeries(a, p);
    expect(out[2]).toBe(0.5); // max of {0.1, 0.5}
    expect(Number.isNaN(out[3])).toBe(true);
    expect(out[4]).toBe(0.3); // first step after an absence: its own usage
    expect(Array.from(predictSeries(a, { kind: 'oracle' }))).toEqual(Array.from(a));
    expect(predictSeries(a, { kind: 'last' })[2]).toBe(0.5);
  });

  it('rejects α outside [−1, 1] naming the parameter', () => {
    expect(() => plannedSizes(planetlabDay(2), { ...fusd, upAlpha: 1.5 })).toThrow(/up-alpha: 1.5/);
  });
});

describe('resize on PlanetLab (real data)', () => {
  const w = planetlabDay(200);

  it('keeps VISBP’s invariants after every event of a real trace (checks on)', () => {
    const r = simulateResize(w, {
      policy: { kind: 'visbp', check: true },
      predictor: fusd,
      series: true,
    });
    expect(r.totals.item_steps).toBe(200 * 288);
    expect(r.series!.activeMachines.every((m) => m > 0)).toBe(true);
  });

  it('with the oracle, VISBP never overflows a machine; never-migrate FF does', () => {
    const oracle = { kind: 'oracle' } as const;
    expect(
      simulateResize(w, { policy: { kind: 'visbp' }, predictor: oracle }).totals.hot_spot_steps,
    ).toBe(0);
    const ff = simulateResize(w, { policy: { kind: 'ff' }, predictor: oracle }).totals;
    expect(ff.migrations).toBe(0);
    expect(ff.hot_spot_steps).toBeGreaterThan(0);
  });

  it('repacking every step uses fewer machines and far more migrations than VISBP', () => {
    const v = simulateResize(w, { policy: { kind: 'visbp' }, predictor: fusd }).totals;
    const r = simulateResize(w, { policy: { kind: 'repack', every: 1 }, predictor: fusd }).totals;
    expect(r.machine_hours).toBeLessThan(v.machine_hours);
    expect(r.migrations_per_item_step).toBeGreaterThan(20 * v.migrations_per_item_step);
    expect(r.migrations).toBeLessThanOrEqual(r.migrations_unmatched);
  });

  it('is deterministic and every policy keeps each VM on exactly one machine', () => {
    const policies: PolicySpec[] = [
      { kind: 'visbp' },
      { kind: 'ff' },
      { kind: 'bf' },
      { kind: 'repack', every: 6 },
      { kind: 'hotspot' },
    ];
    for (const policy of policies) {
      const a = simulateResize(w, { policy, predictor: fusd, series: true });
      const b = simulateResize(w, { policy, predictor: fusd, series: true });
      expect(a).toEqual(b);
      expect(a.totals.item_steps).toBe(200 * 288);
      expect(a.totals.machine_hours).toBeCloseTo(a.totals.active_steps / 12, 9);
    }
  });

  it('the stochastic bridge loses pooling (Σ e ≥ μ_B + zσ_B) and more with larger z', () => {
    const z1 = simulateResize(w, {
      policy: { kind: 'visbp' },
      predictor: { kind: 'stochastic', window: 8, z: 1 },
    }).totals;
    const z3 = simulateResize(w, {
      policy: { kind: 'visbp' },
      predictor: { kind: 'stochastic', window: 8, z: 3 },
    }).totals;
    expect(z1.pooling_loss_per_machine).toBeGreaterThan(0);
    expect(z3.mean_active).toBeGreaterThan(z1.mean_active);
  });
});

describe('stochastic bridge with GPA as hot(b)', () => {
  it('runs with the invariants counted (not asserted: the lemmas may break) and stays deterministic', () => {
    const w = planetlabDay(150);
    const cfg = {
      policy: { kind: 'visbp', check: true, gpaHot: true },
      predictor: { kind: 'stochastic', window: 8, z: 2 },
    } as const;
    const a = simulateResize(w, cfg).totals;
    expect(a).toEqual(simulateResize(w, cfg).totals);
    expect(a.pooling_loss_per_machine).toBeGreaterThan(0);
    // On this trace the GPA test does break a lemma (two unfilled T-bins): counted, not hidden.
    expect(a.invariant_violations).toBeGreaterThan(0);
    const plain = simulateResize(w, { ...cfg, policy: { kind: 'visbp', check: true } }).totals;
    expect(plain.invariant_violations).toBe(0);
    expect(() => simulateResize(w, { ...cfg, predictor: fusd })).toThrow(
      /needs --predictor stochastic/,
    );
  });
});

describe('workloads and scenarios', () => {
  it('stitches PlanetLab days per VM name, continuing by name where the VM reappears', () => {
    const text = ['date,vm,t0,t1', '1,a,10,20', '1,b,30,40', '2,b,50,60', '2,c,70,80'].join('\n');
    const s = parseWideCsv(text, 'x.csv', { scale: 1, unit: 'percent' });
    const w = stitchDays('x', s);
    expect(w.steps).toBe(4);
    expect(Array.from(w.usage[1])).toEqual([0.3, 0.4, 0.5, 0.6]);
    expect(Array.from(w.usage[0])).toEqual([0.1, 0.2, 0.7, 0.8]);
  });

  it('replays the canned scenarios: 3/2 reached, 3 bins vs 1, a 4-movement T→L, flapping migrates', () => {
    const byId = Object.fromEntries(cannedScenarios(6).map((s) => [s.id, replayVisbp(s.events)]));
    for (const frames of Object.values(byId))
      for (const f of frames) expect(f.violations).toEqual([]);
    expect(byId['tight-3-2'].at(-1)!.bins.length).toBe(9);
    expect(byId['tight-3-2'].at(-1)!.bins.filter((b) => b.type === 'SS').length).toBe(3);
    expect(byId['max-reduction-worst'].at(-1)!.bins.length).toBe(3);
    const tl = byId['t-to-l'].at(-1)!;
    expect(tl.label).toMatch(/T→L/);
    expect(tl.moves).toBe(4);
    expect(tl.moved.length).toBe(tl.moves);
    expect(byId.flapping.slice(3).reduce((a, f) => a + f.migrated, 0)).toBeGreaterThan(0);
  });

  it('Gini is 0 for equal loads and grows with inequality', () => {
    expect(gini(Float64Array.of(0.5, 0.5, 0.5), 3)).toBe(0);
    expect(gini(Float64Array.of(0, 0, 1), 3)).toBeCloseTo(2 / 3, 12);
  });
});
