/**
 * A long CSV with a per-task scale column (the Bitbrains Rnd VMs from ../shared/data, their first
 * 40,000 rows: percent × the VM's cores) is read once: the ingestion keeps the values and the scale
 * column apart, so a new unit, capacity, clamp or task size converts them to the very numbers a
 * load with that setting gives.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { dataPath } from '../../../../ingest/testing.ts';
import { run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles,
  expectConvertedWithoutReading,
  instValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const NAME = 'rnd_first_40000.csv';
const text = gunzipSync(readFileSync(dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz')));
const CSV = new TextEncoder().encode(
  new TextDecoder().decode(text).split('\n').slice(0, 40001).join('\n') + '\n',
);
const LONG = {
  format: 'long',
  idColumn: 'vm_id',
  valueColumn: 'cpu_usage_pct',
  scaleColumn: 'cpu_cores',
} as const;

/** A fresh read of the rows with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(spec, [[NAME, CSV]]);
  return { samples: samples(r), report: r.report };
}

describe('a long CSV with a scale column is read once', () => {
  it('a new unit, capacity, clamp and task size read the file no more and equal a load', async () => {
    const next = { ...LONG, unit: 'absolute', capacity: 4, clamp: true, scale: 0.25 };
    const got = await expectConvertedWithoutReading(
      setup(),
      countedFiles([[NAME, CSV]]),
      { ...LONG, unit: 'percent', scale: 1 / 32 },
      next,
      () => direct(next as LoadSpec),
      values,
    );
    expect(got.report.filters.find((f) => f.id === 'clamped')!.count).toBeGreaterThan(0);
    expect(got.report.units).toMatch(/ × column cpu_cores$/);
  });

  it('a task size from the parameters reads the file no more', async () => {
    const { step, s, setScale } = setup();
    const { files, reads } = countedFiles([[NAME, CSV]]);
    await step.upload(files, { ...LONG, unit: 'percent', scale: 1 / 32 } as LoadRequest);
    const after = reads.n;
    await setScale(0.125);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = direct({ ...LONG, unit: 'percent', scale: 0.125 } as LoadSpec);
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });

  it('skipping bad lines, a new unit reads the file again: the rows kept depend on the unit', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles([[NAME, CSV]]);
    const skipping = { ...LONG, skipBadLines: true, scale: 1 / 32 };
    await step.upload(files, { ...skipping, unit: 'absolute', capacity: 50 } as LoadRequest);
    expect(s().data.dataset!.report.skippedLines).toBeGreaterThan(0);
    const after = reads.n;
    await step.upload(files, { ...skipping, unit: 'percent' } as LoadRequest);
    expect(reads.n).toBeGreaterThan(after);
    const want = direct({ ...skipping, unit: 'percent' } as LoadSpec);
    expect(want.report.skippedLines).toBe(0);
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });
});
