/**
 * An Azure V2 upload (readings and vmtable) is read once: a new task size or cores per machine
 * converts the VMs' usage the ingestion kept and equals a load with them; so does a new clamp (its
 * bound, 100 %, is fixed: the ingestion keeps the values above it as read, readOnceClamp.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { fixture, run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles as counted,
  instValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const FILES = ['vm_cpu_readings-file-1-of-195.csv.gz', 'vmtable.csv'];

/** The trace's files (from the real trace, fixtures/make.py) as Files whose every read is counted. */
const countedFiles = () => counted(FILES.map((name) => [name, fixture(`azure2/${name}`)]));

/** A fresh read of the same files with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(
    spec,
    FILES.map((name) => [name, fixture(`azure2/${name}`)]),
  );
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

describe('an Azure V2 upload is read once', () => {
  it('a new task size and machine read the files no more and equal a load with them', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'azure2', clamp: true } as LoadRequest);
    const ready = s()
      .notices.map((n) => n.text)
      .join();
    expect(s().data.status, ready).toBe('ready');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    const next = { format: 'azure2', clamp: true, coresPerMachine: 16, scale: 0.5 };
    await step.upload(files, next as LoadRequest);
    expect(reads.n).toBe(after);
    const want = direct({ format: 'azure2', clamp: true, coresPerMachine: 16, scale: 0.5 });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(got.report.units).toBe(want.report.units);
  });

  it('a new clamp reads the files no more and equals a load without it', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'azure2', clamp: true } as LoadRequest);
    const after = reads.n;
    await step.upload(files, { format: 'azure2', clamp: false } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset!.report.filters.some((f) => f.id === 'clamped')).toBe(false);
    const want = direct({ format: 'azure2', clamp: false });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });
});
