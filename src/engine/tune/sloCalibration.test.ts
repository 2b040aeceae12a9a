import { describe, expect, it } from 'vitest';
import { realize } from '../data/realize/realize.ts';
import { runPacking } from '../experiment.ts';
import { WorkloadStats } from '../workload.ts';
import {
  calibrationCurves,
  calibrationJobs,
  runCalibration,
  runCalibrationJob,
  type CalibrationSpec,
} from './sloCalibration.ts';
import { DEFAULT_TUNE } from './tune.ts';
import { instanceRows } from './runs.ts';
import { meanInterval, wilson, wilsonInterval } from './intervals.ts';

describe('intervals', () => {
  it('Wilson: hand-computed bounds', () => {
    // k = 0: upper = z²/(n + z²).
    expect(wilson(0, 10, 1.96).high).toBeCloseTo(3.8416 / 13.8416, 12);
    expect(wilson(0, 10, 1.96).low).toBe(0);
    // k = n/2: symmetric around 1/2.
    const w = wilson(50, 100, 2);
    expect(w.low + w.high).toBeCloseTo(1, 12);
    expect(wilsonInterval(3, 1000, 0.95).low).toBeLessThan(0.003);
    expect(wilsonInterval(3, 1000, 0.95).high).toBeGreaterThan(0.003);
  });

  it('t interval: mean ± t₀.₉₇₅,₄·s/√5 with t = 2.7764', () => {
    const v = [1, 2, 3, 4, 5];
    const m = meanInterval(v, 0.95);
    expect(m.mean).toBe(3);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(m.high - 3).toBeCloseTo((2.776445 * Math.sqrt(2.5)) / Math.sqrt(5), 5);
  });
});

describe('calibration sweep', () => {
  const samples = {
    ids: Array.from({ length: 60 }, (_, i) => `t${i}`),
    inst: Array.from({ length: 60 }, (_, i) =>
      Float64Array.from(
        { length: 40 },
        (_, k) => ((k * (i + 3)) % 17) / 100 + (k % 5 === 0 ? 0.1 : 0),
      ),
    ),
  };
  const workload = realize(samples, 800, 5, false);
  const spec: CalibrationSpec = {
    ...DEFAULT_TUNE,
    instances: 4,
    tasks: 50,
    families: ['gpa', 'conv'],
    values: { gpa: [0.1, 0.01, 0.001], conv: [0.05, 0.005] },
  };

  it('measures each point as Pack does, with the 1/|E| floor and per-run Wilson intervals', () => {
    const stats = new WorkloadStats(workload);
    const curves = runCalibration(stats, spec);
    expect(curves.map((c) => c.family)).toEqual(['gpa', 'conv']);
    const gpa = curves[0];
    expect(gpa.floor).toBe(1 / 400);
    expect(gpa.points.map((p) => p.value)).toEqual([0.1, 0.01, 0.001]);
    for (const p of gpa.points) {
      const qs = [0, 1, 2, 3].map(
        (k) =>
          runPacking(stats, instanceRows(stats, spec, k), {
            packer: 'bf',
            fit: { kind: 'gpa', rho: p.value },
            capacity: 1,
            clairvoyance: 0.5,
            source: 'inst',
            rebalance: 5,
          }).q,
      );
      expect(p.q).toBeCloseTo(qs.reduce((a, b) => a + b) / 4, 15);
      expect(p.nominal).toBe(p.value);
      expect(p.runs.map((r) => r.q)).toEqual(qs);
      for (const r of p.runs) expect(r.low <= r.q && r.q <= r.high).toBe(true);
      expect(p.qBand.low <= p.q && p.q <= p.qBand.high).toBe(true);
    }
    // A stricter SLO never needs fewer machines, on average, here.
    expect(gpa.points[2].mAbs).toBeGreaterThanOrEqual(gpa.points[0].mAbs);
  });

  it('combines chunks computed in any order by any worker into the same curves', () => {
    const inline = runCalibration(new WorkloadStats(workload), spec);
    const jobs = calibrationJobs(spec);
    expect(jobs).toHaveLength(2 * spec.instances);
    const other = new WorkloadStats(workload);
    const chunks = structuredClone(jobs)
      .reverse()
      .map((job) => structuredClone(runCalibrationJob(other, spec, job)));
    expect(calibrationCurves(other, spec, chunks)).toEqual(inline);
  });
});
