import { describe, expect, it } from 'vitest';
import type { FitSpec, SweepRow } from '../../engine/index.ts';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { rhoVsQSpec, tradeoffPoints, tradeoffSpec } from './tradeoffPlots.ts';

const row = (fit: FitSpec, instance: number, m: number, q: number): SweepRow => ({
  index: instance,
  instance,
  params: { packer: 'bf', fit, capacity: 1, clairvoyance: 1, source: 'inst', rebalance: 5 },
  mAbs: 10 + m,
  mNorm: 8,
  m,
  q,
  moves: 0,
  oversized: 0,
});
const rows = [0, 1].flatMap((i) => [
  row({ kind: 'gpa', rho: 0.001 }, i, 1.5 + 0.01 * i, 0.0008 + 0.0002 * i),
  row({ kind: 'gpa', rho: 0.01 }, i, 1.3 + 0.01 * i, 0.006 + 0.002 * i),
  row({ kind: 'gpa', rho: 0.1 }, i, 1.1 + 0.01 * i, 0.05 + 0.01 * i),
  row({ kind: 'av', f: 1 }, i, 1.0, 0.3),
  row({ kind: 'perc', p: 95 }, i, 1.2, 0.02),
  row({ kind: 'max' }, i, 2.1, 0),
]);
const points = tradeoffPoints(rows, 1000, { kind: 'gpa', rho: 0.01 });

describe('Trade-off figures as SVG snapshots', () => {
  it('m against q per fit test, with an A/B comparison marked, in cores', async () => {
    await expect(figureSnapshot(tradeoffSpec(points, 1000))).toMatchFileSnapshot(
      '__snapshots__/tradeoff.svg',
    );
    const sides = [
      { label: 'A', m: 1.25, q: 0.004 },
      { label: 'B', m: 1.45, q: 0 },
    ];
    await expect(
      figureSnapshot(tradeoffSpec(points, 1000, 720, sides, { capacity: 1, coresPerMachine: 16 })),
    ).toMatchFileSnapshot('__snapshots__/tradeoff-ab-cores.svg');
  });

  it('GPA’s requested ρ against the measured q', async () => {
    await expect(figureSnapshot(rhoVsQSpec(points, 1000))).toMatchFileSnapshot(
      '__snapshots__/rhoVsQ.svg',
    );
  });
});
