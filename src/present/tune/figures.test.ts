import { describe, expect, it } from 'vitest';
import {
  nominalSlo,
  type CalibrationCurve,
  type FitFamily,
  type TuneRow,
  type TuneTable,
} from '../../engine/index.ts';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { calibrationData, calibrationMachinesSpec, calibrationQSpec } from './calibrationPlots.ts';
import { tunerSpec } from './tunerPlots.ts';

/** A curve with q per value and instance, each run's interval ±10 % around its q. */
function curve(family: FitFamily, qs: Record<number, number[]>): CalibrationCurve {
  const points = Object.entries(qs).map(([v, runs]) => {
    const value = Number(v);
    const q = runs.reduce((a, b) => a + b, 0) / runs.length;
    return {
      family,
      value,
      nominal: nominalSlo(family, value),
      q,
      qBand: { low: Math.max(0, q - 0.001), high: q + 0.001 },
      mAbs: 10 + 100 * value,
      m: 1.2,
      runs: runs.map((r, instance) => ({ instance, q: r, low: r * 0.9, high: r * 1.1 })),
    };
  });
  return { family, label: family, parameter: 'x', floor: 1e-4, heldOut: true, points };
}

function row(rank: number, family: FitFamily, tuned: boolean, machines: number, q: number) {
  const met = tuned && q <= 0.001;
  const r: TuneRow = {
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
    qBand: { low: Math.max(0, q - 0.0002), high: q + 0.0002 },
    met,
    runs: [],
    cv: null,
    cvMet: met,
  };
  return r;
}

describe('Tune figures as SVG snapshots', () => {
  const data = calibrationData(
    curve('gpa', { 0.1: [0.08, 0.1], 0.01: [0.006, 0.012], 0.001: [0.0004, 0], 0.0001: [0, 0] }),
    0.01,
  );

  it('the calibration curve: q against the nominal SLO, and machines', async () => {
    await expect(figureSnapshot(calibrationQSpec(data, 0.001, 0.95))).toMatchFileSnapshot(
      '__snapshots__/calibrationQ.svg',
    );
    await expect(figureSnapshot(calibrationMachinesSpec(data))).toMatchFileSnapshot(
      '__snapshots__/calibrationMachines.svg',
    );
  });

  it('the tuner’s table: machines against q, met and missed', async () => {
    const rows = [
      row(1, 'cf', true, 9, 0),
      row(2, 'gpa', true, 10, 0.0008),
      row(3, 'perc', true, 8, 0.003),
      row(4, 'gpa', false, 8.5, 0.004),
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
    await expect(figureSnapshot(tunerSpec(table))).toMatchFileSnapshot('__snapshots__/tuner.svg');
  });
});
