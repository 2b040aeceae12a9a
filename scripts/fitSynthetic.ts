/**
 * Fits the synthetic workload's knobs (src/engine/synthetic/fit.ts) to Table 1 and the §3.3 trend
 * lines, reproducibly: fixed seed and sizes, deterministic Nelder–Mead. Prints each evaluation and
 * the best knobs as the `FITTED_KNOBS` literal for params.ts. One core; about 20 s per evaluation (9 min in all).
 *
 *   npx tsx scripts/fitSynthetic.ts [--evaluations 26] [--sums 1000] [--pool 10000] [--seed 1]
 */
import { matchPaper } from '../src/engine/synthetic/paperMatch.ts';
import { applyKnobs, calibrationLoss, fitKnobs } from '../src/engine/synthetic/fit.ts';
import { BASE_PARAMS } from '../src/engine/synthetic/params.ts';

/** Where the search starts: the hand-set mixture with a first guess at the knobs. */
const START = { levelScale: 1, spreadScale: 0.7, scatter: 0.06, symmetricWeight: 1.3 };

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v)) throw new Error(`invalid --${name}: ${process.argv[i + 1]}`);
  return v;
}

const evaluations = option('evaluations', 26);
const sums = option('sums', 1000);
const pool = option('pool', 10_000);
const seed = option('seed', 1);
const fmt = (k: object) =>
  Object.entries(k)
    .map(([key, v]) => `${key}: ${(v as number).toPrecision(6)}`)
    .join(', ');

const { best } = fitKnobs(
  (knobs) => {
    const report = matchPaper({
      pool,
      seed,
      sums,
      realizations: 10_000,
      params: applyKnobs(BASE_PARAMS, knobs),
    });
    const loss = calibrationLoss(report);
    const rates = report.rows.map((r) => r.measured.rejectionRate.toFixed(3)).join(' ');
    console.log(`loss ${loss.toFixed(2)}  {${fmt(knobs)}}  rates ${rates}`);
    return loss;
  },
  START,
  evaluations,
);
console.log(
  `\nbest (loss ${best.loss.toFixed(2)}):\nexport const FITTED_KNOBS = { ${fmt(best.knobs)} };`,
);
