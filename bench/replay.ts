/**
 * `replay`: time-aligned replay against the independent path, each measured in the same run.
 * - aligned realization (alignSamples) of the 10-day PlanetLab file (one task per VM, 2,880
 *   instants, absent days as 0) and of the 30-day Bitbrains sample (300 s buckets, VMs covering
 *   ≥ 90 %), against independent draws (realize) of the same samples with as many columns;
 * - a Best Fit packing of 1,000 tasks with cov:0.01 (the aligned total per machine) against the
 *   same packing with gpa:0.01, on one matrix; and against cov's plain check (every slack exact,
 *   as a packing with a step-through trace scores), with the screen's counts: checks settled by
 *   the mean, the block sketch, a partial dot, and the share of the dot's columns read.
 * Sizes: REPLAY_BENCH_TASKS (cov packing, default 1000), REPLAY_BENCH_R (its columns, default
 * 10000), REPLAY_BENCH_LOAD_TASKS (first tasks of each load kept, default all).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import {
  WorkloadStats,
  alignSamples,
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
import { medianMs, type BenchFigure, type BenchSuite } from './figure.ts';
import { covarianceGpa } from '../src/engine/fit/covariance.ts';
import { screenCounts } from '../src/engine/fit/alignedTotals.ts';
import { planetlabSamples } from './evaluation.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DATA = resolve(import.meta.dirname, '../../shared/data');

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

async function alignedAgainstIndependent(
  name: string,
  samples: TaskSamples,
  options: AlignOptions,
): Promise<BenchFigure> {
  const columns = alignSamples(samples, options).inst.cols;
  const aligned = await medianMs(() => alignSamples(samples, options), 3);
  const independent = await medianMs(() => realize(samples, columns, 1, false), 3);
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

export const replay: BenchSuite = {
  name: 'replay',
  description:
    'Node: aligned realization (PlanetLab 10 days, Bitbrains 30 days) and cov:0.01 packing of 1,000 tasks, each against the independent path',
  async run(): Promise<BenchFigure[]> {
    const figures: BenchFigure[] = [];
    figures.push(
      await alignedAgainstIndependent(
        'PlanetLab 10 days',
        loadTimed('planetlab-cloudsim/planetlab_all_10_days.csv.gz', {
          format: 'wide',
          unit: 'percent',
          scale: 0.25,
        }),
        { absent: 'zero' },
      ),
    );
    figures.push(
      await alignedAgainstIndependent(
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
    const cov = await medianMs(packWith('cov'), 3);
    const gpa = await medianMs(packWith('gpa'), 3);
    figures.push({
      name: `cov:0.01 BF packing, ${tasks} tasks × ${R} columns`,
      value: cov,
      unit: 'ms',
      baseline: gpa,
      ratio: gpa / cov,
      note: `baseline: gpa:0.01 on the same matrix, same run; machines cov ${machines[0]}, gpa ${machines[1]}`,
    });
    const counts = screenCounts();
    const counted = covarianceGpa(0.01, counts);
    pack(counted.sizes(taskStats, rows), counted, options);
    const covFit = fitTest({ kind: 'cov', rho: 0.01 });
    const plain = await medianMs(
      () => pack(covFit.sizes(taskStats, rows), covFit, { ...options, trace: [] }),
      3,
    );
    const checks = counts.checks + counts.byMean;
    const share = (k: number) => `${((100 * k) / checks).toFixed(1)} %`;
    figures.push({
      name: `cov:0.01 BF packing, screened against the plain check`,
      value: cov,
      unit: 'ms',
      baseline: plain,
      ratio: plain / cov,
      note: `baseline: the plain check (every slack exact), same matrix and run; of ${checks} checks on open machines settled by the mean ${share(counts.byMean)}, the sketch ${share(counts.bySketch)}, a partial dot ${share(counts.byPartial)} (of those, as no tighter than Best Fit's best ${share(counts.looser)}), the whole dot ${share(counts.exact)}; dot columns read ${((100 * counts.columns) / (checks * taskStats.width)).toFixed(1)} % of the plain check's`,
    });
    return figures;
  },
};
