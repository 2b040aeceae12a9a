/**
 * A synthetic week shaped like the semi-online paper's Google extract (semionline-notes §3.1):
 * bursty arrivals (a diurnal background plus bursts of up to thousands of tasks within a minute) and
 * heavy-tailed work q·d: ≈70 % of tasks ≤ 10 CPU·s, ≈1.9 % > 1000 CPU·s carrying ≈60 % of the work.
 * The class shares are the paper's; the shapes inside a class (log-uniform, truncated Pareto), the
 * sizes and the burst law are our choices, tuned so the week's statistics land on the paper's.
 */
import { STREAM_WORKLOAD, timelineRng } from '../order.ts';
import type { Rng } from '../../random/rng.ts';
import type { TimelineTasks } from '../types.ts';

export interface SyntheticWeekSpec {
  readonly seed: number;
  /** Number of tasks (the paper's week: 221,140). */
  readonly tasks: number;
  /** Length in days (7). */
  readonly days: number;
  /** Share of the tasks that arrive in bursts (the rest: a diurnal background). */
  readonly burstShare: number;
}

export const SYNTHETIC_WEEK: SyntheticWeekSpec = {
  seed: 1,
  tasks: 221_140,
  days: 7,
  burstShare: 0.5,
};

const SMALL_SHARE = 0.7;
const LARGE_SHARE = 0.019;
const MAX_DURATION = 86_400;

function logUniform(rng: Rng, lo: number, hi: number): number {
  return lo * Math.pow(hi / lo, rng.nextFloat());
}

/** Pareto with index α truncated to [lo, hi], by inversion. */
function truncatedPareto(rng: Rng, alpha: number, lo: number, hi: number): number {
  const a = Math.pow(lo, -alpha);
  const b = Math.pow(hi, -alpha);
  return Math.pow(a - rng.nextFloat() * (a - b), -1 / alpha);
}

/** Work q·d in CPU·s: three classes with the paper's shares. */
function drawWork(rng: Rng): number {
  const u = rng.nextFloat();
  if (u < SMALL_SHARE) return logUniform(rng, 0.05, 10);
  if (u < 1 - LARGE_SHARE) return truncatedPareto(rng, 0.5, 10, 1000);
  return truncatedPareto(rng, 1.6, 1000, 200_000);
}

function arrivals(spec: SyntheticWeekSpec, rng: Rng): Float64Array {
  const horizon = spec.days * 86_400;
  const out = new Float64Array(spec.tasks);
  const burstTasks = Math.round(spec.tasks * spec.burstShare);
  let k = 0;
  while (k < burstTasks) {
    const size = Math.min(burstTasks - k, Math.round(logUniform(rng, 30, 6000)));
    const span = logUniform(rng, 1, 60);
    const at = rng.nextFloat() * (horizon - span);
    for (let j = 0; j < size; j++) out[k++] = at + span * rng.nextFloat();
  }
  while (k < spec.tasks) {
    const t = rng.nextFloat() * horizon;
    // Diurnal modulation by thinning: rate ∝ 1 + 0.6·sin(2πt/day).
    if (rng.nextFloat() * 1.6 < 1 + 0.6 * Math.sin((2 * Math.PI * t) / 86_400)) out[k++] = t;
  }
  for (let i = 0; i < out.length; i++) out[i] = Math.round(out[i] * 1000) / 1000;
  return out.sort();
}

/** A seeded synthetic week of tasks (sizes = requests; μ, σ of usage for stochastic fits). */
export function syntheticWeek(spec: Partial<SyntheticWeekSpec> = {}): TimelineTasks {
  const given = Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined));
  const s: SyntheticWeekSpec = { ...SYNTHETIC_WEEK, ...given };
  if (!Number.isSafeInteger(s.tasks) || s.tasks < 1)
    throw new RangeError(`synthetic tasks must be a positive integer, got ${s.tasks}`);
  if (!(s.days > 0)) throw new RangeError(`synthetic days must be > 0, got ${s.days}`);
  const arrival = arrivals(s, timelineRng(s.seed, STREAM_WORKLOAD, 0));
  const rng = timelineRng(s.seed, STREAM_WORKLOAD, 1);
  const n = s.tasks;
  const duration = new Float64Array(n);
  const size = new Float64Array(n);
  const mean = new Float64Array(n);
  const sd = new Float64Array(n);
  const ids: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const work = drawWork(rng);
    // Sizes are independent of work, but no task outlasts a day: longer ones get a larger share.
    const share = Math.min(1, Math.max(logUniform(rng, 0.01, 0.25), work / MAX_DURATION));
    // Whole seconds, at least one; the size then carries the work exactly (up to a full machine).
    const d = Math.max(1, Math.round(work / share));
    const q = Math.min(1, work / d);
    duration[i] = d;
    size[i] = q;
    mean[i] = q * (0.4 + 0.5 * rng.nextFloat());
    sd[i] = mean[i] * (0.1 + 0.5 * rng.nextFloat());
    ids[i] = `w${i}`;
  }
  return {
    count: n,
    ids,
    arrival,
    duration,
    estimate: Float64Array.from(duration),
    size,
    memory: null,
    mean,
    sd,
    usage: null,
    source: `synthetic week (seed ${s.seed}, ${n} tasks)`,
  };
}
