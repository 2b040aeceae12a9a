/**
 * `replay`: time-aligned replay against the independent path, each measured in the same run.
 * - aligned realization (alignSamples) of the 10-day PlanetLab file (one task per VM, 2,880
 *   instants, absent days as 0) and of the 30-day Bitbrains sample (300 s buckets, VMs covering
 *   ≥ 90 %), against independent draws (realize) of the same samples with as many columns;
 * - a Best Fit packing of 1,000 tasks with cov:0.01 (the aligned total per machine) against the
 *   same packing with gpa:0.01, on one matrix; and against cov's plain check (every slack exact,
 *   as a packing with a step-through trace scores), with the screen's counts: checks settled by
 *   the mean, the block sketch, a partial dot, and the share of the dot's columns read.
 * - the correlation path end to end against the independent path, as a user runs each (`realize
 *   --mode aligned` then `pack --fit cov:0.01`, against `realize` then `pack --fit gpa:0.01`): 1,000
 *   tasks of the PlanetLab day (every task covers the day; in the 10-day file most VMs cover one or
 *   two days, and zeros for the others would change the data, not the path), realized (aligned, or independent draws with as many columns),
 *   packed with Best Fit, and every machine judged, both on the same tasks: against as many
 *   independent columns as the day has instants, and against the page's default realizations.
 * A path and its baseline are timed in turns, medians of REPLAY_BENCH_REPEATS (default 21) each,
 * 7 for the 10-day PlanetLab alignment, the path against 10,000 columns and the packings at
 * 10,000 columns, 3 for the plain check.
 * Sizes: REPLAY_BENCH_TASKS (cov packing, default 1000), REPLAY_BENCH_R (its columns, default
 * 10000), REPLAY_BENCH_LOAD_TASKS (first tasks of each load kept, default all).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import {
  WorkloadStats,
  alignSamples,
  parseFit,
  runPacking,
  createLoader,
  fitTest,
  pack,
  realize,
  sampleInstance,
  seriesAt,
  type AlignOptions,
  type LoadSpec,
  type TaskSamples,
} from '../src/engine/index.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { covarianceGpa } from '../src/engine/fit/covariance.ts';
import { screenCounts } from '../src/engine/fit/alignedTotals.ts';
import { planetlabSamples } from './evaluation.ts';
import { DEFAULT_PARAMS } from '../src/state/common/store/params.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DATA = resolve(import.meta.dirname, '../../shared/data');

/**
 * Median milliseconds of each of `fs`, timed in turns (f₀, f₁, …, f₀, f₁, …) after one warm-up
 * call each, so that a path and its baseline see the same load on a shared machine and their
 * ratio stays put while both drift.
 */
function interleavedMediansMs(fs: readonly (() => unknown)[], repeats: number): number[] {
  for (const f of fs) f();
  const times = fs.map(() => [] as number[]);
  for (let r = 0; r < repeats; r++)
    fs.forEach((f, i) => {
      const t0 = performance.now();
      f();
      times[i].push(performance.now() - t0);
    });
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]);
}

/** Repetitions of the fast figures (each run tens of milliseconds at most). */
const REPEATS = env('REPLAY_BENCH_REPEATS', 21);

function loadTimed(rel: string, spec: LoadSpec): TaskSamples {
  const raw = readFileSync(resolve(DATA, rel));
  const bytes = rel.endsWith('.gz') ? gunzipSync(raw) : raw;
  const loader = createLoader(spec, 'float64', { times: true });
  const sink = loader.file(rel);
  for (let i = 0; i < bytes.length; i += 1 << 20) sink.push(bytes.subarray(i, i + (1 << 20)));
  sink.end();
  const r = loader.finish();
  if (r.kind !== 'samples') throw new Error(`${rel}: expected samples`);
  const n = env('REPLAY_BENCH_LOAD_TASKS', Infinity);
  if (!(n < r.samples.ids.length)) return r.samples;
  const keep = <T>(a: readonly T[]) => a.slice(0, n);
  return {
    ids: keep(r.samples.ids),
    inst: keep(r.samples.inst as readonly Float64Array[]),
    ...(r.samples.times ? { times: keep(r.samples.times) } : {}),
  };
}

function alignedAgainstIndependent(
  name: string,
  samples: TaskSamples,
  options: AlignOptions,
  repeats: number,
): BenchFigure {
  const columns = alignSamples(samples, options).inst.cols;
  const [aligned, independent] = interleavedMediansMs(
    [() => alignSamples(samples, options), () => realize(samples, columns, 1, false)],
    repeats,
  );
  const values = samples.ids.reduce((s, _, i) => s + seriesAt(samples.inst, i).length, 0);
  return {
    name: `aligned realization, ${name}`,
    value: aligned,
    unit: 'ms',
    baseline: independent,
    ratio: independent / aligned,
    note: `baseline: independent draws of the same ${samples.ids.length} tasks' ${values} samples, ${columns} columns, same run`,
  };
}

/** The tasks `rows` of `samples`, in that order. */
function someTasks(samples: TaskSamples, rows: ArrayLike<number>): TaskSamples {
  const pick = <T>(all: readonly T[]) => Array.from(rows, (r) => all[r]);
  const inst = samples.inst;
  return {
    ids: pick(samples.ids),
    inst: Array.from(rows, (r) => seriesAt(inst, r)),
    ...(samples.times ? { times: pick(samples.times) } : {}),
  };
}

/** Realize, pack (Best Fit, rebalancing 5) and judge every machine: one run of a path. */
function pathAgainstIndependent(
  samples: TaskSamples,
  tasks: number,
  defaultColumns: number,
): BenchFigure[] {
  const chosen = someTasks(samples, sampleInstance(samples.ids.length, tasks, 1, 0));
  const all = Int32Array.from({ length: chosen.ids.length }, (_, i) => i);
  const packed = (stats: WorkloadStats, fit: string) =>
    runPacking(stats, all, {
      packer: 'bf',
      fit: parseFit(fit),
      capacity: 1,
      clairvoyance: 1,
      source: 'inst',
      rebalance: 5,
    });
  const aligned = () =>
    packed(new WorkloadStats(alignSamples(chosen, { absent: 'zero' })), 'cov:0.01');
  const columns = alignSamples(chosen, { absent: 'zero' }).inst.cols;
  const independent = (R: number) => () =>
    packed(new WorkloadStats(realize(chosen, R, 1, false)), 'gpa:0.01');
  const [a, i] = [aligned(), independent(columns)()];
  const figures: BenchFigure[] = [];
  // A pair each: the default's larger matrices would leave their garbage to the runs after them.
  for (const [R, repeats] of [
    [columns, REPEATS],
    [defaultColumns, 7],
  ]) {
    const [alignedMs, independentMs] = interleavedMediansMs([aligned, independent(R)], repeats);
    figures.push({
      name: `the correlation path end to end (aligned realization, cov:0.01 BF packing, every machine judged), the PlanetLab day, ${chosen.ids.length} tasks × ${columns} instants, against ${R === columns ? 'as many' : 'the page’s default'} independent columns`,
      value: alignedMs,
      unit: 'ms',
      baseline: independentMs,
      ratio: independentMs / alignedMs,
      note: `baseline: the independent path (${R} independent draws a task, gpa:0.01 BF packing, every machine judged) on the same tasks, same run; machines ${a.mAbs} (aligned q ${a.q.toFixed(4)}), independent at ${columns} columns ${i.mAbs} (q ${i.q.toFixed(4)})`,
    });
  }
  return figures;
}

export const replay: BenchSuite = {
  name: 'replay',
  description:
    'Node: aligned realization (PlanetLab 10 days, Bitbrains 30 days) and cov:0.01 packing of 1,000 tasks, each against the independent path',
  run(): Promise<BenchFigure[]> {
    const figures: BenchFigure[] = [];
    const planetlab = loadTimed('planetlab-cloudsim/planetlab_all_10_days.csv.gz', {
      format: 'wide',
      unit: 'percent',
      scale: 0.25,
    });
    figures.push(alignedAgainstIndependent('PlanetLab 10 days', planetlab, { absent: 'zero' }, 7));
    figures.push(
      alignedAgainstIndependent(
        'Bitbrains 30 days',
        loadTimed('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz', {
          format: 'long',
          idColumn: 'vm_id',
          valueColumn: 'cpu_usage_pct',
          scaleColumn: 'cpu_cores',
          timeColumn: 'timestamp_s',
          unit: 'percent',
          scale: 1 / 32,
          clamp: true,
        }),
        { step: 300, minCoverage: 0.9 },
        REPEATS,
      ),
    );
    const tasks = env('REPLAY_BENCH_TASKS', 1000);
    const R = env('REPLAY_BENCH_R', 10_000);
    const { inst } = realize(planetlabSamples(), R, 1, false);
    const rows = sampleInstance(inst.rows, tasks, 1, 0);
    const stats = new WorkloadStats({ inst, avg: null });
    const taskStats = stats.taskStats('inst', stats.split(1));
    const options = { packer: 'bf', capacity: 1, rebalance: 5 } as const;
    const packWith = (kind: 'cov' | 'gpa') => {
      const fit = fitTest({ kind, rho: 0.01 });
      return () => pack(fit.sizes(taskStats, rows), fit, options).machines.length;
    };
    const machines = [packWith('cov')(), packWith('gpa')()];
    const [cov, gpa] = interleavedMediansMs([packWith('cov'), packWith('gpa')], 7);
    figures.push({
      name: `cov:0.01 BF packing, ${tasks} tasks × ${R} columns`,
      value: cov,
      unit: 'ms',
      baseline: gpa,
      ratio: gpa / cov,
      note: `baseline: gpa:0.01 on the same matrix, same run; machines cov ${machines[0]}, gpa ${machines[1]}`,
    });
    const day = loadTimed('planetlab-cloudsim/planetlab_20110303.csv', {
      format: 'wide',
      unit: 'percent',
      scale: 0.25,
    });
    figures.push(
      ...pathAgainstIndependent(day, env('REPLAY_BENCH_TASKS', 1000), DEFAULT_PARAMS.realizations),
    );
    const counts = screenCounts();
    const counted = covarianceGpa(0.01, counts);
    pack(counted.sizes(taskStats, rows), counted, options);
    const covFit = fitTest({ kind: 'cov', rho: 0.01 });
    const [screened, plain] = interleavedMediansMs(
      [
        () => pack(covFit.sizes(taskStats, rows), covFit, options),
        () => pack(covFit.sizes(taskStats, rows), covFit, { ...options, trace: [] }),
      ],
      3,
    );
    const checks = counts.checks + counts.byMean;
    const share = (k: number) => `${((100 * k) / checks).toFixed(1)} %`;
    figures.push({
      name: `cov:0.01 BF packing, screened against the plain check`,
      value: screened,
      unit: 'ms',
      baseline: plain,
      ratio: plain / screened,
      note: `baseline: the plain check (every slack exact), same matrix and run; of ${checks} checks on open machines settled by the mean ${share(counts.byMean)}, the sketch ${share(counts.bySketch)}, a partial dot ${share(counts.byPartial)} (of those, as no tighter than Best Fit's best ${share(counts.looser)}), the whole dot ${share(counts.exact)}; dot columns read ${((100 * counts.columns) / (checks * taskStats.width)).toFixed(1)} % of the plain check's`,
    });
    return Promise.resolve(figures);
  },
};
