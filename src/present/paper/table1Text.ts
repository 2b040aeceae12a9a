/**
 * Table 1's sentence, from the numbers on screen: whether the A–D rejection rate falls as N grows
 * (sums of more tasks look Gaussian) or stays near 1 (the test, on every one of the R samples of each
 * sum, notices the small departures that remain, as Lesson 2 shows), and what a "no" beside the
 * paper's row means.
 */
import type { Table1Row } from '../../engine/index.ts';
import { fmt } from './figureKit.ts';

/** A fall of at least this much from the smallest to the largest N reads as "falls". */
const FALL = 0.2;
/** A rate at least this high at the largest N reads as "stays near 1". */
const NEAR_ONE = 0.9;

/** What the table shows, in one or two sentences; `misses` counts rows outside the paper's tolerance. */
export function table1Summary(rows: readonly Table1Row[], misses: number, paper: boolean): string {
  if (rows.length === 0) return '';
  const first = rows[0];
  const last = rows[rows.length - 1];
  const range = `from ${fmt(first.rejectionRate)} at N = ${first.n} to ${fmt(last.rejectionRate)} at N = ${last.n}`;
  let trend: string;
  if (first.rejectionRate - last.rejectionRate >= FALL)
    trend = `Here the rejection rate falls ${range}: sums of more tasks are closer to a Gaussian, as GPA assumes.`;
  else if (last.rejectionRate >= NEAR_ONE)
    trend = `Here the rejection rate stays near 1 (${range}): each sum is tested on all its samples, and with that many the Anderson–Darling test notices even the small departures from a Gaussian that remain in large sums (Lesson 2 shows it sum by sum). Near 1 does not mean the Gaussian is useless for packing: Fig. 6 shows how close its percentiles are.`;
  else
    trend = `Here the rejection rate moves ${range}, without a clear fall: the sums’ departures from a Gaussian shrink slowly on this data.`;
  if (!paper) return trend;
  const red =
    'Red columns are the paper’s published numbers (Google’s 2011 trace).' +
    (misses > 0
      ? ` A “no” marks a row whose rate differs from the paper’s by more than the calibration tolerance: expected on data other than Google’s, or with fewer sums than the paper’s 10,000.`
      : '');
  return `${trend} ${red}`;
}
