import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseWideCsv, samplesBytes, sampleCount } from '../../../engine/index.ts';
import { dataPath, planetlabDay } from '../../../ingest/testing.ts';
import type { Dataset } from '../sources/datasets.ts';
import { datasetMemory, describeMemory, readMemory } from './memory.ts';

const dataset = (samples: Dataset['samples']) => ({ samples, matrices: null }) as Dataset;

describe('the memory readout', () => {
  it("shows the dataset's arrays: 1 byte a sample for the PlanetLab day, as loaded", () => {
    const samples = planetlabDay();
    const m = datasetMemory(dataset(samples))!;
    expect(m.bytesPerSample).toBe(1);
    expect(m.samples).toBe(1052 * 288);
    expect(m.bytes).toBe(samplesBytes(samples));
    expect(m.bytes).toBeLessThan(1.1 * sampleCount(samples.inst));
    const text = describeMemory(readMemory(null, dataset(samples)));
    expect(text.short).toMatch(/^data 0\.\d MB/);
    expect(text.long).toMatch(/302,976 samples, 1 byte a sample as stored/);
  });

  it('float64 samples take 8 bytes each', () => {
    const file = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
    const float64 = parseWideCsv(readFileSync(file), 'day.csv', {
      scale: 0.25,
      percent: true,
      storage: 'float64',
    });
    const m = datasetMemory(dataset(float64))!;
    expect(m.bytesPerSample).toBe(8);
    expect(m.bytes).toBe(1052 * 288 * 8);
  });
});
