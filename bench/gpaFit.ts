/**
 * `gpaFit`: the GPA part of one Best Fit packing of a PlanetLab instance (1,000 tasks × 10,000
 * realizations) with the 16 fit tests of the paper, i.e. the four GPA(ρ) packings. Figures: the
 * packings as the engine runs them (tail-exact erfc, screened by c − μ' < z_ρσ' first), against the
 * same packings with the previous slack (jstat's erfc, every machine evaluated) measured in the same
 * run; and the screen's share alone (tail-exact erfc without the screen). Same machines checked.
 */
import jStat from 'jstat';
import {
  PAPER_FITS,
  WorkloadStats,
  fitTest,
  pack,
  realize,
  sampleInstance,
  type FitTest,
} from '../src/engine/index.ts';
import { medianMs, type BenchFigure, type BenchSuite } from './figure.ts';
import { planetlabSamples } from './evaluation.ts';

const TASKS = 1000;
const R = 10_000;
const SEED = 1;

/** GPA as it was: P = ½·erfc by jstat (1 − erf), no screen. */
function previousGpa(fit: FitTest, rho: number): FitTest {
  return {
    ...fit,
    quickSlack: undefined,
    slack(load, variance, size, taskVariance, capacity) {
      const sd = Math.sqrt(variance + taskVariance);
      const mean = load + size;
      const P =
        sd > 0 ? 0.5 * jStat.erfc((capacity - mean) / (sd * Math.SQRT2)) : mean <= capacity ? 0 : 1;
      return rho - P;
    },
  };
}

export const gpaFit: BenchSuite = {
  name: 'gpaFit',
  description:
    'Node: the four GPA(ρ) Best Fit packings of the paper’s 16 fit tests, 1,000 × 10,000',
  async run(): Promise<BenchFigure[]> {
    const { inst } = realize(planetlabSamples(), R, SEED, false);
    const rows = sampleInstance(inst.rows, TASKS, SEED, 0);
    const stats = new WorkloadStats({ inst, avg: null });
    const taskStats = stats.taskStats('inst', stats.split(1));
    const specs = PAPER_FITS.filter((f) => f.kind === 'gpa');
    const variants = specs.map((spec) => {
      const fit = fitTest(spec);
      const sizes = fit.sizes(taskStats, rows);
      const rho = spec.kind === 'gpa' ? spec.rho : NaN;
      return {
        sizes,
        now: fit,
        exact: { ...fit, quickSlack: undefined },
        before: previousGpa(fit, rho),
      };
    });
    const options = { packer: 'bf', capacity: 1, rebalance: 5 } as const;
    const run = (which: 'now' | 'exact' | 'before') => () =>
      variants.map((v) => pack(v.sizes, v[which], options).machines.length);
    const same = run('now')().join() === run('before')().join();
    const before = await medianMs(run('before'), 15);
    const exact = await medianMs(run('exact'), 15);
    const now = await medianMs(run('now'), 15);
    return [
      {
        name: 'GPA part of one BF packing with the 16 fit tests (4 × gpa:ρ)',
        value: now,
        unit: 'ms',
        baseline: before,
        ratio: before / now,
        note: `baseline: the previous slack (jstat erfc, no screen) in the same run; tail-exact erfc without the screen ${exact.toFixed(2)} ms; same machine counts: ${same}`,
      },
    ];
  },
};
