/**
 * A Prometheus query_range answer (JSON) is read once: a new unit, machine, clamp or task size
 * converts the values the ingestion kept and equals a load with them; a machine a value exceeds,
 * without clamp, is refused naming the task, and the data stay.
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

const NAME = 'query_range.json';
const counted = () => countedFiles([[NAME, fixture(`prometheus/${NAME}`)]]);

/** A fresh read of the answer with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(spec, [[NAME, fixture(`prometheus/${NAME}`)]]);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

const AS_LOADED = { format: 'prometheus', unit: 'cores', capacity: 8 };

describe('a Prometheus JSON upload is read once', () => {
  it('a new machine, clamp and task size read the file no more and equal a load with them', async () => {
    const next = { ...AS_LOADED, capacity: 2, clamp: true, scale: 0.5 };
    const want = direct(next as LoadSpec);
    const got = await expectConvertedWithoutReading(
      setup(),
      counted(),
      AS_LOADED,
      next,
      () => want,
      values,
    );
    expect(got.report.format).toBe('prometheus');
    expect(want.report.filters.find((f) => f.id === 'clamped')!.count).toBeGreaterThan(0);
  });

  it('a new unit and task size from the parameters read the file no more', async () => {
    const { step, s, setScale } = setup();
    const { files, reads } = counted();
    await step.upload(files, AS_LOADED as LoadRequest);
    const after = reads.n;
    await step.upload(files, { format: 'prometheus', unit: 'percent' } as LoadRequest);
    await setScale(0.25);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = direct({ format: 'prometheus', unit: 'percent', scale: 0.25 } as LoadSpec);
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
    expect(s().data.dataset!.report.units).toBe(want.report.units);
  });

  it('a machine a value exceeds, without clamp, is refused naming the task; the data stay', async () => {
    const { step, s } = setup();
    const { files, reads } = counted();
    await step.upload(files, AS_LOADED as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload(files, { ...AS_LOADED, capacity: 1 } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    expect(() => direct({ ...AS_LOADED, capacity: 1 } as LoadSpec)).toThrow(/above 1 cores/);
    const notice = s().notices.find((n) => n.kind === 'error')!.text;
    expect(notice).toMatch(/task .+: inst sample \d+ \([\d.]+\) is above 1 cores/);
  });
});
