/**
 * Formats whose bound is fixed (Google 2011 and 2019: 1; Azure V2: 100 % of the VM) keep the values above it
 * as read, so a clamp change converts without a read: with the clamp, the values are capped as a
 * load caps them and counted as it counts them; without, the first value above is refused as a load
 * without clamp refuses its line. Google 2011's task_usage from ../shared/data and the real
 * fixtures of the others, with a few values raised past the bound.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { dataPath } from '../../../../ingest/testing.ts';
import { fixture, run, samples } from '../../../../ingest/traceFixtures.ts';
import {
  countedFiles,
  expectConvertedWithoutReading,
  instAndAvgValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

/** `text`'s CSV lines with field `column` of the data lines `rows` set to `value`. */
function raised(text: string, rows: readonly number[], column: number, value: string) {
  const lines = text.split('\n');
  for (const r of rows) {
    const fields = lines[r].split(',');
    fields[column] = value;
    lines[r] = fields.join(',');
  }
  return lines.join('\n');
}

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const READINGS = 'vm_cpu_readings-file-1-of-195.csv';
const readings = raised(
  raised(decode(fixture(`azure2/${READINGS}.gz`)), [3, 7], 3, '150.5'),
  [5],
  4,
  '120',
);

const USAGE = 'task_usage_part-00000_first10000.csv';
const usage = readFileSync(dataPath(`google-2011-task-usage/${USAGE}`), 'latin1');

const CASES = [
  {
    format: 'google',
    options: { filters: { minRecords: 1, dropAllZeroInst: false } },
    entries: [[USAGE, encode(raised(raised(usage, [3, 40, 41], 19, '1.5'), [9], 5, '1.25'))]],
  },
  {
    format: 'google2019',
    options: {},
    entries: [
      [
        'instance_usage.csv',
        encode(raised(decode(fixture('google2019/instance_usage.csv')), [2, 4], 12, '1.5')),
      ],
    ],
  },
  {
    format: 'azure2',
    options: {},
    entries: [
      [READINGS, encode(readings)],
      ['vmtable.csv', fixture('azure2/vmtable.csv')],
    ],
  },
] as const;

/** The message a load refuses with, or null. */
function refusal(spec: LoadSpec, entries: readonly (readonly [string, Uint8Array])[]) {
  try {
    run(spec, entries as [string, Uint8Array][]);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe.each(CASES)(
  '$format with values above its fixed bound',
  ({ format, options, entries }) => {
    const base = { format, ...options };
    const direct = (spec: LoadSpec) => {
      const r = run(spec, entries as unknown as [string, Uint8Array][]);
      return { samples: samples(r), report: r.report };
    };

    it('a new task size, clamped, caps and counts as a load does, with no read', async () => {
      const next = { ...base, clamp: true, scale: 0.5 };
      const got = await expectConvertedWithoutReading(
        setup(),
        countedFiles(entries),
        { ...base, clamp: true },
        next,
        () => direct(next as LoadSpec),
        values,
      );
      expect(got.report.filters.find((f) => f.id === 'clamped')!.count).toBeGreaterThan(0);
    });

    it('without the clamp, refused as a load refuses the line; the data stay', async () => {
      const { step, s } = setup();
      const { files, reads } = countedFiles(entries);
      await step.upload(files, { ...base, clamp: true } as LoadRequest);
      const before = s().data.dataset;
      const after = reads.n;
      await step.upload(files, { ...base, clamp: false } as LoadRequest);
      expect(reads.n).toBe(after);
      expect(s().data.dataset).toBe(before);
      const refused = refusal({ ...base, clamp: false } as LoadSpec, entries);
      expect(refused).toMatch(/line \d+: .* is above/);
      expect(s().notices.find((n) => n.kind === 'error')!.text).toContain(refused);
    });

    it('a first upload without the clamp is refused with the same words', async () => {
      const { step, s } = setup();
      await step.upload(countedFiles(entries).files, base as LoadRequest);
      expect(s().data.dataset).toBeFalsy();
      const refused = refusal(base as LoadSpec, entries)!;
      expect(s().notices.find((n) => n.kind === 'error')!.text).toContain(refused);
    });
  },
);
