import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { realize } from '../data/realize/realize.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { WorkloadStats } from '../workload.ts';
import { DEFAULT_FAMILIES } from './families.ts';
import { cvJobs, runTune, tunedParameters, type CvChunk } from './tune.ts';
import { DEFAULT_TUNE, type TuneSpec } from './tuneSpec.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');

// Every default family with its default grid, both targets of the benchmark, at a small size.
const spec: TuneSpec = {
  ...DEFAULT_TUNE,
  seed: 3,
  instances: 6,
  tasks: 200,
  families: DEFAULT_FAMILIES,
  targets: [0.01, 0.001],
};

let stats: WorkloadStats;
beforeAll(() => {
  const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  stats = new WorkloadStats(realize(samples, 1200, spec.seed, false));
});

/** Drives a search against a synthetic CV q per value (both instances alike). */
function drive(s: TuneSpec, q: (value: number) => number): CvChunk[] {
  const chunks: CvChunk[] = [];
  for (let jobs = cvJobs(s, chunks); jobs.length; jobs = cvJobs(s, chunks))
    for (const job of jobs)
      chunks.push({
        ...job,
        runs: job.values.map((value) => ({
          value,
          overflows: Math.round(q(value) * 1e6),
          trials: 1e6,
          mAbs: 10,
        })),
      });
  return chunks;
}

describe('the smart search', () => {
  it('picks the exhaustive search’s winners, parameters and held-out q for every family and target', () => {
    const exhaustive = runTune(stats, { ...spec, search: 'exhaustive' });
    const smart = runTune(stats, { ...spec, search: 'smart' });
    expect(smart.tuned).toHaveLength(spec.families.length * spec.targets.length);
    smart.tuned.forEach((t, k) => {
      const e = exhaustive.tuned[k];
      expect([t.family, t.target, t.value, t.cvMet], `${t.family} at ${t.target}`).toEqual([
        e.family,
        e.target,
        e.value,
        e.cvMet,
      ]);
      expect(t.fit).toEqual(e.fit);
      expect(t.cv).toEqual(e.cv);
      // ...having cross-validated fewer values, all of them among the exhaustive search's.
      const all = new Set(exhaustive.cv[t.family]!.map((p) => p.value));
      for (const p of smart.cv[t.family]!) expect(all.has(p.value)).toBe(true);
    });
    expect(smart.tables).toEqual(exhaustive.tables);
    const count = (r: typeof smart) => Object.values(r.cv).reduce((n, p) => n + p!.length, 0);
    expect(count(smart)).toBeLessThan(count(exhaustive));
  });

  it('follows the exhaustive rule past a dip against the trend next to the bracket', () => {
    const grid = [0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 5e-4, 2e-4, 1e-4];
    const tiny: TuneSpec = {
      ...spec,
      instances: 2,
      families: ['gpa'],
      targets: [0.004],
      refineRounds: 0,
      grids: { gpa: grid },
    };
    // q falls with ρ except at 0.001, which fails after 0.002 met the target.
    const q = (rho: number) => (rho === 0.001 ? 0.006 : rho / 2);
    const pick = (s: TuneSpec) => tunedParameters(s, drive(s, q))[0].value;
    expect(pick({ ...tiny, search: 'exhaustive' })).toBe(5e-4);
    expect(pick({ ...tiny, search: 'smart' })).toBe(5e-4);
    // Without the check past the bracket the bisection would stop at the dip...
    expect(pick({ ...tiny, search: 'smart', verify: 0 })).toBe(0.005);
    // ...and a monotone q needs fewer values than the grid.
    const monotone = drive({ ...tiny, search: 'smart' }, (rho) => rho / 2);
    const values = new Set(monotone.flatMap((c) => c.runs.map((r) => r.value)));
    expect(values.size).toBeLessThan(grid.length);
    expect(tunedParameters(tiny, monotone)[0].value).toBe(0.005);
  });

  it('stops values early only where they fail every target, with the same path and winners', () => {
    for (const targets of [[0.001], [0.01, 0.001]]) {
      const s: TuneSpec = { ...spec, families: ['gpa', 'perc', 'emp', 'conv'], targets };
      const stopped = runTune(stats, { ...s, batch: 2 });
      const full = runTune(stats, { ...s, batch: s.instances });
      expect(stopped.tuned).toEqual(full.tuned);
      expect(stopped.tables).toEqual(full.tables);
      const exhaustive = runTune(stats, { ...s, search: 'exhaustive' });
      expect(stopped.tuned.map((t) => [t.value, t.cv])).toEqual(
        exhaustive.tuned.map((t) => [t.value, t.cv]),
      );
      expect(stopped.tables).toEqual(exhaustive.tables);
      let early = 0;
      for (const family of s.families) {
        const a = stopped.cv[family]!;
        const b = full.cv[family]!;
        // The same values, in the same order: the search took the same path.
        expect(a.map((p) => p.value)).toEqual(b.map((p) => p.value));
        a.forEach((p, k) => {
          if (p.instances === undefined) return expect(p).toEqual(b[k]);
          early++;
          // A lower bound, above every target, of what all instances give.
          expect(p.instances).toBeLessThan(s.instances);
          expect(p.upper).toBeGreaterThan(Math.max(...targets));
          expect(p.upper).toBeLessThanOrEqual(b[k].upper);
          expect(p.q).toBeLessThanOrEqual(b[k].q);
        });
      }
      expect(early).toBeGreaterThan(0);
    }
  });
});
