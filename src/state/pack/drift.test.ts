import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWideCsv, type TaskSamples } from '../../engine/index.ts';
import { dataPath, planetlabDay } from '../../ingest/testing.ts';
import type { Dataset } from '../common/sources/datasets.ts';
import { packDrift } from './drift.ts';

const gcdJobs = (): TaskSamples =>
  parseWideCsv(readFileSync(dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv')), 'gcd.csv', {
    scale: 0.1,
    percent: true,
  });

const asDataset = (samples: TaskSamples) => ({ samples }) as unknown as Dataset;

describe('Pack’s drift alarm', () => {
  it('fires on the Google jobs: the afternoon half against the morning half', () => {
    const ds = asDataset(gcdJobs());
    const independent = packDrift(ds, { realization: 'independent', clairvoyance: 1 })!;
    expect(independent.compared).toBe('recent');
    expect(independent.report.fired).toBe(true);
    expect(independent.report.tasksAbovePeak).toBe(188);
    // An aligned packing at κ = 0.5 learns the same morning and is judged on the same afternoon.
    const aligned = packDrift(ds, { realization: 'aligned', clairvoyance: 0.5 })!;
    expect(aligned.compared).toBe('judged');
    expect(aligned.report).toEqual(independent.report);
    // At κ = 0.9 the judged part is the last 29 instants, another comparison.
    const late = packDrift(ds, { realization: 'aligned', clairvoyance: 0.9 })!;
    expect(late.report.levelRise).not.toBe(aligned.report.levelRise);
  });

  it('stays quiet on the PlanetLab day, and is absent without a time axis', () => {
    const quiet = packDrift(asDataset(planetlabDay()), {
      realization: 'independent',
      clairvoyance: 1,
    })!;
    expect(quiet.report.fired).toBe(false);
    expect(packDrift({ samples: null } as unknown as Dataset, DEFAULTS)).toBeNull();
    expect(packDrift(null, DEFAULTS)).toBeNull();
  });
});

const DEFAULTS = { realization: 'independent', clairvoyance: 1 } as const;
