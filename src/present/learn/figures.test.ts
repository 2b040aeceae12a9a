import { describe, expect, it } from 'vitest';
import { figure1Steps, figure1Tasks, type SloPoint } from '../../engine/learn/index.ts';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { knobRiskSpec } from './knobPlots.ts';
import {
  errorByNSpec,
  fitCheckSpec,
  sloMachinesSpec,
  sloSpec,
  sumSpec,
  usageSpec,
} from './plots.ts';
import { poolingSpec } from './poolingPlots.ts';
import { figure1Spec } from './semiOnline.ts';

/** 60 draws of a machine's total: a fixed spread around 0.8, a few over the capacity 1. */
const totals = Array.from({ length: 60 }, (_, k) => 0.8 + 0.25 * Math.sin(k * 1.7) * Math.cos(k));
const slo: SloPoint[] = [
  { rho: 0.001, mAbs: 9, mNorm: 5, m: 1.8, q: 0, evaluated: 10_000 },
  { rho: 0.01, mAbs: 7, mNorm: 5, m: 1.4, q: 0.004, evaluated: 10_000 },
  { rho: 0.05, mAbs: 6, mNorm: 5, m: 1.2, q: 0.03, evaluated: 10_000 },
  { rho: 0.1, mAbs: 6, mNorm: 5, m: 1.1, q: 0.08, evaluated: 10_000 },
];

describe('Lesson figures as SVG snapshots', () => {
  it('a machine’s draws against its capacity', async () => {
    await expect(figureSnapshot(usageSpec(totals, 1))).toMatchFileSnapshot(
      '__snapshots__/usage.svg',
    );
  });

  it('the sum’s histogram under its Gaussian', async () => {
    await expect(figureSnapshot(sumSpec(totals, 0.8, 0.17))).toMatchFileSnapshot(
      '__snapshots__/sum.svg',
    );
  });

  it('the Gaussian’s error by the number of tasks', async () => {
    const points = [1, 2, 4, 8, 16, 32].map((n) => ({ n, error: 0.2 / Math.sqrt(n) - 0.01 }));
    await expect(figureSnapshot(errorByNSpec(points, 8))).toMatchFileSnapshot(
      '__snapshots__/errorByN.svg',
    );
  });

  it('the fit check without and with the candidate', async () => {
    const check = {
      without: { mean: 0.6, variance: 0.01, overflow: 0.00003 },
      with: { mean: 0.75, variance: 0.016, overflow: 0.0062 },
      slack: 0.0038,
      fits: true,
    };
    await expect(figureSnapshot(fitCheckSpec(check, 1))).toMatchFileSnapshot(
      '__snapshots__/fitCheck.svg',
    );
  });

  it('q and machines against ρ', async () => {
    await expect(figureSnapshot(sloSpec(slo, 0.01))).toMatchFileSnapshot('__snapshots__/slo.svg');
    await expect(figureSnapshot(sloMachinesSpec(slo, 0.01))).toMatchFileSnapshot(
      '__snapshots__/sloMachines.svg',
    );
  });

  it('LVRB’s risk at its fit boundary against σ', async () => {
    await expect(
      figureSnapshot(knobRiskSpec({ margin: 1, sensitivity: 1 }, 0.1, 0.01)),
    ).toMatchFileSnapshot('__snapshots__/knobRisk.svg');
  });

  it('adding percentiles against pooling', async () => {
    await expect(figureSnapshot(poolingSpec(0.05, 0.02, 2.326, 1, 12, 5))).toMatchFileSnapshot(
      '__snapshots__/pooling.svg',
    );
  });

  it('Fig. 1 of the semi-online paper at step 4', async () => {
    await expect(figureSnapshot(figure1Spec(figure1Tasks(), figure1Steps(4)))).toMatchFileSnapshot(
      '__snapshots__/figure1.svg',
    );
  });
});
