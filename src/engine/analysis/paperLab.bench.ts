/**
 * Wall time of the paper lab's computations at the paper's sizes, in Node:
 *   npx tsx src/engine/analysis/paperLab.bench.ts [--pool 10000] [--sums 10000] [--workers 2]
 * The synthetic Google-like pool is realized once (R = 10,000) into shared memory; Table 1 and
 * Fig. 6 (the sums) are split over worker threads by replicate ranges, the data figures run on
 * the main thread. It also checks that the workers' merged result equals a one-chunk run of the
 * first replicates. A measurement, not a test.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { allocateMatrix, matrixFrom } from '../matrix.ts';
import { realizeRow } from '../data/realize.ts';
import { syntheticWorkload } from '../synthetic/generator.ts';
import {
  fig1,
  fig1Chunk,
  fig2,
  fig3,
  momentsChunk,
  timeInvariance,
  timeInvarianceChunk,
} from './dataFigures.ts';
import { histogramsChunk, kmeans } from './kmeans.ts';
import { matrixRows } from './rowSource.ts';
import {
  PAPER_SUM_SIZES,
  fig5,
  fig6,
  mergeSums,
  sumsChunk,
  table1,
  type SumsParams,
  type SumsPartial,
} from './sums.ts';

interface Job {
  buffer: SharedArrayBuffer;
  rows: number;
  cols: number;
  params: SumsParams;
  start: number;
  end: number;
}

if (!isMainThread) {
  const job = workerData as Job;
  const m = matrixFrom(job.rows, job.cols, new Float32Array(job.buffer));
  parentPort?.postMessage(sumsChunk(matrixRows(m), job.params, job.start, job.end));
} else {
  await main();
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

function startWorker(job: Job): Promise<SumsPartial> {
  const tsx = pathToFileURL(
    join(
      dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
      'dist/esm/api/index.mjs',
    ),
  ).href;
  const self = pathToFileURL(fileURLToPath(import.meta.url)).href;
  const code = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(self)}); });`;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: job });
    w.once('message', (p: SumsPartial) => {
      resolve(p);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

async function main(): Promise<void> {
  const pool = arg('pool', 10_000);
  const sums = arg('sums', 10_000);
  const workers = arg('workers', 2);
  const R = 10_000;
  const seed = 1;
  // Wall time, and CPU time of the whole process (all threads): on a busy shared machine the CPU
  // time says what an idle one would take (CPU / threads used).
  const times: [string, number, number][] = [];
  const time = async <T>(label: string, f: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await f();
    const c = process.cpuUsage(c0);
    times.push([label, performance.now() - t0, (c.user + c.system) / 1000]);
    return r;
  };

  const w = await time(`generate the synthetic pool (${pool} tasks)`, () =>
    syntheticWorkload(pool, seed),
  );
  const X = await time(`realize inst, ${pool} × ${R} (shared)`, () => {
    const m = allocateMatrix(pool, R, true);
    for (let i = 0; i < pool; i++)
      realizeRow(w.inst[i], m.data.subarray(i * R, (i + 1) * R), seed, 'inst', i);
    return m;
  });
  await time('Fig. 1 (k = 1 … 1000, all tasks)', () => fig1(fig1Chunk(w, { seed }, 0, pool)));
  await time('Figs. 2–3 (σ CDFs, heatmaps, trend lines)', () => {
    const m = momentsChunk(w, 0, pool);
    return [fig2(m), fig3(m)];
  });
  await time('Fig. 4 (histograms + k-means, k = 16)', () =>
    kmeans(histogramsChunk(w.inst, 0, pool), { seed }),
  );
  await time('§3.4 (KS between two windows of 12)', () =>
    timeInvariance(timeInvarianceChunk(w, { seed }, 0, pool)),
  );
  const src = matrixRows(X);
  await time('Fig. 5 (N = 10, 50, 500)', () => [10, 50, 500].map((n) => fig5(src, { n, seed })));
  const params: SumsParams = { sizes: [...PAPER_SUM_SIZES], replicates: sums, seed };
  const merged = await time(
    `Table 1 + Fig. 6 (${sums} sums per N, ${workers} workers)`,
    async () => {
      const cut = Array.from({ length: workers + 1 }, (_, k) => Math.round((k * sums) / workers));
      const buffer = X.data.buffer as SharedArrayBuffer;
      const parts = await Promise.all(
        cut
          .slice(0, -1)
          .map((start, k) =>
            startWorker({ buffer, rows: pool, cols: R, params, start, end: cut[k + 1] }),
          ),
      );
      const all = mergeSums(parts);
      return { all, rows: table1(all), cells: fig6(all) };
    },
  );
  const check = sumsChunk(src, params, 0, 20);
  const same =
    JSON.stringify(Array.from(check.a2)) ===
    JSON.stringify(Array.from(merged.all.a2.subarray(0, check.a2.length)));

  const total = times.reduce((s, [, ms]) => s + ms, 0);
  const cpu = times.reduce((s, [, , c]) => s + c, 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
  console.log(`paper lab at the paper's sizes (R = ${R}), Node ${process.version}`);
  console.log('   wall      CPU');
  for (const [label, ms, c] of times) console.log(`${s(ms)}${s(c)}  ${label}`);
  console.log(`${s(total)}${s(cpu)}  total`);
  console.log(
    'Table 1:',
    merged.rows
      .map((r) => `N=${r.n} AD ${r.rejectionRate.toFixed(3)} μ̄ ${r.meanTotal.toFixed(2)}`)
      .join('; '),
  );
  console.log(`workers' first 20 replicates equal a one-chunk run: ${same}`);
}
