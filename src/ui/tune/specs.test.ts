import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TUNE,
  FAMILIES,
  FAMILY_INFO,
  checkCalibrationSpec,
  checkTuneSpec,
  familySpec,
  formatFit,
} from '../../engine/index.ts';
import { DEFAULT_PARAMS } from '../../state/common/store/params.ts';
import {
  applyPatch,
  calibrationSpecOf,
  familyOfFit,
  specKey,
  timesTarget,
  tuneClairvoyance,
  tuneSpecOf,
} from './specs.ts';

describe('tuning specs from the link', () => {
  it('hold out columns for the tuner even when Pack evaluates in-sample', () => {
    expect(tuneClairvoyance({ ...DEFAULT_PARAMS, clairvoyance: 1 })).toBe(
      DEFAULT_TUNE.clairvoyance,
    );
    expect(tuneClairvoyance({ ...DEFAULT_PARAMS, clairvoyance: 0.3 })).toBe(0.3);
    const p = {
      ...DEFAULT_PARAMS,
      target: 0.01,
      confidence: 0.99,
      tuneFamilies: ['cf', 'gpa'] as const,
    };
    const spec = tuneSpecOf(p);
    expect(spec).toMatchObject({
      targets: [0.01],
      confidence: 0.99,
      families: ['cf', 'gpa'],
      tasks: p.tasks,
      instances: p.instances,
      clairvoyance: DEFAULT_TUNE.clairvoyance,
    });
    expect(() => checkTuneSpec(spec, p.tasks)).not.toThrow();
    // Calibration measures q as Pack does, at Pack's κ.
    const cal = calibrationSpecOf({ ...p, tuneFamily: 'perc' });
    expect(cal).toMatchObject({ families: ['perc'], clairvoyance: p.clairvoyance });
    expect(() => checkCalibrationSpec(cal, p.tasks)).not.toThrow();
  });

  it('key results by pool and spec, and apply the tuner’s κ with the fit', () => {
    const a = tuneSpecOf(DEFAULT_PARAMS);
    expect(specKey(DEFAULT_PARAMS, a)).toBe(
      specKey({ ...DEFAULT_PARAMS }, tuneSpecOf(DEFAULT_PARAMS)),
    );
    expect(specKey({ ...DEFAULT_PARAMS, seed: 2 }, a)).not.toBe(specKey(DEFAULT_PARAMS, a));
    expect(specKey(DEFAULT_PARAMS, tuneSpecOf({ ...DEFAULT_PARAMS, target: 0.01 }))).not.toBe(
      specKey(DEFAULT_PARAMS, a),
    );
    expect(applyPatch({ kind: 'cf', rho: 0.002 }, a)).toEqual({
      fit: { kind: 'cf', rho: 0.002 },
      clairvoyance: a.clairvoyance,
      view: 'pack',
      machine: null,
    });
  });

  it('name every family’s fit test back to its family and value', () => {
    for (const family of FAMILIES) {
      const value = FAMILY_INFO[family].grid[3];
      const fit = familySpec(family, value);
      expect(familyOfFit(fit), formatFit(fit)).toEqual({ family, value });
    }
    expect(familyOfFit({ kind: 'max' })).toBeNull();
  });

  it('write misses as multiples of q*', () => {
    expect(timesTarget(0.004, 0.001)).toBe('4.0× q*');
    expect(timesTarget(0.016, 0.001)).toBe('16× q*');
  });
});
