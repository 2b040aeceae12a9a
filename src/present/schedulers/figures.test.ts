import { describe, expect, it } from 'vitest';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { knobCurveSpec, knobMachinesSpec, type KnobCurvePoint } from './knobCurve.ts';

const points: KnobCurvePoint[] = [0.5, 1, 1.5, 2, 3].map((value, k) => ({
  value,
  machines: 14 - 2 * k,
  mean: k === 0 ? 0 : 0.0004 * k * k,
  worst: 0.002 * k * k,
}));

describe('Schedulers figures as SVG snapshots', () => {
  it('q against the knob, the target, the tuned and the chosen value', async () => {
    const spec = knobCurveSpec(points, {
      knob: 'safeVarianceMargin',
      target: 0.01,
      tuned: 1.5,
      chosen: 2,
      logX: false,
    });
    await expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/knobCurve.svg');
  });

  it('machines against the knob on a log axis, beside GPA tuned', async () => {
    const spec = knobMachinesSpec(points, { knob: 'margin', gpaMachines: 9, logX: true });
    await expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/knobMachines.svg');
  });
});
