/**
 * An .npy of samples is read once: a new unit, capacity, clamp or task size converts the values the
 * ingestion kept as stored and equals a load with them. The array holds the PlanetLab day's first
 * 64 VMs (percents, read by a naive CSV split from ../shared/data).
 */
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import { encodeNpy } from '../../../../engine/data/readers/npy.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { naiveCsv } from '../../../../ingest/testing.ts';
import { run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles,
  expectConvertedWithoutReading,
  instValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const NAME = 'planetlab_64.npy';
const rows = naiveCsv('planetlab-cloudsim/planetlab_20110303.csv')
  .slice(1, 65)
  .map((r) => r.slice(2).map(Number));
const NPY = encodeNpy(Float32Array.from(rows.flat()), [rows.length, rows[0].length]);

/** A fresh read of the array with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(spec, [[NAME, NPY]]);
  return { samples: samples(r), report: r.report };
}

const AS_PERCENT = { format: 'npy', unit: 'percent' };

describe('an .npy upload is read once', () => {
  it('a new unit, capacity and clamp read the file no more and equal a load with them', async () => {
    const next = { format: 'npy', unit: 'absolute', capacity: 50, clamp: true, scale: 0.5 };
    await expectConvertedWithoutReading(
      setup(),
      countedFiles([[NAME, NPY]]),
      AS_PERCENT,
      next,
      () => direct(next as LoadSpec),
      values,
    );
    expect(rows.flat().some((v) => v > 50)).toBe(true);
  });

  it('a task size from the parameters reads the file no more', async () => {
    const { step, s, setScale } = setup();
    const { files, reads } = countedFiles([[NAME, NPY]]);
    await step.upload(files, AS_PERCENT as LoadRequest);
    const after = reads.n;
    await setScale(0.25);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = direct({ ...AS_PERCENT, scale: 0.25 } as LoadSpec);
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });

  it('a unit whose bound the values exceed is refused naming the task; the data stay', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles([[NAME, NPY]]);
    await step.upload(files, AS_PERCENT as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload(files, { format: 'npy', unit: 'fraction' } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    const notice = s().notices.find((n) => n.kind === 'error')!.text;
    expect(notice).toMatch(/task \d+: inst sample \d+ \(\d+\) is above 1/);
  });
});
