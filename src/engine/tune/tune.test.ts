import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { realize } from '../data/realize/realize.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { matrixFrom, type RealizationMatrix } from '../matrix.ts';
import { WorkloadStats, type Workload } from '../workload.ts';
import {
  DEFAULT_TUNE,
  cvJobs,
  cvPoints,
  heldOutJobs,
  runCvJob,
  runHeldOutJob,
  runTune,
  tuneTables,
  tunedParameters,
  type CvChunk,
  type TuneSpec,
} from './tune.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');

const R = 600;
const spec: TuneSpec = {
  ...DEFAULT_TUNE,
  instances: 3,
  tasks: 120,
  families: ['gpa', 'cantelli', 'conv', 'emp'],
  targets: [0.02, 0.005],
  refineRounds: 1,
  refinePoints: 3,
};

let workload: Workload;
beforeAll(() => {
  const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  workload = realize(samples, R, 3, false);
});

/** A copy of inst whose columns [start, end) are all set to `value`. */
function poisoned(m: RealizationMatrix, start: number, end: number, value: number) {
  const data = new Float32Array(m.data);
  for (let i = 0; i < m.rows; i++) data.fill(value, i * m.cols + start, i * m.cols + end);
  return matrixFrom(m.rows, m.cols, data);
}

describe('the SLO auto-tuner', () => {
  it('never reads the evaluation columns while tuning', () => {
    const clean = runTune(new WorkloadStats(workload), spec);
    const split = new WorkloadStats(workload).split(spec.clairvoyance);
    // Every evaluation value at 0.3: with ~4 tasks per machine or more, every column overflows.
    const inE = poisoned(workload.inst, split.evaluateStart, split.evaluateEnd, 0.3);
    const dirty = runTune(new WorkloadStats({ inst: inE, avg: null }), spec);
    expect(dirty.tuned).toEqual(clean.tuned);
    expect(dirty.cv).toEqual(clean.cv);
    // ...while the held-out q does see the poison,
    const q = (r: typeof clean) => r.tables.flatMap((t) => t.rows.map((x) => x.q));
    expect(q(dirty)).not.toEqual(q(clean));
    expect(Math.min(...q(dirty))).toBeGreaterThan(0.5);
    // ...and the same poison in the observed columns changes the tuned parameters.
    const inO = poisoned(workload.inst, split.observeStart + 5, split.observeStart + 60, 0.3);
    const seen = runTune(new WorkloadStats({ inst: inO, avg: null }), spec);
    expect(seen.tuned.map((t) => t.value)).not.toEqual(clean.tuned.map((t) => t.value));
  });

  it('gives the same result for jobs split over workers, in any order, through structuredClone', () => {
    const inline = runTune(new WorkloadStats(workload), spec);
    // Two "workers", each with its own statistics cache, taking alternate jobs in reverse order.
    const workers = [new WorkloadStats(workload), new WorkloadStats(workload)];
    const chunks: CvChunk[] = [];
    for (let jobs = cvJobs(spec, chunks); jobs.length; jobs = cvJobs(spec, chunks)) {
      const sent = structuredClone(jobs).reverse();
      chunks.push(...sent.map((job, k) => structuredClone(runCvJob(workers[k % 2], spec, job))));
    }
    const tuned = tunedParameters(spec, chunks);
    expect(tuned).toEqual(inline.tuned);
    const runs = heldOutJobs(spec, tuned)
      .reverse()
      .map((job, k) => structuredClone(runHeldOutJob(workers[k % 2], spec, job)));
    expect(tuneTables(workers[0], spec, tuned, runs)).toEqual(inline.tables);
  });

  it('ranks met before missed, shows untuned GPA at ρ = q*, and applies only a CV-met winner', () => {
    const r = runTune(new WorkloadStats(workload), spec);
    for (const table of r.tables) {
      expect(table.rows.map((x) => x.rank)).toEqual(table.rows.map((_, k) => k + 1));
      const untuned = table.rows.filter((x) => !x.tuned);
      expect(untuned.map((x) => x.fitText)).toEqual([`gpa:${table.target}`]);
      const metFlags = table.rows.map((x) => x.met);
      expect(metFlags).toEqual([...metFlags].sort((a, b) => Number(b) - Number(a)));
      for (const x of table.rows)
        expect(x.met).toBe(x.q <= table.target && (x.cv === null || x.cv.q <= table.target));
      if (table.best) {
        expect(table.best.tuned && table.best.cvMet && table.best.met).toBe(true);
        expect(table.best.cv!.upper).toBeLessThanOrEqual(table.target);
      }
      expect(table.floor).toBe(1 / (R - Math.round(spec.clairvoyance * R)));
    }
  });

  it('does not call a row met whose own cross-validated q is above q*, however low held out', () => {
    const stats = new WorkloadStats(workload);
    const one: TuneSpec = { ...spec, families: ['emp'], targets: [0.001] };
    const clean = runTune(stats, one);
    // The tuned value as if cross-validation had measured q = 1.7 q* for it (the most conservative
    // value tried, so not cvMet), and held out with no overflow at all.
    const tuned = clean.tuned.map((t) => ({ ...t, cv: { ...t.cv, q: 0.0017 }, cvMet: false }));
    const runs = heldOutJobs(one, tuned).map((job) => ({
      ...runHeldOutJob(stats, one, job),
      q: 0,
      overflows: 0,
    }));
    const [table] = tuneTables(stats, one, tuned, runs);
    const row = table.rows.find((r) => r.tuned)!;
    expect(row.q).toBe(0);
    expect(row.met).toBe(false);
    expect(table.best).toBeNull();
    // The untuned reference has no CV: held out at q = 0 it meets q*.
    expect(table.rows.find((r) => !r.tuned)!.met).toBe(true);
  });
});

describe('selection from cross-validation', () => {
  const tiny: TuneSpec = { ...spec, instances: 2, families: ['gpa'], targets: [0.01] };
  const chunk = (instance: number, runs: [number, number][]): CvChunk => ({
    family: 'gpa',
    instance,
    round: 0,
    runs: runs.map(([value, overflows]) => ({ value, overflows, trials: 100_000, mAbs: 10 })),
  });

  it('takes the most aggressive ρ that, with every more conservative one, meets q*', () => {
    // q per value (both instances alike): ρ 0.1 → 0.05, 0.03 → 0.012, 0.01 → 0.004 (noisy dip at
    // 0.02 → 0.005 is ignored: 0.03 fails above it), 0.001 → 0.001.
    const runs: [number, number][] = [
      [0.1, 5000],
      [0.03, 1200],
      [0.02, 500],
      [0.01, 400],
      [0.001, 100],
    ];
    const chunks = [chunk(0, runs), chunk(1, runs)];
    const points = cvPoints(tiny, 'gpa', chunks);
    expect(points.map((p) => p.value)).toEqual([0.1, 0.03, 0.02, 0.01, 0.001]);
    const [t] = tunedParameters(tiny, chunks);
    expect(t.value).toBe(0.02);
    expect(t.cvMet).toBe(true);
    // An instance missing a value drops the value.
    const partial = [chunk(0, runs), chunk(1, runs.slice(0, 4))];
    expect(cvPoints(tiny, 'gpa', partial).map((p) => p.value)).not.toContain(0.001);
  });

  it('refines between the boundary values, and reports when nothing meets q*', () => {
    const runs: [number, number][] = [
      [0.1, 5000],
      [0.01, 3000],
      [0.001, 500],
    ];
    const chunks = [chunk(0, runs), chunk(1, runs)];
    const next = cvJobs(
      { ...tiny, refineRounds: 1, refinePoints: 3, search: 'exhaustive' },
      chunks,
    );
    expect(next.map((j) => j.instance)).toEqual([0, 1]);
    for (const v of next[0].values) expect(v > 0.001 && v < 0.01).toBe(true);
    expect(next[0].values).toHaveLength(3);
    expect(cvJobs({ ...tiny, refineRounds: 0, search: 'exhaustive' }, chunks)).toEqual([]);
    const none = tunedParameters({ ...tiny, targets: [0.001] }, chunks);
    expect(none[0]).toMatchObject({ value: 0.001, cvMet: false });
  });
});
