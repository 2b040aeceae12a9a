import { describe, expect, it } from 'vitest';
import {
  nominalSlo,
  type CalibrationCurve,
  type FitFamily,
  type TuneRow,
  type TuneTable,
} from '../../engine/index.ts';
import { calibrationData, calibrationQSpec, calibrationMachinesSpec } from './calibrationPlots.ts';
import { tunerData, tunerSpec } from './tunerPlots.ts';

/** A curve with q per value and instance, each run's interval ±10 % around its q. */
function curve(family: FitFamily, qs: Record<number, number[]>, floor = 1e-4): CalibrationCurve {
  const points = Object.entries(qs).map(([v, runs]) => {
    const value = Number(v);
    const q = runs.reduce((a, b) => a + b, 0) / runs.length;
    return {
      family,
      value,
      nominal: nominalSlo(family, value),
      q,
      qBand: { low: Math.max(0, q - 0.001), high: q + 0.001 },
      mAbs: 10 + value,
      m: 1.2,
      runs: runs.map((r, instance) => ({ instance, q: r, low: r * 0.9, high: r * 1.1 })),
    };
  });
  return { family, label: family, parameter: 'x', floor, heldOut: true, points };
}

describe('calibration plot data', () => {
  it('draws q = 0 flagged at half the floor, and clamps bands to it', () => {
    const data = calibrationData(curve('gpa', { 0.01: [0.02, 0.04], 0.001: [0, 0] }), null);
    expect(data.zeroLevel).toBe(0.5e-4);
    const zero = data.points.find((p) => p.value === 0.001)!;
    expect(zero).toMatchObject({ zero: true, qShown: 0.5e-4, q: 0 });
    expect(zero.low).toBe(0.5e-4);
    const nonzero = data.points.find((p) => p.value === 0.01)!;
    expect(nonzero).toMatchObject({ zero: false, qShown: 0.03 });
    for (const r of data.runs) expect(r.low).toBeGreaterThanOrEqual(0.5e-4);
  });

  it('draws q = 0 below a run’s q under 1/|E| (overflows over m_abs·|E| machine-columns)', () => {
    const data = calibrationData(curve('cantelli', { 2: [1e-6, 0], 3: [0, 0] }), null);
    const shown = data.points.map((p) => p.qShown);
    expect(shown[1]).toBeLessThan(shown[0]);
    for (const r of data.runs.filter((x) => x.q === 0))
      expect(r.qShown).toBeLessThan(
        Math.min(...data.runs.filter((x) => x.q > 0).map((x) => x.low)),
      );
  });

  it('spreads each value’s runs around it, symmetric on the family’s scale, without reaching the neighbour', () => {
    const log = calibrationData(
      curve('gpa', { 0.1: [0.1, 0.2, 0.3], 0.01: [0.01, 0.02, 0.03] }),
      null,
    );
    expect(log.log).toBe(true);
    const at = (v: number) => log.runs.filter((r) => r.value === v).map((r) => r.x);
    const [a, b, c] = at(0.01);
    expect(b).toBeCloseTo(0.01, 15);
    expect(Math.log10(c) - Math.log10(b)).toBeCloseTo(Math.log10(b) - Math.log10(a), 12);
    expect(Math.max(...at(0.01))).toBeLessThan(Math.sqrt(0.01 * 0.1));
    expect(Math.min(...at(0.1))).toBeGreaterThan(Math.sqrt(0.01 * 0.1));
    const linear = calibrationData(curve('cantelli', { 1: [0.1, 0.2], 2: [0.01, 0.02] }), null);
    expect(linear.log).toBe(false);
    const xs = linear.runs.filter((r) => r.value === 2).map((r) => r.x);
    expect((xs[0] + xs[1]) / 2).toBeCloseTo(2, 12);
  });

  it('rings only the current parameter, and draws the requested SLO only where there is one', () => {
    const perc = calibrationData(curve('perc', { 90: [0.01], 100: [0] }), 90);
    expect(perc.points.filter((p) => p.current).map((p) => p.value)).toEqual([90]);
    const spec = calibrationQSpec(perc, 0.001, 0.95);
    expect(spec.y).toMatchObject({ type: 'log' });
    expect(spec.x).toMatchObject({ type: 'linear' });
    // perc 100 requests q = 0, which a log axis cannot show; perc 90 requests 0.1.
    expect(perc.requested.map((d) => d.nominal)).toEqual([nominalSlo('perc', 90)]);
    const av = calibrationData(curve('av', { 1: [0.1], 2: [0.01] }), null);
    expect(av.requested).toEqual([]);
    expect(calibrationQSpec(av, 0.01, 0.95).marks!.length).toBe(spec.marks!.length);
    expect(calibrationMachinesSpec(av).x).toMatchObject({ type: 'linear' });
  });
});

function row(
  rank: number,
  family: FitFamily,
  tuned: boolean,
  machines: number,
  q: number,
  met: boolean,
): TuneRow {
  return {
    rank,
    family,
    label: family,
    value: 0.01,
    fit: { kind: 'gpa', rho: 0.01 },
    fitText: `${family}:0.01`,
    tuned,
    paper: family === 'gpa',
    machines,
    m: 1.2,
    q,
    qBand: { low: Math.max(0, q - 0.002), high: q + 0.002 },
    met,
    runs: [],
    cv: null,
    cvMet: tuned,
  };
}

describe('tuner plot data', () => {
  it('marks met, missed and the untuned row, rings the best, and draws q = 0 at half the floor', () => {
    const rows = [
      row(1, 'cf', true, 9, 0, true),
      row(2, 'gpa', true, 10, 0.0008, true),
      row(3, 'perc', true, 8, 0.003, false),
      row(4, 'gpa', false, 8.5, 0.004, false),
    ];
    const table: TuneTable = {
      target: 0.001,
      confidence: 0.95,
      rows,
      best: rows[0],
      beatsPaper: true,
      floor: 2e-4,
      cvFloor: 4e-4,
      heldOut: true,
    };
    const data = tunerData(table);
    expect(data.map((d) => d.outcome)).toEqual(['met', 'met', 'missed', 'untuned']);
    expect(data.map((d) => d.best)).toEqual([true, false, false, false]);
    expect(data[0]).toMatchObject({ zero: true, qShown: 1e-4, low: 1e-4 });
    const tiny = tunerData({
      ...table,
      rows: [rows[0], { ...rows[1], q: 2e-5, qBand: { low: 1e-5, high: 3e-5 } }],
    });
    expect(tiny[0].qShown).toBe(0.5e-5);
    expect(data[3].name).toMatch(/untuned/);
    expect(tunerSpec(table).y).toMatchObject({ type: 'log' });
  });
});
