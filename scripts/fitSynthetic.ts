/**
 * Fits the synthetic workload's knobs (src/engine/synthetic/fit.ts) to Table 1 and the §3.3 trend
 * lines, reproducibly: fixed seed and sizes, deterministic Nelder–Mead from the committed knobs.
 * Prints each evaluation (its loss and the seven rates) and the best knobs as the `FITTED_KNOBS`
 * literal for params.ts. One core; 20–40 s per evaluation at the default sizes. To try a change
 * of the class shapes cheaply, use a smaller pool and fewer sums first (--pool 4000 --sums 300).
 *
 *   npx tsx scripts/fitSynthetic.ts [--evaluations 26] [--sums 1000] [--pool 10000] [--seed 1]
 *     [--step 0.25]
 */
import { matchPaper } from '../src/engine/synthetic/paperMatch.ts';
import { applyKnobs, calibrationLoss, fitKnobs } from '../src/engine/synthetic/fit.ts';
import { BASE_PARAMS, FITTED_KNOBS } from '../src/engine/synthetic/params.ts';

/** Where the search starts: the committed knobs. */
const START = FITTED_KNOBS;

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
const step = option('step', 0.25);
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
  step,
);
console.log(
  `\nbest (loss ${best.loss.toFixed(2)}):\nexport const FITTED_KNOBS = { ${fmt(best.knobs)} };`,
);
