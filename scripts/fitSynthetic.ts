/**
 * Fits the synthetic workload's knobs (src/engine/synthetic/fit.ts) to Table 1 and the §3.3 trend
 * lines, reproducibly: fixed seed and sizes, deterministic Nelder–Mead. Prints each evaluation and
 * the best knobs as the `FITTED_KNOBS` literal for params.ts. One core; about 15 s per evaluation.
 *
 *   npx tsx scripts/fitSynthetic.ts [--evaluations 40] [--sums 300] [--pool 10000] [--seed 1]
 */
import { calibrate } from '../src/engine/synthetic/calibrate.ts';
import { applyKnobs, calibrationLoss, fitKnobs } from '../src/engine/synthetic/fit.ts';
import { BASE_PARAMS, FITTED_KNOBS } from '../src/engine/synthetic/params.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v)) throw new Error(`invalid --${name}: ${process.argv[i + 1]}`);
  return v;
}

const evaluations = option('evaluations', 40);
const sums = option('sums', 300);
const pool = option('pool', 10_000);
const seed = option('seed', 1);
const fmt = (k: object) =>
  Object.entries(k)
    .map(([key, v]) => `${key}: ${(v as number).toPrecision(4)}`)
    .join(', ');

const { best } = fitKnobs(
  (knobs) => {
    const report = calibrate({
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
  FITTED_KNOBS,
  evaluations,
);
console.log(
  `\nbest (loss ${best.loss.toFixed(2)}):\nexport const FITTED_KNOBS = { ${fmt(best.knobs)} };`,
);
