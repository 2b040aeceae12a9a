/**
 * A Google 2011 task_usage upload is read once: a new task size converts the fractions the
 * ingestion kept and equals a load at that size; auto-detected, the task size leaves its values as
 * they are (they are fractions of the largest machine already), again without reading the file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import { loadDataset, type LoadRequest } from '../../../../ingest/load.ts';
import { dataInput, dataPath } from '../../../../ingest/testing.ts';
import {
  countedFiles,
  instAndAvgValues as values,
  readOnceSetup as setup,
} from './readOnceHarness.ts';

const FILE = 'google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv';
/**
 * The slice holds 17 intervals per task and its sampled usage (column 20) is 0: the paper's filters
 * would drop every task, so they are off here and the CPU rate (avg, column 6) carries the numbers.
 */
const EVERY_TASK = { minRecords: 1, dropAllZeroInst: false };

function countedFile() {
  const name = 'task_usage_slice_6tasks_17intervals.csv';
  const { files, reads } = countedFiles([[name, readFileSync(dataPath(FILE))]]);
  return { file: files[0], reads };
}

async function direct(spec: LoadSpec) {
  const r = await loadDataset([await dataInput(FILE, 'usage')], spec);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r;
}

describe('a Google 2011 upload is read once', () => {
  it('a new task size reads the file no more and equals a load at that size', async () => {
    const { step, s } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], {
      format: 'google',
      clamp: true,
      filters: EVERY_TASK,
    } as LoadRequest);
    const ready = s()
      .notices.map((n) => n.text)
      .join();
    expect(s().data.status, ready).toBe('ready');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    await step.upload([file], {
      format: 'google',
      clamp: true,
      filters: EVERY_TASK,
      scale: 0.3,
    } as LoadRequest);
    expect(reads.n).toBe(after);
    const want = await direct({ format: 'google', clamp: true, filters: EVERY_TASK, scale: 0.3 });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(got.report.units).toBe(want.report.units);
    expect(
      values(want.samples)
        .flat(2)
        .some((v) => v > 0),
    ).toBe(true);
  });

  it('auto-detected, a new task size leaves the fractions as read, reading the file no more', async () => {
    const { step, s, setScale } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', scale: 1, filters: EVERY_TASK } as LoadRequest);
    expect(s().data.dataset!.report.format).toBe('google');
    const after = reads.n;
    await setScale(0.25);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = await direct({ format: 'google', filters: EVERY_TASK });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });
});
