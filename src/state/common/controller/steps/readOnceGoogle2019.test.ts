/**
 * A Google 2019 instance_usage upload (BigQuery CSV or JSON lines) is read once: a new task size
 * or clamp converts the normalized units the ingestion kept and equals a load with it.
 */
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { fixture, run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles,
  instAndAvgValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

/** A fresh read of `name` with `spec`. */
function direct(name: string, spec: LoadSpec) {
  const r = run(spec, [[name, fixture(`google2019/${name}`)]]);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

describe.each(['instance_usage.csv', 'instance_usage.json'])(
  'a Google 2019 upload (%s) is read once',
  (name) => {
    const counted = () => countedFiles([[name, fixture(`google2019/${name}`)]]);

    it('a new task size reads the file no more and equals a load at that size', async () => {
      const { step, s, notices } = setup();
      const { files, reads } = counted();
      await step.upload(files, { format: 'google2019', clamp: true } as LoadRequest);
      expect(s().data.status, notices()).toBe('ready');
      const after = reads.n;
      expect(after).toBeGreaterThan(0);
      await step.upload(files, { format: 'google2019', clamp: true, scale: 0.3 } as LoadRequest);
      expect(reads.n).toBe(after);
      const want = direct(name, { format: 'google2019', clamp: true, scale: 0.3 });
      const got = s().data.dataset!;
      expect(values(got.samples!)).toEqual(values(want.samples));
      expect(got.report.filters).toEqual(want.report.filters);
      expect(got.report.units).toBe(want.report.units);
      expect(got.report.units).toMatch(/× scale 0\.3/);
      expect(
        values(want.samples)
          .flat(2)
          .some((v) => v > 0),
      ).toBe(true);
    });

    it('auto-detected, a task size from the parameters reads the file no more', async () => {
      const { step, s, setScale, notices } = setup();
      const { files, reads } = counted();
      await step.upload(files, { format: 'auto', scale: 1 } as LoadRequest);
      expect(s().data.status, notices()).toBe('ready');
      expect(s().data.dataset!.report.format).toBe('google2019');
      const after = reads.n;
      await setScale(0.25);
      expect(s().data.status).toBe('ready');
      expect(reads.n).toBe(after);
      const want = direct(name, { format: 'google2019', scale: 0.25 });
      expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
    });

    it('a new clamp reads the file no more and equals a load without it', async () => {
      const { step, s } = setup();
      const { files, reads } = counted();
      await step.upload(files, { format: 'google2019', clamp: true } as LoadRequest);
      const after = reads.n;
      await step.upload(files, { format: 'google2019', clamp: false } as LoadRequest);
      expect(reads.n).toBe(after);
      const want = direct(name, { format: 'google2019', clamp: false });
      expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
      expect(s().data.dataset!.report.filters).toEqual(want.report.filters);
    });
  },
);
