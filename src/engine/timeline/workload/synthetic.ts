/**
 * A synthetic week shaped like the semi-online paper's Google extract (semionline-notes §3.1): tasks
 * come in jobs, as in the Google trace — a job's tasks are submitted together (within a second or
 * so), ask for the same CPU and do about the same work. Jobs arrive on a diurnal background; a share
 * of the tasks belongs to large jobs, the bursts of thousands of tasks in a 2 s step. Work q·d is
 * heavy-tailed: ≈70 % of tasks ≤ 10 CPU·s, ≈1.9 % > 1000 CPU·s carrying ≈60 % of the work. The class
 * shares are the paper's; the shapes inside a class (log-uniform, truncated Pareto), the job sizes,
 * the size-work law and the jitter are our choices, tuned toward the paper's trends (Tables 4–5).
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
  /** Share of each class's tasks in large jobs (bursts); the rest in jobs of 1–5 tasks. */
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
/** Largest factor between a task's work and its job's template. */
const JITTER = 1.5;

type WorkClass = 0 | 1 | 2;
const CLASS_RANGE: readonly (readonly [number, number])[] = [
  [0.05, 10],
  [10, 1000],
  [1000, 200_000],
];
/** Largest job (tasks) per class: bursts of thousands are short tasks; long tasks come in few. */
const CLASS_JOB_MAX = [6000, 400, 12];

function logUniform(rng: Rng, lo: number, hi: number): number {
  return lo * Math.pow(hi / lo, rng.nextFloat());
}

/** Pareto with index α truncated to [lo, hi], by inversion. */
function truncatedPareto(rng: Rng, alpha: number, lo: number, hi: number): number {
  const a = Math.pow(lo, -alpha);
  const b = Math.pow(hi, -alpha);
  return Math.pow(a - rng.nextFloat() * (a - b), -1 / alpha);
}

function drawClass(rng: Rng): WorkClass {
  const u = rng.nextFloat();
  return u < SMALL_SHARE ? 0 : u < 1 - LARGE_SHARE ? 1 : 2;
}

/** A job's template work q·d in CPU·s inside its class (log-uniform; truncated Pareto above). */
function drawWork(rng: Rng, c: WorkClass): number {
  if (c === 0) return logUniform(rng, 0.05, 10);
  if (c === 1) return truncatedPareto(rng, 0.5, 10, 1000);
  return truncatedPareto(rng, 1.6, 1000, 200_000);
}

/** A job: tasks of one class submitted together, sharing a size and a work template. */
interface Job {
  readonly cls: WorkClass;
  readonly tasks: number;
  readonly at: number;
  readonly span: number;
  readonly work: number;
  readonly size: number;
}

/** Diurnal submission time by thinning: rate ∝ 1 + 0.6·sin(2πt/day). */
function diurnal(rng: Rng, horizon: number): number {
  for (;;) {
    const t = rng.nextFloat() * horizon;
    if (rng.nextFloat() * 1.6 < 1 + 0.6 * Math.sin((2 * Math.PI * t) / 86_400)) return t;
  }
}

/** A job's CPU request: grows slowly with its work (q ≈ 0.2·(w/10⁵)^0.3), no task over a day. */
function jobSize(rng: Rng, work: number): number {
  const q = SIZE_AT_1E5 * Math.pow(work / 100_000, SIZE_EXPONENT) * logUniform(rng, 0.5, 2);
  return Math.min(1, Math.max(q, work / MAX_DURATION));
}
const SIZE_AT_1E5 = 0.6;
const SIZE_EXPONENT = 0.3;

/** Jobs for one class's task count: `burstShare` of the tasks in large jobs, the rest in small ones. */
function jobsOf(spec: SyntheticWeekSpec, cls: WorkClass, count: number, rng: Rng): Job[] {
  const horizon = spec.days * 86_400;
  const jobs: Job[] = [];
  const burstTasks = Math.round(count * spec.burstShare);
  const max = CLASS_JOB_MAX[cls];
  let left = count;
  while (left > 0) {
    const inBurst = count - left < burstTasks && max >= 30;
    const want = inBurst ? logUniform(rng, 30, max) : logUniform(rng, 1, Math.min(6, max + 1));
    const tasks = Math.max(1, Math.min(left, Math.floor(want)));
    left -= tasks;
    const work = drawWork(rng, cls);
    const span = tasks > 1 ? logUniform(rng, 0.02, 1.5) : 0;
    jobs.push({
      cls,
      tasks,
      at: diurnal(rng, horizon - span),
      span,
      work,
      size: jobSize(rng, work),
    });
  }
  return jobs;
}

/**
 * Jobs reach the cluster in submissions of 1 to SUBMISSION_JOBS jobs of any class at once (a
 * workflow's stages, a user's batch): the jobs are shuffled and each group takes its first job's time.
 */
function submissions(jobs: Job[], rng: Rng): Job[] {
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = jobs[i];
    jobs[i] = jobs[j];
    jobs[j] = t;
  }
  for (let k = 0; k < jobs.length;) {
    const group =
      rng.nextFloat() < LONE_JOBS
        ? 1
        : Math.floor(truncatedPareto(rng, SUBMISSION_ALPHA, 1, SUBMISSION_JOBS + 1));
    const at = jobs[k].at;
    for (let g = 0; g < group && k < jobs.length; g++, k++) jobs[k] = { ...jobs[k], at };
  }
  return jobs;
}
const SUBMISSION_JOBS = 300;
const SUBMISSION_ALPHA = 0.8;
const LONE_JOBS = 0.9;

/** A seeded synthetic week of tasks (sizes = requests; μ, σ of usage for stochastic fits). */
export function syntheticWeek(spec: Partial<SyntheticWeekSpec> = {}): TimelineTasks {
  const given = Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined));
  const s: SyntheticWeekSpec = { ...SYNTHETIC_WEEK, ...given };
  if (!Number.isSafeInteger(s.tasks) || s.tasks < 1)
    throw new RangeError(`synthetic tasks must be a positive integer, got ${s.tasks}`);
  if (!(s.days > 0)) throw new RangeError(`synthetic days must be > 0, got ${s.days}`);
  if (!(s.burstShare >= 0 && s.burstShare <= 1))
    throw new RangeError(`synthetic burst share must be in [0, 1], got ${s.burstShare}`);
  const n = s.tasks;
  const classRng = timelineRng(s.seed, STREAM_WORKLOAD, 0);
  const counts = [0, 0, 0];
  for (let i = 0; i < n; i++) counts[drawClass(classRng)]++;
  const jobs = submissions(
    ([0, 1, 2] as const).flatMap((c) =>
      jobsOf(s, c, counts[c], timelineRng(s.seed, STREAM_WORKLOAD, 2 + c)),
    ),
    timelineRng(s.seed, STREAM_WORKLOAD, 5),
  );
  const rng = timelineRng(s.seed, STREAM_WORKLOAD, 1);
  const rows: { at: number; d: number; q: number }[] = [];
  for (const job of jobs) {
    const [lo, hi] = CLASS_RANGE[job.cls];
    for (let j = 0; j < job.tasks; j++) {
      // A task's work is its job's template times a jitter, kept inside the job's class.
      const jitter = logUniform(rng, 1 / JITTER, JITTER);
      const work = Math.min(hi, Math.max(lo * 1.0001, job.work * jitter));
      // Whole seconds, at least one; the size then carries the work exactly (up to a full machine).
      const d = Math.max(1, Math.round(work / job.size));
      const at = Math.round((job.at + job.span * rng.nextFloat()) * 1000) / 1000;
      rows.push({ at, d, q: Math.min(1, work / d) });
    }
  }
  rows.sort((x, y) => x.at - y.at);
  const arrival = new Float64Array(n);
  const duration = new Float64Array(n);
  const size = new Float64Array(n);
  const mean = new Float64Array(n);
  const sd = new Float64Array(n);
  const ids: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    arrival[i] = r.at;
    duration[i] = r.d;
    size[i] = r.q;
    mean[i] = r.q * (0.4 + 0.5 * rng.nextFloat());
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
