/**
 * The paper lab: what each table and figure of the GPA paper needs computed, run on any
 * runner (inline, browser pool, Node pool) through the paper jobs and sweeps, with a cache keyed by
 * the data, the realizations and the parameters that change the figure's numbers, so that coming
 * back to a figure, or another figure that shares a computation (Figs. 2–3, Table 1 and Fig. 6, the
 * packing figures' grid), costs nothing. The browser, the command line and the benchmark all use
 * this module, so the same seed gives the same numbers everywhere.
 */
import {
  PAPER_FITS,
  PAPER_SUM_SIZES,
  fig2,
  fig3,
  fig6,
  mergeFig1,
  mergeHistograms,
  mergeMoments,
  mergeSums,
  mergeTimeInvariance,
  table1,
  fig1,
  timeInvariance,
  type MomentsPartial,
  type SumsPartial,
  type SweepRow,
  type SweepSpec,
  type TaskSamples,
} from '../../engine/index.ts';
import type { PoolHandle, Runner } from '../runner.ts';
import { packSamples, type PackedSamples } from '../jobs/paper/paperSamples.ts';
import {
  CAPACITIES,
  CLAIRVOYANCES,
  DATA_FIGURES,
  FIG13_FITS,
  FIG4_K,
  FIG11_FITS,
  FIG12_FITS,
  REBALANCE_ON,
  type FigureData,
  type FigureId,
  type LabParams,
  type LabSweep,
} from '../../engine/analysis/index.ts';

export {
  CAPACITIES,
  CLAIRVOYANCES,
  DATA_FIGURES,
  FIG11_FITS,
  FIG12_FITS,
  FIG13_FITS,
  FIG4_K,
  FIGURE_IDS,
  PAPER_LAB_SIZES,
  REBALANCE_ON,
  type FigureData,
  type FigureId,
  type LabParams,
  type LabSweep,
} from '../../engine/analysis/index.ts';

export interface LabInputs {
  readonly runner: Runner;
  readonly pool: PoolHandle;
  /** The pool's per-task samples (for the data figures); null for a ready realization matrix. */
  readonly samples: PackedSamples | null;
  /** Identifies the data and realizations (e.g. the explorer's pool key); part of every cache key. */
  readonly key: string;
}

export interface LabProgress {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}

export interface LabOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: LabProgress) => void;
}

/** The lab's parameters a figure's numbers depend on (its cache key beside the pool's). */
function figureParams(id: FigureId, p: LabParams): Partial<LabParams> {
  switch (id) {
    case 'fig1':
    case 'fig4':
      return { seed: p.seed };
    case 'fig2':
    case 'fig3':
      return {};
    case 'ks':
      return { seed: p.seed, window: p.window };
    case 'fig5':
      return { seed: p.seed, fig5N: p.fig5N, fig5Example: p.fig5Example };
    case 'table1':
    case 'fig6':
      return { seed: p.seed, sums: p.sums };
    default:
      return { seed: p.seed, tasks: p.tasks, instances: p.instances, packer: p.packer };
  }
}

function baseSweep(p: LabParams, pool: PoolHandle): SweepSpec {
  return {
    seed: p.seed,
    instances: p.instances,
    tasks: Math.min(p.tasks, pool.tasks),
    fits: PAPER_FITS,
    packers: [p.packer],
    capacity: 1,
    clairvoyance: 1,
    source: 'inst',
    rebalance: REBALANCE_ON,
  };
}

/** The sweeps a packing figure reads (the first is always the paper's main grid). */
export function figureSweeps(id: FigureId, p: LabParams, pool: PoolHandle): SweepSpec[] {
  const main = baseSweep(p, pool);
  const off: SweepSpec = { ...main, fits: FIG13_FITS, rebalance: 0 };
  switch (id) {
    case 'fig7':
    case 'fig8':
    case 'fig9':
      return [main];
    case 'fig10':
      if (!pool.hasAvg)
        throw new RangeError(
          'Fig. 10 compares estimates from avg with estimates from inst, and this dataset has no avg series',
        );
      return [main, { ...main, source: 'avg' }];
    case 'fig11':
      return [
        main,
        off,
        ...CAPACITIES.filter((c) => c !== 1).flatMap((capacity) =>
          [REBALANCE_ON, 0].map((rebalance) => ({
            ...main,
            fits: FIG11_FITS,
            capacity,
            rebalance,
          })),
        ),
      ];
    case 'fig12':
      return [
        main,
        ...CLAIRVOYANCES.filter((k) => k !== 1).map((clairvoyance) => ({
          ...main,
          fits: FIG12_FITS,
          clairvoyance,
        })),
      ];
    case 'fig13':
      return [main, off];
    default:
      return [];
  }
}

// Apart (labCache.ts), so that the page's memory report reads its size without the lab's code.
export { LabCache } from './labCache.ts';
import { LabCache } from './labCache.ts';

/** The cache key of a figure. */
export function figureKey(id: FigureId, inputsKey: string, p: LabParams): string {
  return JSON.stringify(['figure', id, inputsKey, figureParams(id, p)]);
}

/** A figure's result if it is cached (instant), else undefined. */
export function cachedFigure(
  cache: LabCache,
  id: FigureId,
  inputsKey: string,
  p: LabParams,
): FigureData | undefined {
  return cache.peek<FigureData>(figureKey(id, inputsKey, p));
}

/** Computes (or returns from the cache) one figure's numbers. */
export function computeFigure(
  id: FigureId,
  inputs: LabInputs,
  p: LabParams,
  cache: LabCache,
  options: LabOptions = {},
): Promise<FigureData> {
  return cache.get(figureKey(id, inputs.key, p), () => compute(id, inputs, p, cache, options));
}

async function compute(
  id: FigureId,
  inputs: LabInputs,
  p: LabParams,
  cache: LabCache,
  options: LabOptions,
): Promise<FigureData> {
  const { runner, pool } = inputs;
  const needSamples = (): PackedSamples => {
    if (!inputs.samples)
      throw new RangeError(
        'the data figures need per-task samples, and this dataset is a ready realization matrix',
      );
    return inputs.samples;
  };
  const step =
    (label: string) =>
    (q: { done: number; total: number }): void =>
      options.onProgress?.({ label, done: q.done, total: q.total });
  const run = { signal: options.signal };
  const sub = <T>(name: string, params: unknown, f: () => Promise<T>) =>
    cache.get(JSON.stringify([name, inputs.key, params]), f);
  const moments = () =>
    sub<MomentsPartial>('moments', null, async () =>
      mergeMoments(
        await runner.runJob(
          null,
          'paperMoments',
          { samples: needSamples() },
          { ...run, onProgress: step('per-task means and σ') },
        ),
      ),
    );
  const sums = () =>
    sub<SumsPartial>('sums', [p.seed, p.sums], async () =>
      mergeSums(
        await runner.runJob(
          pool,
          'paperSums',
          { sizes: [...PAPER_SUM_SIZES], replicates: p.sums, seed: p.seed },
          { ...run, onProgress: step(`${p.sums} sums of N random tasks per N`) },
        ),
      ),
    );
  switch (id) {
    case 'fig1': {
      const samples = needSamples();
      if (!samples.avg)
        throw new RangeError(
          'Fig. 1 compares means of inst samples with the avg mean, and this dataset has no avg series',
        );
      const parts = await runner.runJob(
        null,
        'paperFig1',
        { samples, seed: p.seed },
        { ...run, onProgress: step('means of k inst samples per task') },
      );
      return { id, fig1: fig1(mergeFig1(parts)) };
    }
    case 'fig2':
      return { id, fig2: fig2(await moments()), tasks: pool.tasks };
    case 'fig3':
      return { id, fig3: fig3(await moments()), tasks: pool.tasks };
    case 'fig4': {
      const histograms = mergeHistograms(
        await runner.runJob(
          null,
          'paperHistograms',
          { samples: needSamples() },
          { ...run, onProgress: step('per-task histograms') },
        ),
      );
      const [km] = await runner.runJob(
        null,
        'paperKmeans',
        { histograms, k: FIG4_K, seed: p.seed },
        { ...run, onProgress: step(`k-means, k = ${FIG4_K}`) },
      );
      const { assignment: _drop, ...kmeans } = km;
      return { id, kmeans, tasks: pool.tasks };
    }
    case 'ks': {
      const parts = await runner.runJob(
        null,
        'paperTimeInvariance',
        { samples: needSamples(), seed: p.seed, window: p.window, series: 'inst' },
        { ...run, onProgress: step('KS test between two random windows per task') },
      );
      return { id, ks: timeInvariance(mergeTimeInvariance(parts)), window: p.window };
    }
    case 'fig5': {
      const [panel] = await runner.runJob(
        pool,
        'paperFig5',
        { ns: [p.fig5N], seed: p.seed, example: p.fig5Example },
        { ...run, onProgress: step(`the total of ${p.fig5N} random tasks`) },
      );
      return { id, panel };
    }
    case 'table1':
      return { id, rows: table1(await sums()) };
    case 'fig6':
      return { id, cells: fig6(await sums()) };
    default:
      return sweepFigure(id, inputs, p, options, sub);
  }
}

type SweepFigureId = Extract<FigureData, { readonly sweeps: LabSweep[] }>['id'];

/** A packing figure: its sweeps one after the other on the pool, each cached, progress over all. */
async function sweepFigure(
  id: SweepFigureId,
  inputs: LabInputs,
  p: LabParams,
  options: LabOptions,
  sub: <T>(name: string, params: unknown, f: () => Promise<T>) => Promise<T>,
): Promise<FigureData> {
  const { runner, pool } = inputs;
  const run = { signal: options.signal };
  const specs = figureSweeps(id, p, pool);
  const runs = specs.map((s) => s.instances * s.fits.length * s.packers.length);
  const total = runs.reduce((a, b) => a + b, 0);
  const sweeps: LabSweep[] = [];
  let before = 0;
  for (const [i, spec] of specs.entries()) {
    const offset = before;
    const rows = await sub<SweepRow[]>('sweep', spec, () =>
      runner.sweep(pool, spec, {
        ...run,
        onProgress: (q) =>
          options.onProgress?.({
            label: `packing ${i + 1} of ${specs.length}: ${describeSweep(spec)}`,
            done: offset + q.done,
            total,
          }),
      }),
    );
    before += runs[i];
    sweeps.push({ spec, rows });
  }
  return { id, sweeps, realizations: pool.realizations };
}

/** One line naming a sweep's conditions, for progress and tables. */
function describeSweep(s: SweepSpec): string {
  return `${s.fits.length} fit tests × ${s.instances} instances, c = ${s.capacity}, κ = ${s.clairvoyance}, ${s.source}, rebalancing ${s.rebalance ? 'on' : 'off'}`;
}

/** Whether a figure can be computed on this pool, and if not, why. */
export function unavailable(id: FigureId, pool: PoolHandle, hasSamples = true): string | null {
  if (!hasSamples && DATA_FIGURES.includes(id))
    return 'The data figures read per-task samples, and this dataset is a ready realization matrix.';
  if ((id === 'fig1' || id === 'fig10') && !pool.hasAvg)
    return id === 'fig1'
      ? 'Fig. 1 compares inst with avg, and this dataset has no avg series.'
      : 'Fig. 10 compares estimates from avg with inst, and this dataset has no avg series.';
  return null;
}

interface LabRun {
  readonly samples: TaskSamples;
  readonly realizations: number;
  readonly params: LabParams;
  readonly figures: readonly FigureId[];
  readonly runner: Runner;
  /** Called when a figure starts and when it ends (with its wall time in ms). */
  readonly onFigure?: (id: FigureId, ms: number | null) => void;
}

export interface LabOutcome {
  readonly results: Map<FigureId, FigureData | { readonly unavailable: string }>;
  readonly ms: Map<FigureId, number>;
}

/** Realizes the pool and computes the figures in order, sharing one cache. */
export async function runPaperLab(run: LabRun): Promise<LabOutcome> {
  const { runner, samples, params } = run;
  const pool = await runner.createPool(samples, run.realizations, params.seed);
  try {
    const inputs = { runner, pool, samples: packSamples(samples), key: 'lab' };
    const cache = new LabCache();
    const results = new Map<FigureId, FigureData | { unavailable: string }>();
    const ms = new Map<FigureId, number>();
    for (const id of run.figures) {
      const why = unavailable(id, pool);
      if (why) {
        results.set(id, { unavailable: why });
        continue;
      }
      run.onFigure?.(id, null);
      const t0 = performance.now();
      results.set(id, await computeFigure(id, inputs, params, cache));
      ms.set(id, performance.now() - t0);
      run.onFigure?.(id, ms.get(id)!);
    }
    return { results, ms };
  } finally {
    runner.releasePool(pool);
  }
}
