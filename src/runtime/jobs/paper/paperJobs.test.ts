/**
 * The paper lab's jobs give the engine's one-chunk numbers on the inline runner and on worker pools
 * of 1 and 2 workers, shared or copying: outputs come back in unit order, whatever ran them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPath } from '../../../ingest/testing.ts';
import {
  fig1,
  fig1Chunk,
  fig5,
  histogramsChunk,
  kmeans,
  matrixRows,
  mergeFig1,
  mergeHistograms,
  mergeMoments,
  mergeSums,
  mergeTimeInvariance,
  momentsChunk,
  parseWideCsv,
  realize,
  sumsChunk,
  syntheticWorkload,
  timeInvarianceChunk,
  type TaskSamples,
} from '../../../engine/index.ts';
import { createNodeRunner } from '../../../cli/pool/nodePool.ts';
import { createInlineRunner } from '../../inlineRunner.ts';
import { CancelledError, type Runner } from '../../runner.ts';
import { TASKS_PER_UNIT } from './paperData.ts';
import { packSamples, samplesInRange, taskRanges } from './paperSamples.ts';
import { seriesAt, seriesList, taskCount } from '../../../engine/index.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
const planetlab = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
  scale: 0.25,
  percent: true,
});
// More tasks than one unit holds, with an avg series (Fig. 1 needs it).
const synthetic = syntheticWorkload(TASKS_PER_UNIT + 300, 3);
const SEED = 7;
const R = 1000;
const runners: Runner[] = [];
afterAll(() => runners.forEach((r) => r.dispose()));

const plain = (v: unknown) =>
  JSON.parse(
    JSON.stringify(v, (_k, x) =>
      ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x,
    ),
  );

async function everything(runner: Runner, data: TaskSamples, shared: boolean) {
  runners.push(runner);
  const samples = packSamples(data, shared);
  const pool = await runner.createPool(planetlab, R, SEED);
  const sums = { sizes: [10, 50, 200], replicates: 60, seed: SEED };
  const histograms = mergeHistograms(await runner.runJob(null, 'paperHistograms', { samples }));
  return {
    fig1: mergeFig1(await runner.runJob(null, 'paperFig1', { samples, seed: SEED })),
    moments: mergeMoments(await runner.runJob(null, 'paperMoments', { samples })),
    histograms,
    kmeans: (await runner.runJob(null, 'paperKmeans', { histograms, k: 16, seed: SEED }))[0],
    ks: mergeTimeInvariance(
      await runner.runJob(null, 'paperTimeInvariance', {
        samples,
        seed: SEED,
        window: 12,
        series: 'inst',
      }),
    ),
    sums: mergeSums(await runner.runJob(pool, 'paperSums', sums)),
    fig5: await runner.runJob(pool, 'paperFig5', { ns: [10, 100], seed: SEED, example: 2 }),
  };
}

describe('paper lab jobs', () => {
  it('packs samples exactly and hands out task ranges', () => {
    const p = packSamples(synthetic, false);
    const s = samplesInRange(p, 5, 9);
    expect(Array.from(seriesAt(s.inst, 7))).toEqual(Array.from(seriesAt(synthetic.inst, 7)));
    expect(Array.from(s.avg![5])).toEqual(Array.from(synthetic.avg[5]));
    expect(s.inst[2].length).toBe(0);
    expect(taskCount(s.inst)).toBe(taskCount(synthetic.inst));
    expect(packSamples(synthetic, true).inst.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(taskRanges(10, 4)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 10 },
    ]);
    expect(() => samplesInRange(p, 3, 2)).toThrow(/invalid task range \[3, 2\)/);
  });

  it('give the engine’s one-chunk numbers inline and on 1 or 2 workers, shared or copying', async () => {
    const n = taskCount(synthetic.inst);
    const { inst } = realize(planetlab, R, SEED, false);
    const rows = matrixRows(inst);
    const hist = histogramsChunk(seriesList(synthetic.inst), 0, n);
    const direct = plain({
      fig1: fig1Chunk(synthetic, { seed: SEED }, 0, n),
      moments: momentsChunk(synthetic, 0, n),
      histograms: hist,
      kmeans: kmeans(hist, { k: 16, seed: SEED }),
      ks: timeInvarianceChunk(synthetic, { seed: SEED, window: 12 }, 0, n),
      sums: sumsChunk(rows, { sizes: [10, 50, 200], replicates: 60, seed: SEED }, 0, 60),
      fig5: [10, 100].map((k) => fig5(rows, { n: k, seed: SEED, example: 2 })),
    });
    // The summaries plotted are the same too (a merged Fig. 1 is the one-chunk Fig. 1).
    expect(plain(fig1(mergeFig1([fig1Chunk(synthetic, { seed: SEED }, 0, n)])))).toEqual(
      plain(fig1(fig1Chunk(synthetic, { seed: SEED }, 0, n))),
    );
    const inline = plain(await everything(createInlineRunner(), synthetic, false));
    expect(inline).toEqual(direct);
    for (const [workers, shared] of [
      [1, true],
      [2, true],
      [2, false],
    ] as const) {
      const pooled = plain(
        await everything(createNodeRunner({ workers, shared }), synthetic, shared),
      );
      expect(pooled, `${workers} workers, shared ${shared}`).toEqual(inline);
    }
  });

  it('say what is wrong, and stop when cancelled', async () => {
    const runner = createInlineRunner();
    runners.push(runner);
    const pool = await runner.createPool(planetlab, 100, 1);
    await expect(
      runner.runJob(pool, 'paperSums', { sizes: [10], replicates: 0, seed: 1 }),
    ).rejects.toThrow(/invalid number of sums per N: 0/);
    await expect(
      runner.runJob(null, 'paperFig1', { samples: packSamples(planetlab, false), seed: 1 }),
    ).rejects.toThrow(/no avg series/);
    const abort = new AbortController();
    const job = runner.runJob(
      pool,
      'paperSums',
      { sizes: [10], replicates: 500, seed: 1 },
      { signal: abort.signal, onProgress: () => abort.abort() },
    );
    await expect(job).rejects.toBeInstanceOf(CancelledError);
  });
});
