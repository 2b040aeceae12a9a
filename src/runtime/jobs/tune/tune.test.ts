import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPath } from '../../../ingest/testing.ts';
import {
  WorkloadStats,
  parseWideCsv,
  realize,
  runCalibration,
  runTune,
  type CalibrationSpec,
  type TuneSpec,
} from '../../../engine/index.ts';
import { createNodeRunner } from '../../../cli/pool/nodePool.ts';
import { createInlineRunner } from '../../inlineRunner.ts';
import { CancelledError, type Runner } from '../../runner.ts';
import { runCalibrationOn, runTuneOn, type TuneStageProgress } from '../../jobRuns.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
  scale: 0.25,
  percent: true,
});
const R = 1000;
const SEED = 3;
const stats = new WorkloadStats(realize(samples, R, SEED, false));

const run = {
  seed: SEED,
  instances: 3,
  tasks: 120,
  packer: 'bf',
  capacity: 1,
  clairvoyance: 0.5,
  source: 'inst',
  rebalance: 5,
  bin: 0.01,
  confidence: 0.95,
} as const;
const calibration: CalibrationSpec = {
  ...run,
  families: ['gpa', 'cantelli', 'emp'],
  values: { gpa: [0.1, 0.01, 0.001], cantelli: [1, 2, 3] },
};
const tuneSpec: TuneSpec = {
  ...run,
  families: ['gpa', 'cf', 'perc'],
  targets: [0.01, 0.002],
  refineRounds: 1,
  refinePoints: 2,
  grids: { gpa: [0.2, 0.05, 0.01, 0.002, 4e-4], cf: [0.1, 0.01, 0.001], perc: [70, 80, 90, 100] },
};

const runners = new Set<Runner>();
afterAll(() => runners.forEach((r) => r.dispose()));
// Made once for the file: each worker thread loads the engine (seconds of CPU).
const twoShared = once(() => createNodeRunner({ workers: 2, shared: true }));
const RUNNERS: [string, () => Runner][] = [
  ['inline', createInlineRunner],
  ['1 worker, shared', () => createNodeRunner({ workers: 1, shared: true })],
  ['2 workers, shared', twoShared],
  ['2 workers, copying', () => createNodeRunner({ workers: 2, shared: false })],
];

function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

describe('calibration and tuning jobs', () => {
  it('give the engine’s inline numbers on every runner and worker count', async () => {
    const curves = runCalibration(stats, calibration);
    const tuned = runTune(stats, tuneSpec);
    expect(curves.map((c) => c.points.length)).toEqual([3, 3, 12]);
    for (const [name, make] of RUNNERS) {
      const runner = make();
      runners.add(runner);
      const pool = await runner.createPool(samples, R, SEED);
      const progress: TuneStageProgress[] = [];
      expect(await runCalibrationOn(runner, pool, calibration), name).toEqual(curves);
      expect(
        await runTuneOn(runner, pool, tuneSpec, { onProgress: (p) => progress.push(p) }),
        name,
      ).toEqual(tuned);
      // Progress reaches the end of each stage it reports: CV rounds, then the held-out runs.
      const last = progress.at(-1)!;
      expect(last.phase).toBe('held-out');
      expect(last.done).toBe(last.total);
      expect(progress.some((p) => p.phase === 'cv' && p.round === 1)).toBe(true);
    }
  });

  it('stops when cancelled, and names a bad spec before running', async () => {
    const runner = twoShared();
    runners.add(runner);
    const pool = await runner.createPool(samples, R, SEED);
    const abort = new AbortController();
    const running = runTuneOn(runner, pool, tuneSpec, {
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    await expect(running).rejects.toBeInstanceOf(CancelledError);
    await expect(runCalibrationOn(runner, pool, { ...calibration, tasks: 10_000 })).rejects.toThrow(
      /task count: 10000/,
    );
    await expect(runTuneOn(runner, pool, { ...tuneSpec, targets: [2] })).rejects.toThrow(
      /invalid target q\*: 2/,
    );
  });
});
