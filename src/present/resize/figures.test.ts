import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FUSD_DEFAULTS,
  parseWideCsv,
  simulateResize,
  workloadFromSamples,
  type ResizeConfig,
} from '../../engine/index.ts';
import { dataPath } from '../../ingest/testing.ts';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import {
  activeSpec,
  alphaHotSpotsSpec,
  alphaMigrationsSpec,
  hotSpotsSpec,
  migrationsSpec,
  paretoData,
  paretoSpec,
  stepData,
} from './plots.ts';

// Twenty VMs of the PlanetLab day, a quarter of a machine each at 100 %.
const workload = workloadFromSamples(
  'day',
  parseWideCsv(
    readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
    'planetlab_20110303.csv',
    { scale: 0.25, unit: 'percent', maxTasks: 20 },
  ),
);
const fusd = { kind: 'fusd', ...FUSD_DEFAULTS } as const;
const configs: { policy: string; label: string; config: ResizeConfig }[] = [
  { policy: 'visbp', label: 'FUSD', config: { policy: { kind: 'visbp' }, predictor: fusd } },
  {
    policy: 'repack',
    label: 'K = 1',
    config: { policy: { kind: 'repack', every: 1 }, predictor: fusd },
  },
  { policy: 'ff', label: 'FUSD', config: { policy: { kind: 'ff' }, predictor: fusd } },
];
const steps = stepData(
  simulateResize(workload, { ...configs[0].config, series: true }).series!,
  workload.stepHours,
);

describe('Resize figures as SVG snapshots', () => {
  it('active machines, migrations and hot spots per step of VISBP on FUSD', async () => {
    await expect(figureSnapshot(activeSpec(steps))).toMatchFileSnapshot('__snapshots__/active.svg');
    await expect(figureSnapshot(migrationsSpec(steps))).toMatchFileSnapshot(
      '__snapshots__/migrations.svg',
    );
    await expect(figureSnapshot(hotSpotsSpec(steps))).toMatchFileSnapshot(
      '__snapshots__/hotSpots.svg',
    );
  });

  it('the Pareto plot of the policies', async () => {
    const rows = configs.map((c) => ({ ...c, totals: simulateResize(workload, c.config).totals }));
    await expect(
      figureSnapshot(paretoSpec(paretoData(rows, (r) => r.policy === 'visbp'))),
    ).toMatchFileSnapshot('__snapshots__/pareto.svg');
  });

  it('the α sweep: migrations and hot spots against ↑α per ↓α', async () => {
    const alpha = [0.2, 0.5, 0.8].flatMap((upAlpha) =>
      [0.2, 0.6].map((downAlpha) => ({
        upAlpha,
        downAlpha: `↓α = ${downAlpha}`,
        migrationsPerItemStep: 0.01 * upAlpha + 0.004 * downAlpha,
        hotSpotFrequency: 0.05 - 0.03 * upAlpha * downAlpha,
      })),
    );
    await expect(figureSnapshot(alphaMigrationsSpec(alpha))).toMatchFileSnapshot(
      '__snapshots__/alphaMigrations.svg',
    );
    await expect(figureSnapshot(alphaHotSpotsSpec(alpha))).toMatchFileSnapshot(
      '__snapshots__/alphaHotSpots.svg',
    );
  });
});
