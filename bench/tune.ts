/**
 * SLO tuning: on the PlanetLab day (scale 0.25, 1,000 tasks, 10,000 realizations,
 * clairvoyance 0.5, 20 instances), for q* ∈ {0.01, 0.001}, each family's tuned parameter, machines
 * and held-out q; baseline, same run: the best tuned paper family (GPA, av, perc, Cantelli) that met
 * q* (ratio > 1: fewer machines than it). Environment overrides for short runs: TUNE_INSTANCES,
 * TUNE_TASKS, TUNE_REALIZATIONS, TUNE_FAMILIES.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DEFAULT_TUNE,
  WorkloadStats,
  checkFamily,
  parseWideCsv,
  realize,
  runTune,
  type TuneSpec,
} from '../src/engine/index.ts';
import { tuneText } from '../src/cli/commands/tune.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';

const FILE = resolve(
  import.meta.dirname,
  '../public/data/planetlab-cloudsim/planetlab_20110303.csv',
);

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const tune: BenchSuite = {
  name: 'tune',
  description:
    'auto-tuned fit tests on the PlanetLab day: tuned parameter, machines and held-out q per family, q* ∈ {0.01, 0.001}',
  async run(): Promise<BenchFigure[]> {
    const samples = parseWideCsv(readFileSync(FILE), 'planetlab_20110303.csv', {
      scale: 0.25,
      unit: 'percent',
    });
    const workload = realize(samples, env('TUNE_REALIZATIONS', 10_000), 1, false);
    const spec: TuneSpec = {
      ...DEFAULT_TUNE,
      instances: env('TUNE_INSTANCES', 20),
      tasks: env('TUNE_TASKS', 1000),
      targets: [0.01, 0.001],
      families: (process.env.TUNE_FAMILIES?.split(',') ?? DEFAULT_TUNE.families).map(checkFamily),
    };
    const stats = new WorkloadStats(workload);
    const t0 = performance.now();
    let heldOutStart = NaN;
    const result = runTune(stats, spec, (phase, _round, done) => {
      if (phase === 'held-out' && done === 1) heldOutStart = performance.now();
    });
    const total = (performance.now() - t0) / 1000;
    const heldOut = (performance.now() - heldOutStart) / 1000;
    // The tables as CLI `tune` prints them, on stderr so that --json stays one array on stdout.
    for (const line of tuneText(spec, result)) console.error(line);
    const figures: BenchFigure[] = [];
    for (const table of result.tables) {
      const paper = table.rows.filter((r) => r.tuned && r.paper && r.met);
      const rival = paper.length ? paper.reduce((a, b) => (b.machines < a.machines ? b : a)) : null;
      // Paired over instances: on how many does the best use fewer / as many / more machines?
      const paired =
        table.best && rival && rival !== table.best
          ? (() => {
              const d = table.best.runs.map((x, k) => x.mAbs - rival.runs[k].mAbs);
              return `; vs ${rival.fitText} per instance: fewer on ${d.filter((x) => x < 0).length}, same on ${d.filter((x) => x === 0).length}, more on ${d.filter((x) => x > 0).length}`;
            })()
          : '';
      for (const r of table.rows)
        figures.push({
          name: `q*=${table.target} ${r.tuned ? '' : 'untuned '}${r.fitText} machines`,
          value: r.machines,
          unit: 'machines',
          baseline: rival ? rival.machines : null,
          ratio: rival ? rival.machines / r.machines : null,
          note: `held-out q ${r.q.toExponential(2)} ${r.met ? 'met' : 'MISSED'}${r.cv ? `, CV q ${r.cv.q.toExponential(2)}${r.cvMet ? '' : ' (no value met q* in CV)'}` : ''}${table.best === r ? `, best${paired}` : ''}`,
        });
    }
    figures.push({
      name: 'tuner wall time (CV rounds + held-out runs)',
      value: total,
      unit: 's',
      baseline: heldOut,
      ratio: heldOut / total,
      note: `baseline: the held-out packings alone; ${spec.families.length} families × ${spec.instances} instances`,
    });
    return figures;
  },
};
