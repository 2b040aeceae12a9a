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
import { packWorkload, resizeSweep, unpackWorkload, type ResizeSweepSpec } from './resize.ts';

describe('resizeSweep job', () => {
  it('gives the same totals whatever the split into units', () => {
    const samples = parseWideCsv(
      readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
      'planetlab_20110303.csv',
      { scale: 0.25, unit: 'percent', maxTasks: 80 },
    );
    const workload = packWorkload(workloadFromSamples('day', samples));
    const configs: ResizeConfig[] = [
      { policy: { kind: 'visbp' }, predictor: { kind: 'fusd', ...FUSD_DEFAULTS } },
      { policy: { kind: 'repack', every: 4 }, predictor: { kind: 'last' } },
      { policy: { kind: 'hotspot' }, predictor: { kind: 'oracle' } },
    ];
    const runAll = (perUnit: number) => {
      const spec: ResizeSweepSpec = { workload, configs, perUnit };
      return resizeSweep.units(spec, null).flatMap((u) => resizeSweep.run(null, spec, u, () => {}));
    };
    const one = runAll(1);
    expect(one).toHaveLength(3);
    expect(runAll(3)).toEqual(one);
    expect(one[1].migrations).toBeGreaterThan(one[0].migrations);
    // The same numbers as an inline run on the unpacked workload.
    expect(one[0]).toEqual(simulateResize(unpackWorkload(workload), configs[0]).totals);
  });
});
