/**
 * A Bitbrains upload (one file per VM) is read once too: a new task size, machine or clamp on the
 * same files converts the usage the ingestion kept and equals a load with that setting; so does a
 * new unit (cores or MHz, another column: the ingestion keeps that one too).
 */
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { fixture, run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles as counted,
  expectConvertedWithoutReading,
  instValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const VMS = ['1.csv', '2.csv', '3.csv'];

/** The real per-VM files as Files whose every read is counted. */
const countedFiles = () => counted(VMS.map((name) => [name, fixture(`bitbrains/${name}`)]));

/** A fresh read of the same files with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(
    spec,
    VMS.map((name) => [name, fixture(`bitbrains/${name}`)]),
  );
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

describe('a Bitbrains upload is read once', () => {
  it('a new machine, clamp and task size read the files no more and equal a load with them', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores', coresPerMachine: 32 } as LoadRequest);
    const ready = s()
      .notices.map((n) => n.text)
      .join();
    expect(s().data.status, ready).toBe('ready');
    expect(s().data.dataset!.report.format).toBe('bitbrains');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    const next = { format: 'auto', unit: 'cores', coresPerMachine: 0.01, clamp: true, scale: 0.5 };
    await step.upload(files, next as LoadRequest);
    expect(reads.n).toBe(after);
    const want = direct({ format: 'bitbrains', coresPerMachine: 0.01, clamp: true, scale: 0.5 });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(want.report.filters.find((f) => f.id === 'clamped')!.count).toBeGreaterThan(0);
    expect(got.report.units).toBe(want.report.units);
  });

  it('a new task size from the parameters reads the files no more', async () => {
    const { step, s, setScale } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores', coresPerMachine: 16 } as LoadRequest);
    const after = reads.n;
    await setScale(0.25);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = direct({ format: 'bitbrains', coresPerMachine: 16, scale: 0.25 });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });

  it('a machine the usage exceeds, without clamp, is refused; the data stay', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores', coresPerMachine: 32 } as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload(files, {
      format: 'auto',
      unit: 'cores',
      coresPerMachine: 0.01,
    } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    expect(s().notices.find((n) => n.kind === 'error')!.text).toMatch(/task \d+: inst sample \d+/);
  });

  it('a new unit (MHz instead of cores: the other column, kept) reads the files no more', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores' } as LoadRequest);
    const after = reads.n;
    const next = { unit: 'absolute', capacity: 83200, clamp: true, scale: 0.5 } as const;
    await step.upload(files, { format: 'auto', ...next } as LoadRequest);
    expect(reads.n).toBe(after);
    const want = direct({ format: 'bitbrains', ...next });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(got.report.units).toBe(want.report.units);
  });

  it('MHz first, then cores per machine: the other way round, no read either', async () => {
    const next = { format: 'auto', unit: 'cores', coresPerMachine: 0.01, clamp: true };
    const got = await expectConvertedWithoutReading(
      setup(),
      counted(VMS.map((name) => [name, fixture(`bitbrains/${name}`)])),
      { format: 'auto', unit: 'absolute', capacity: 83200 },
      next,
      () => direct({ format: 'bitbrains', unit: 'cores', coresPerMachine: 0.01, clamp: true }),
      values,
    );
    expect(got.report.filters.find((f) => f.id === 'clamped')!.count).toBeGreaterThan(0);
  });

  it('an MHz the cores read could not use is refused on the way to MHz, as a load refuses it', async () => {
    const text = new TextDecoder().decode(fixture('bitbrains/1.csv'));
    const broken = new TextEncoder().encode(text.replace(';\t29.259994499999998;', ';\tn/a;'));
    const { step, s } = setup();
    const { files, reads } = counted([['1.csv', broken]]);
    await step.upload(files, { format: 'auto', unit: 'cores' } as LoadRequest);
    expect(s().data.status).toBe('ready');
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload(files, { format: 'auto', unit: 'absolute', capacity: 83200 } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    expect(s().notices.find((n) => n.kind === 'error')!.text).toMatch(
      /task 1: CPU usage \[MHZ\] of sample 2 is not a number/,
    );
    expect(() =>
      run({ format: 'bitbrains', unit: 'absolute', capacity: 83200 }, [['1.csv', broken]]),
    ).toThrow(/CPU usage \[MHZ\] n\/a/);
  });
});
