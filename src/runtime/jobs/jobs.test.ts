import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { WorkloadStats, exactOverflow, parseWideCsv, realize } from '../../engine/index.ts';
import { createNodeRunner } from '../../cli/pool/nodePool.ts';
import { createInlineRunner } from '../inlineRunner.ts';
import { CancelledError, type Runner } from '../runner.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
  scale: 0.25,
  percent: true,
});
const R = 2000;
const SEED = 5;
const runners: Runner[] = [];
afterAll(() => runners.forEach((r) => r.dispose()));

async function exactQOn(runner: Runner) {
  runners.push(runner);
  const pool = await runner.createPool(samples, R, SEED);
  const params = {
    packer: 'bf' as const,
    fit: { kind: 'gpa' as const, rho: 0.01 },
    capacity: 1,
    clairvoyance: 0.5,
    source: 'inst' as const,
    rebalance: 5,
  };
  const { result, rows } = await runner.pack(pool, { tasks: 500, instance: 1, seed: SEED, params });
  const machines = result.machines.map((m) => m.tasks);
  const progress: number[] = [];
  const parts = await runner.runJob(
    pool,
    'exactQ',
    { rows, machines, capacity: 1, clairvoyance: 0.5 },
    { onProgress: (p) => progress.push(p.done / p.total) },
  );
  return { rows, machines, perMachine: parts.flatMap((p) => Array.from(p)), progress };
}

describe('jobs', () => {
  it('exactQ gives the engine’s numbers on every runner and any worker count', async () => {
    const { inst } = realize(samples, R, SEED, false);
    const inline = await exactQOn(createInlineRunner());
    const direct = exactOverflow(
      new WorkloadStats({ inst, avg: null }),
      inline.rows,
      inline.machines,
      {
        capacity: 1,
        clairvoyance: 0.5,
      },
    );
    expect(inline.perMachine).toEqual(Array.from(direct.machines));
    expect(inline.progress.at(-1)).toBe(1);
    for (const [workers, shared] of [
      [1, true],
      [2, true],
      [2, false],
    ] as const) {
      const pooled = await exactQOn(createNodeRunner({ workers, shared }));
      expect(pooled.perMachine, `${workers} workers, shared ${shared}`).toEqual(inline.perMachine);
      expect(pooled.progress.at(-1)).toBe(1);
    }
  });

  it('refuses a job without its pool and an unknown job, and honours cancel', async () => {
    const runner = createInlineRunner();
    runners.push(runner);
    const spec = { rows: new Int32Array(0), machines: [], capacity: 1, clairvoyance: 1 };
    await expect(runner.runJob(null, 'exactQ', spec)).rejects.toThrow(/needs a pool/);
    await expect(runner.runJob(null, 'nope' as 'exactQ', spec)).rejects.toThrow(
      /unknown job "nope"/,
    );
    const pool = await runner.createPool(samples, 100, 1);
    const abort = new AbortController();
    abort.abort();
    await expect(
      runner.runJob(
        pool,
        'exactQ',
        { ...spec, machines: [Int32Array.of(0)], rows: Int32Array.of(0) },
        { signal: abort.signal },
      ),
    ).rejects.toBeInstanceOf(CancelledError);
  });
});
