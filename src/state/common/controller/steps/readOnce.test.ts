/**
 * An upload is read once: a new task size or unit on the same files converts the values the
 * ingestion parsed, reads the files no more, and gives the numbers a load with that setting gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LoadSpec } from '../../../../engine/index.ts';
import { loadDataset } from '../../../../ingest/load.ts';
import { dataInput, dataPath } from '../../../../ingest/testing.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import { countedFiles, instValues as values, readOnceSetup as setup } from './readOnceHarness.ts';

const FILE = 'planetlab-cloudsim/planetlab_20110303.csv';

/** The real file as a File whose every read (stream, arrayBuffer, text, slice) is counted. */
function countedFile() {
  const { files, reads } = countedFiles([['planetlab_20110303.csv', readFileSync(dataPath(FILE))]]);
  return { file: files[0], reads };
}

async function direct(spec: LoadSpec) {
  return (await loadDataset([await dataInput(FILE, 'inst')], spec)) as Extract<
    Awaited<ReturnType<typeof loadDataset>>,
    { kind: 'samples' }
  >;
}

describe('an upload is read once', () => {
  it('a new task size reads the file no more and equals a load at that size', async () => {
    const { step, s, setScale } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', scale: 1, unit: 'percent' } as LoadRequest);
    expect(
      s().data.status,
      s()
        .notices.map((n) => n.text)
        .join(),
    ).toBe('ready');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    await setScale(0.25);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = await direct({ format: 'wide', unit: 'percent', scale: 0.25 });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
    expect(s().data.dataset!.report.units).toBe(want.report.units);
  });

  it('a new unit on the same files reads them no more and equals a load with that unit', async () => {
    const { step, s } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', unit: 'percent' } as LoadRequest);
    const after = reads.n;
    const asCores = { format: 'auto', unit: 'cores', coresPerMachine: 400, clamp: true };
    await step.upload([file], asCores as LoadRequest);
    expect(reads.n).toBe(after);
    const want = await direct({
      format: 'wide',
      unit: 'cores',
      capacity: 400,
      scale: 1,
      clamp: true,
    });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(s().params.upload?.options?.unit).toBe('cores');
  });

  it('a unit whose bound the values exceed is refused naming the task; the data stay', async () => {
    const { step, s } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', unit: 'percent' } as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload([file], { format: 'auto', unit: 'fraction' } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    const notice = s().notices.find((n) => n.kind === 'error')!.text;
    expect(notice).toMatch(/task .+: inst sample \d+ \(\d+\) is above 1 \(the unit's maximum/);
  });
});
