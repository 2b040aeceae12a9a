import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BIN,
  WorkloadStats,
  exactOverflow,
  parseWideCsv,
  realize,
} from '../../engine/index.ts';
import { dataPath } from '../../ingest/testing.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { meanExactQ } from './exactQ.ts';

const samples = parseWideCsv(
  readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'), 'utf8'),
  'planetlab_20110303.csv',
  { scale: 0.25, percent: true },
);
const R = 1000;
const SEED = 7;
const runner = createInlineRunner();
afterAll(() => runner.dispose());

describe('meanExactQ', () => {
  it('is the mean over machines of the engine’s exact overflow, and refuses after a cancel', async () => {
    const pool = await runner.createPool(samples, R, SEED);
    const params = {
      packer: 'ff' as const,
      fit: { kind: 'gpa' as const, rho: 0.05 },
      capacity: 1,
      clairvoyance: 0.5,
      source: 'inst' as const,
      rebalance: 0,
    };
    const response = await runner.pack(pool, { tasks: 300, instance: 0, seed: SEED, params });
    const q = await meanExactQ(runner, pool, response, 1, 0.5, new AbortController().signal);
    const { inst } = realize(samples, R, SEED, false);
    const direct = exactOverflow(
      new WorkloadStats({ inst, avg: null }),
      response.rows,
      response.result.machines.map((m) => m.tasks),
      { capacity: 1, clairvoyance: 0.5, bin: DEFAULT_BIN },
    ).machines;
    expect(response.result.machines.length).toBeGreaterThan(1);
    expect(q).toBeCloseTo(direct.reduce((a, b) => a + b, 0) / direct.length, 12);
    const abort = new AbortController();
    abort.abort();
    await expect(meanExactQ(runner, pool, response, 1, 0.5, abort.signal)).rejects.toThrow();
  });
});
