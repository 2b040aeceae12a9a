import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createIngestApi, sha256Hex } from './api.ts';
import { DEFAULT_BUDGET_BYTES } from './sizes.ts';
import { dataPath } from './testing.ts';

const PL_DAY = readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'));

describe('the ingestion API on the user’s files', () => {
  it('hashes the files as it reads them: the SHA-256 of their bytes in order', async () => {
    // The second file: the first rows again under other ids (ids are unique across a load).
    const second = new TextEncoder().encode(
      new TextDecoder().decode(PL_DAY.subarray(0, 40_000)).replaceAll('\n20110303,', '\n20990303,'),
    );
    const files = [new File([PL_DAY], 'a.csv'), new File([second], 'b.csv')];
    const expected = createHash('sha256').update(PL_DAY).update(second).digest('hex');
    const phases = new Set<string | undefined>();
    const loaded = await createIngestApi().loadFiles(
      1,
      files,
      {
        format: 'wide',
        unit: 'percent',
        scale: 0.25,
        skipBadLines: true,
        budget: { bytes: DEFAULT_BUDGET_BYTES, realizations: 1000 },
      },
      (p) => phases.add(p.phase),
    );
    expect(loaded.hash).toBe(expected);
    expect(await sha256Hex(files)).toBe(expected);
    // The estimate takes the second file to be like the first: within 1 % of the 1,104 tasks here.
    expect(Math.abs(loaded.estimate!.tasks / loaded.report.tasksKept - 1)).toBeLessThan(0.01);
    expect(phases.has('hashing')).toBe(false);
  });
});
