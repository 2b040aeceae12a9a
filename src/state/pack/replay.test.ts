import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  WorkloadStats,
  parseWideCsv,
  realize,
  replayMatrices,
  runPacking,
  sampleInstance,
  type TaskSamples,
} from '../../engine/index.ts';
import { dataPath, naiveCsv, planetlabDay } from '../../ingest/testing.ts';
import { datasetKey, type Dataset } from '../common/sources/datasets.ts';
import { DEFAULT_PARAMS, packKey } from '../common/store/params.ts';
import { alignedJudgement, datasetKeyOfPack, differsBy, packSlo, timeSplitText } from './replay.ts';

const GCD = 'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv';

function gcdJobs(): TaskSamples {
  return parseWideCsv(readFileSync(dataPath(GCD)), 'gcd.csv', { scale: 0.25, percent: true });
}

const asDataset = (samples: TaskSamples) => ({ samples }) as unknown as Dataset;

describe('the packing replayed in time, in Pack', () => {
  it('each machine’s aligned q is a direct count of its overloads at the file’s instants', () => {
    const samples = gcdJobs();
    const rows = sampleInstance(samples.ids.length, 400, 1, 0);
    const stats = new WorkloadStats(realize(samples, 1000, 1));
    const params = { ...DEFAULT_PARAMS, rebalance: 5 };
    const result = runPacking(stats, rows, {
      packer: 'bf',
      fit: params.fit,
      capacity: 1,
      clairvoyance: 1,
      source: 'inst',
      rebalance: 5,
    });
    const judged = alignedJudgement(asDataset(samples), result, rows, params)!;
    // An independent reading: the CSV's cells, row by task, column by instant.
    const cells = naiveCsv(GCD).slice(1);
    const value = (task: number, t: number) => (Number(cells[task][t + 1]) / 100) * 0.25;
    const T = cells[0].length - 1;
    const direct = result.machines.map((m) => {
      let over = 0;
      for (let t = 0; t < T; t++) {
        let total = 0;
        for (const k of m.tasks) total += value(rows[k], t);
        if (total > 1) over++;
      }
      return over / T;
    });
    expect(judged.columns).toBe(T);
    judged.q.forEach((q, j) => expect(q).toBeCloseTo(direct[j], 12));
    expect(judged.worst).toBeCloseTo(Math.max(...direct), 12);
    expect(judged.over).toBe(direct.filter((q) => q > 0.01).length);
    const own = packSlo(result, params);
    expect(own.q).toEqual(result.machines.map((m) => m.q));
    // Google's jobs move together: the replay's q is far from the independent draws' (issue table).
    expect(differsBy(judged.mean, own.mean)).toBe(true);
    expect(judged.mean).toBeGreaterThan(2 * own.mean);
  });

  it('a packing judged again answers its kept replay; another capacity or target replays it afresh', () => {
    const samples = gcdJobs();
    const ds = asDataset(samples);
    const rows = sampleInstance(samples.ids.length, 300, 2, 0);
    const result = runPacking(new WorkloadStats(realize(samples, 500, 2)), rows, {
      packer: 'bf',
      fit: DEFAULT_PARAMS.fit,
      capacity: 1,
      clairvoyance: 1,
      source: 'inst',
      rebalance: 5,
    });
    const params = { ...DEFAULT_PARAMS, capacity: 1 };
    const first = alignedJudgement(ds, result, rows, params)!;
    expect(alignedJudgement(ds, result, rows, params)).toBe(first);
    const tighter = alignedJudgement(ds, result, rows, { ...params, capacity: 0.8 })!;
    expect(tighter.mean).toBeGreaterThan(first.mean);
    const looser = { ...params, fit: { kind: 'gpa', rho: 0.2 } } as typeof params;
    const judgedLoose = alignedJudgement(ds, result, rows, looser)!;
    expect(judgedLoose.q).toEqual(first.q);
    expect(judgedLoose.over).toBe(first.q.filter((q) => q > 0.2).length);
    expect(judgedLoose.over).toBeLessThan(first.over);
    const again = alignedJudgement(ds, result, rows, params)!;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('is not computed when the packing is itself on the replay, or the data have no time axis', () => {
    const samples = planetlabDay();
    const m = replayMatrices(samples, 'aligned', 1, 1, 1);
    const stats = new WorkloadStats({ inst: m.inst, avg: null });
    const rows = Int32Array.from({ length: 50 }, (_, i) => i);
    const p = { ...DEFAULT_PARAMS, realization: 'aligned' as const };
    const result = runPacking(stats, rows, { ...p, clairvoyance: 1 });
    expect(alignedJudgement(asDataset(samples), result, rows, p)).toBeNull();
    const ragged = {
      ...samples,
      ids: ['a', 'b'],
      inst: [new Float64Array(3), new Float64Array(4)],
    };
    const indep = { ...p, realization: 'independent' as const };
    expect(alignedJudgement(asDataset(ragged as TaskSamples), result, rows, indep)).toBeNull();
  });

  it('is not computed for a packing of the dataset loaded before', () => {
    const p = { ...DEFAULT_PARAMS, dataset: 'google-gcd-jobs', scale: 0.25 };
    expect(datasetKeyOfPack(packKey(p))).toBe(datasetKey('google-gcd-jobs', null, 0.25));
    const samples = planetlabDay();
    const ds = { samples, key: datasetKey('planetlab-20110303', null, 0.25) } as Dataset;
    const rows = Int32Array.from({ length: 20 }, (_, i) => i);
    const result = runPacking(new WorkloadStats(realize(samples, 100, 1)), rows, {
      ...DEFAULT_PARAMS,
    });
    expect(alignedJudgement(ds, result, rows, DEFAULT_PARAMS, packKey(p))).toBeNull();
    expect(
      alignedJudgement(ds, result, rows, DEFAULT_PARAMS, packKey(DEFAULT_PARAMS)),
    ).not.toBeNull();
  });

  it('names the split in time of an aligned packing', () => {
    const ds = asDataset(planetlabDay());
    const p = { ...DEFAULT_PARAMS, realization: 'aligned' as const };
    expect(timeSplitText(ds, { ...p, clairvoyance: 0.5 }, 144)).toBe(
      'Learn from instant 1 to instant 144 (144 instants); judge on instant 145 to instant 288 (144 instants not seen when packing).',
    );
    expect(timeSplitText(ds, p, 288)).toMatch(/^Learn from and judge on the same 288 instants/);
    expect(timeSplitText(ds, DEFAULT_PARAMS, 288)).toBeNull();
  });

  it('differs by more than 2×: either way, and a zero against a non-zero', () => {
    expect(differsBy(0.0083, 0.116)).toBe(true);
    expect(differsBy(0.0161, 0.0162)).toBe(false);
    expect(differsBy(0, 0.001)).toBe(true);
    expect(differsBy(0, 0)).toBe(false);
  });
});
