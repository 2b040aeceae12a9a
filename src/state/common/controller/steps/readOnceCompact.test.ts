/**
 * A compact upload (.json sidecar + .npy, in machine units already) is read once: its loader takes
 * no unit field, so a new unit, clamp or task size converts the values kept to themselves, with
 * no read, as a fresh load of the same files gives them. The files are the PlanetLab day from
 * ../shared/data, reduced to the compact format.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeCompact } from '../../../../engine/data/readers/compact.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { dataPath } from '../../../../ingest/testing.ts';
import { run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles,
  expectConvertedWithoutReading,
  instValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const day = run({ format: 'wide', unit: 'percent', scale: 0.25 }, [
  ['planetlab_20110303.csv', readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'))],
]);
const reduced = encodeCompact(samples(day), day.report, { scale: 0.25 }, 'planetlab.npy');
const entries = () =>
  [
    ['planetlab.json', new TextEncoder().encode(reduced.json)],
    ['planetlab.npy', reduced.npy],
  ] as const;

/** A fresh read of the compact files. */
function direct() {
  const r = run({ format: 'compact' }, [...entries()] as [string, Uint8Array][]);
  return { samples: samples(r), report: r.report };
}

describe('a compact upload is read once', () => {
  it('a new unit, clamp and task size read the files no more and equal a fresh load', async () => {
    const got = await expectConvertedWithoutReading(
      setup(),
      countedFiles(entries()),
      { format: 'auto', scale: 1 },
      { format: 'auto', unit: 'fraction', clamp: true, scale: 0.5 },
      direct,
      values,
    );
    expect(got.report.format).toBe('compact');
    expect(got.report.units).toMatch(/^machine units \(source: percent × scale 0\.25 \/ 100\)$/);
  });

  it('a task size from the parameters reads the files no more', async () => {
    const { step, s, setScale } = setup();
    const { files, reads } = countedFiles(entries());
    await step.upload(files, { format: 'auto' } as LoadRequest);
    const after = reads.n;
    await setScale(0.5);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    expect(values(s().data.dataset!.samples!)).toEqual(values(direct().samples));
  });
});
