import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planetlabDay } from '../../ingest/testing.ts';
import { realize } from '../data/realize/realize.ts';
import { allowedColumns } from '../fit/entries/empirical.ts';
import { WorkloadStats } from '../workload.ts';
import { decisionKey } from './families.ts';
import { folds, instanceRows, packOn } from './runs.ts';
import { cvJobs, runCvJob, runTune, type CvChunk } from './tune.ts';
import { DEFAULT_TUNE, type TuneSpec } from './tuneSpec.ts';

const spec: TuneSpec = {
  ...DEFAULT_TUNE,
  seed: 4,
  instances: 3,
  tasks: 150,
  families: ['emp', 'gpa'],
  targets: [0.01, 0.001],
};
const stats = new WorkloadStats(realize(planetlabDay(), 900, spec.seed, false));
const [a] = folds(stats, spec.clairvoyance);
const width = a.observeEnd - a.observeStart;

describe('decision keys: values packed once', () => {
  it('emp: two ρ with one allowed count pack the same on the PlanetLab day', () => {
    const rows = instanceRows(stats, spec, 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (k, u, w) => {
          // Two ρ in ((k − 1)/|O|, k/|O|] ∪ … with the same allowed count k.
          const lo = Math.max(1e-9, k / width);
          const hi = (k + 1) / width;
          const [r1, r2] = [lo + u * (hi - lo), lo + w * (hi - lo)];
          if (allowedColumns(r1, width) !== allowedColumns(r2, width)) return;
          const p1 = packOn(stats, spec, a, rows, { kind: 'emp', rho: r1 });
          const p2 = packOn(stats, spec, a, rows, { kind: 'emp', rho: r2 });
          expect(p1.machines).toEqual(p2.machines);
          expect(p1.moves).toBe(p2.moves);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('gives every value the runs its own packing gives, and only emp has keys', () => {
    expect(decisionKey('gpa', 0.01, [width, width])).toBeNull();
    expect(decisionKey('emp', 1e-5, [width, width])).toBe(decisionKey('emp', 2e-5, [width, width]));
    const result = runTune(stats, spec);
    const chunks: CvChunk[] = [];
    let copied = 0;
    for (let jobs = cvJobs(spec, chunks); jobs.length; jobs = cvJobs(spec, chunks))
      for (const job of jobs) {
        copied += job.known?.length ?? 0;
        chunks.push(runCvJob(stats, spec, job));
      }
    // Some values were not packed again: their runs came with the job.
    expect(copied).toBeGreaterThan(0);
    for (const c of chunks.filter((x) => x.family === 'emp'))
      for (const r of c.runs) {
        const alone = runCvJob(stats, spec, {
          family: 'emp',
          instance: c.instance,
          round: 0,
          values: [r.value],
        }).runs[0];
        expect(r).toEqual(alone);
      }
    // The driver above is the one runTune uses: the same evidence.
    expect(result.cv.emp).toEqual(runTune(stats, { ...spec, families: ['emp'] }).cv.emp);
  });
});
