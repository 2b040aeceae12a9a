/**
 * An Alibaba v2018 upload (container_usage, container_meta, machine_meta) with its cores per machine
 * given or read from machine_meta is read once: a new task size, clamp or cores per machine (or none:
 * machine_meta's most common cpu_num, kept with the values) converts the cores used the ingestion
 * kept and equals a load with them.
 */
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { fixture, run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles,
  expectConvertedWithoutReading,
  instValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const FILES = ['container_usage.csv', 'container_meta.csv', 'machine_meta.csv'];
const entries = () => FILES.map((name) => [name, fixture(`alibaba/${name}`)] as const);

/** A fresh read of the trace's files with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(spec, [...entries()] as [string, Uint8Array][]);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

describe('an Alibaba upload is read once', () => {
  it('a new clamp and task size read the files no more and equal a load with them', async () => {
    const next = { format: 'alibaba', coresPerMachine: 96, clamp: true, scale: 0.5 };
    const got = await expectConvertedWithoutReading(
      setup(),
      countedFiles(entries()),
      { format: 'alibaba', coresPerMachine: 96 },
      next,
      () => direct(next as LoadSpec),
      values,
    );
    expect(got.report.units).toMatch(/96 cores per machine × scale 0\.5/);
  });

  it('a task size from the parameters reads the files no more', async () => {
    const { step, s, setScale } = setup();
    const { files, reads } = countedFiles(entries());
    await step.upload(files, { format: 'alibaba', coresPerMachine: 64 } as LoadRequest);
    const after = reads.n;
    await setScale(0.25);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = direct({ format: 'alibaba', coresPerMachine: 64, scale: 0.25 } as LoadSpec);
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });

  it('new cores per machine, clamped, read the files no more and equal a load with them', async () => {
    const next = { format: 'alibaba', coresPerMachine: 2, clamp: true };
    const got = await expectConvertedWithoutReading(
      setup(),
      countedFiles(entries()),
      { format: 'alibaba', coresPerMachine: 96 },
      next,
      () => direct(next as LoadSpec),
      values,
    );
    expect(got.report.filters.find((f) => f.id === 'clamped')!.count).toBeGreaterThan(0);
    expect(got.report.notes).toEqual(direct(next as LoadSpec).report.notes);
  });

  it("without cores given, machine_meta's are kept: new cores read no more", async () => {
    const next = { format: 'alibaba', coresPerMachine: 48, scale: 0.5 };
    const got = await expectConvertedWithoutReading(
      setup(),
      countedFiles(entries()),
      { format: 'alibaba' },
      next,
      () => direct(next as LoadSpec),
      values,
    );
    expect(got.report.notes).toEqual([]);
  });

  it("cores given, then none: machine_meta's apply, with their note, and no read", async () => {
    const got = await expectConvertedWithoutReading(
      setup(),
      countedFiles(entries()),
      { format: 'alibaba', coresPerMachine: 48 },
      { format: 'alibaba' },
      () => direct({ format: 'alibaba' } as LoadSpec),
      values,
    );
    expect(got.report.units).toMatch(/\/ 96 cores per machine$/);
    expect(got.report.notes).toEqual(direct({ format: 'alibaba' } as LoadSpec).report.notes);
  });

  it('cores the usage exceeds, without clamp, are refused as a load refuses them; the data stay', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles(entries());
    await step.upload(files, { format: 'alibaba' } as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload(files, { format: 'alibaba', coresPerMachine: 2 } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    const refused = (() => {
      try {
        direct({ format: 'alibaba', coresPerMachine: 2 } as LoadSpec);
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(refused).toMatch(/value\(s\) above the 2 cores of a machine/);
    expect(s().notices.find((n) => n.kind === 'error')!.text).toContain(refused);
  });
});
