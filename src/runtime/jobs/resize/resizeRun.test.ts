import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FUSD_DEFAULTS,
  parseWideCsv,
  simulateResize,
  workloadFromSamples,
  type ResizeConfig,
} from '../../../engine/index.ts';
import { dataPath } from '../../../ingest/testing.ts';
import { packWorkload } from './resize.ts';
import { resizeRun } from './resizeRun.ts';

describe('resizeRun job', () => {
  it('gives the inline run’s totals and series', () => {
    const samples = parseWideCsv(
      readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
      'planetlab_20110303.csv',
      { scale: 0.25, unit: 'percent', maxTasks: 50 },
    );
    const w = workloadFromSamples('day', samples);
    const config: ResizeConfig = {
      policy: { kind: 'visbp' },
      predictor: { kind: 'fusd', ...FUSD_DEFAULTS },
      hotThreshold: 0.9,
    };
    const spec = { workload: packWorkload(w), config };
    const units = resizeRun.units(spec, null);
    expect(units).toHaveLength(1);
    const out = resizeRun.run(null, spec, units[0], () => {});
    const inline = simulateResize(w, { ...config, series: true });
    expect(out.totals).toEqual(inline.totals);
    expect(Array.from(out.series!.activeMachines)).toEqual(
      Array.from(inline.series!.activeMachines),
    );
    expect(out.totals.migrations).toBeGreaterThan(0);
  });
});
