import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeRunner } from '../../../cli/pool/nodePool.ts';
import {
  DEFAULT_PARAMS,
  parseTaskList,
  simulateTimeline,
  summarizeTimeline,
  syntheticWeek,
  type TimelineParams,
} from '../../../engine/timeline/index.ts';
import type { WorkerPool } from '../../pool/pool.ts';
import type { TimelineJobSpec } from './timeline.ts';

const week = { seed: 3, tasks: 4000, days: 1 };
const runs: TimelineParams[] = [
  { ...DEFAULT_PARAMS, policy: 'fmf', window: 2, durationError: 1, seed: 5 },
  { ...DEFAULT_PARAMS, policy: 'ff', order: 'rand', window: 5, seed: 9 },
  { ...DEFAULT_PARAMS, policy: 'nf', order: 'list', window: 0 },
  { ...DEFAULT_PARAMS, policy: 'ss', window: 30, fit: { kind: 'gpa', rho: 0.05 } },
  { ...DEFAULT_PARAMS, policy: 'ha', order: 'ddtr', window: 2 },
];

// One runner per worker count for the file: each worker thread loads the engine (seconds of CPU).
const runners = new Map<number, WorkerPool>();
afterAll(() => runners.forEach((r) => r.dispose()));
function runnerOf(workers: number): WorkerPool {
  let r = runners.get(workers);
  if (!r) runners.set(workers, (r = createNodeRunner({ workers })));
  return r;
}

describe('timeline job', () => {
  it('gives the engine’s numbers on 1, 2 and 4 workers', async () => {
    const expected = runs.map((p) => summarizeTimeline(simulateTimeline(syntheticWeek(week), p)));
    const spec: TimelineJobSpec = { workload: { kind: 'synthetic', week }, runs };
    for (const workers of [1, 2, 4]) {
      const got = await runnerOf(workers).runJob(null, 'timeline', spec);
      expect(got.map((o) => (o.detail === 'summary' ? o.summary : null))).toEqual(expected);
    }
  }, 120_000);

  it('carries a task list and returns full results as plain data', async () => {
    const path = new URL('../../../engine/timeline/fixtures/fig1.csv', import.meta.url);
    const tasks = parseTaskList(readFileSync(path, 'utf8'), 'fig1.csv');
    const [out] = await runnerOf(2).runJob(null, 'timeline', {
      workload: { kind: 'tasks', tasks },
      runs: [{ ...DEFAULT_PARAMS, window: 3 }],
      detail: 'full',
    });
    expect(out.detail).toBe('full');
    if (out.detail !== 'full') return;
    expect(Math.round(out.result.machineSeconds / 60)).toBe(210);
    expect(out.result.machineOf).toBeInstanceOf(Int32Array);
    expect(Array.from(out.result.machineOf)).toEqual(
      Array.from(simulateTimeline(tasks, { ...DEFAULT_PARAMS, window: 3 }).machineOf),
    );
  }, 60_000);
});
