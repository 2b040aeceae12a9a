import { describe, expect, it } from 'vitest';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { alignedTotalsSpec } from './alignedPlot.ts';
import { fillFrame, fillHeight, fillSpec } from './drawsFill.ts';
import { stdVsMeanSpec } from './dataPlots.ts';
import { machineHistogramSpec, survivalSpec, type MachineView } from './machinePlots.ts';

/** A machine's totals over 48 instants: a day's swing and a fixed ripple, no randomness. */
const totals = Array.from(
  { length: 48 },
  (_, k) => 0.75 + 0.15 * Math.sin((2 * Math.PI * k) / 48) + 0.05 * (((k * 7) % 5) - 2) * 0.5,
);
const machine: MachineView = {
  totals,
  mean: 0.75,
  sd: 0.12,
  capacity: 1,
  rho: 0.01,
  gpaPercentile: 1.03,
};

describe('Pack figures as SVG snapshots', () => {
  it('the machine histogram, with and without GPA’s percentile, in cores', async () => {
    await expect(figureSnapshot(machineHistogramSpec(machine))).toMatchFileSnapshot(
      '__snapshots__/machineHistogram.svg',
    );
    await expect(
      figureSnapshot(
        machineHistogramSpec({ ...machine, rho: null, gpaPercentile: null, coresPerMachine: 32 }),
      ),
    ).toMatchFileSnapshot('__snapshots__/machineHistogram-cores.svg');
  });

  it('the machine histogram with a capacity dragged below the packing’s: the bins over it red', async () => {
    await expect(figureSnapshot(machineHistogramSpec(machine, 640, 0.8))).toMatchFileSnapshot(
      '__snapshots__/machineHistogram-whatIf.svg',
    );
  });

  it('the draws filling the histogram: a middle frame on the last frame’s axes', async () => {
    const frame = fillFrame(totals, 12, 1);
    await expect(figureSnapshot(fillSpec(frame, 1, fillHeight(totals, 1)))).toMatchFileSnapshot(
      '__snapshots__/drawsFill.svg',
    );
  });

  it('the machine survival function', async () => {
    await expect(figureSnapshot(survivalSpec(machine))).toMatchFileSnapshot(
      '__snapshots__/survival.svg',
    );
  });

  it('the aligned totals against the band', async () => {
    const spec = alignedTotalsSpec({
      totals,
      mean: 0.75,
      sd: 0.1,
      capacity: 0.95,
      target: 0.01,
      firstInstant: 13,
    });
    await expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/alignedTotals.svg');
  });

  it('σ against μ per task, with the trend line', async () => {
    const points = Array.from({ length: 12 }, (_, i) => ({
      id: `task-${i}`,
      mean: 0.01 + 0.004 * i,
      sd: 0.002 + 0.36 * (0.01 + 0.004 * i) * (1 + 0.1 * ((i % 3) - 1)),
    }));
    await expect(figureSnapshot(stdVsMeanSpec(points))).toMatchFileSnapshot(
      '__snapshots__/stdVsMean.svg',
    );
  });
});
