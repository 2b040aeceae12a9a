/**
 * The event-driven simulator (SPEC §12, semionline-notes §1.6): arrivals in [i·tw, (i+1)·tw) are placed
 * at (i+1)·tw and start at (i+1)·tw + tw; tw = 0 places and starts each task at its arrival. Only
 * windows that receive tasks are visited, so the cost follows the tasks, not the length of the trace.
 */
import { isSubnormal } from '../ranges.ts';
import { exceeds } from '../capacity.ts';
import { TimelineCluster, type WindowSnapshot } from './cluster.ts';
import { TASK_TIME_MAX_S } from './workload/csv.ts';
import { buildResult, summarizeCluster, type TimelineSummary } from './metrics.ts';
import { STREAM_ERROR, timelineRng } from './order.ts';
import {
  DURATION_ERROR_SCOPES,
  POLICIES,
  ORDERS,
  type TimelineParams,
  type TimelineResult,
  type TimelineTasks,
} from './types.ts';

/** The largest machine capacity, in machines of the task list's unit. */
const MAX_CAPACITY = 1e6;
/** The largest duration-estimate error x (the estimates then span [0, 101 d̂]). */
const MAX_DURATION_ERROR = 100;

/**
 * Checks parameters; a RangeError names the bad one. The window is bounded as the task list's
 * times are (`TASK_TIME_MAX_S`), so every time the simulator forms stays finite and exact.
 */
export function checkTimelineParams(p: TimelineParams): void {
  if (!POLICIES.includes(p.policy)) throw new RangeError(`unknown policy "${p.policy}"`);
  if (!ORDERS.includes(p.order)) throw new RangeError(`unknown order "${p.order}"`);
  if (!(p.window >= 0 && p.window <= TASK_TIME_MAX_S) || isSubnormal(p.window))
    throw new RangeError(`window must be in [0, ${TASK_TIME_MAX_S}] s, got ${p.window}`);
  if (!(p.capacity > 0 && p.capacity <= MAX_CAPACITY) || isSubnormal(p.capacity))
    throw new RangeError(`capacity must be in (0, ${MAX_CAPACITY}], got ${p.capacity}`);
  const scope = p.durationErrorScope ?? 'all';
  if (!DURATION_ERROR_SCOPES.includes(scope))
    throw new RangeError(`unknown duration-error scope "${scope}"`);
  if (scope !== 'all' && p.policy !== 'bfd' && p.policy !== 'mrd')
    throw new RangeError(
      `a duration-error scope of "${scope}" splits the score of BFD or MRD; ${p.policy} has none`,
    );
  if (!(p.durationError >= 0 && p.durationError <= MAX_DURATION_ERROR))
    throw new RangeError(
      `duration error must be in [0, ${MAX_DURATION_ERROR}] (${MAX_DURATION_ERROR * 100} %), got ${p.durationError}`,
    );
}

/**
 * The estimates the policies see: d̂_a ~ U[max(0, d̂(1 − x)), d̂(1 + x)] around the task's own
 * estimate (SPEC §12), one stream per task so a task's draw never depends on the others.
 */
export function seenEstimates(tasks: TimelineTasks, x: number, seed: number): Float64Array {
  const out = Float64Array.from(tasks.estimate);
  if (x === 0) return out;
  for (let i = 0; i < tasks.count; i++) {
    const d = tasks.estimate[i];
    const lo = Math.max(0, d * (1 - x));
    const hi = d * (1 + x);
    out[i] = lo + (hi - lo) * timelineRng(seed, STREAM_ERROR, i).nextFloat();
  }
  return out;
}

const lastEstimates = new WeakMap<
  TimelineTasks,
  { x: number; seed: number; estimate: Float64Array }
>();

/**
 * `seenEstimates`, shared by consecutive runs on the same tasks, error and seed (a trends grid runs
 * its nine policies on one draw). Read-only: a result gets its own copy.
 */
function sharedEstimates(tasks: TimelineTasks, x: number, seed: number): Float64Array {
  const known = lastEstimates.get(tasks);
  if (known && known.x === x && known.seed === seed && known.estimate.length === tasks.count)
    return known.estimate;
  const estimate = seenEstimates(tasks, x, seed);
  lastEstimates.set(tasks, { x, seed, estimate });
  return estimate;
}

const arrivalOrders = new WeakMap<TimelineTasks, Int32Array>();

/** Task indices by arrival, ties by id (computed once per task set; do not modify the result). */
export function arrivalOrder(tasks: TimelineTasks): Int32Array {
  const known = arrivalOrders.get(tasks);
  if (known && known.length === tasks.count) return known;
  const order = sortedByArrival(tasks);
  arrivalOrders.set(tasks, order);
  return order;
}

function sortedByArrival(tasks: TimelineTasks): Int32Array {
  const order = new Int32Array(tasks.count);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const { arrival, ids } = tasks;
  order.sort((a, b) => arrival[a] - arrival[b] || (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
  return order;
}

/** Window index of an arrival; exact for arrivals on window edges. */
export function windowOf(t: number, tw: number): number {
  let w = Math.floor(t / tw);
  if ((w + 1) * tw <= t) w++;
  else if (w * tw > t) w--;
  return w;
}

/**
 * Under hard capacity a task larger than c can never run: a RangeError names it. Under GPA a task
 * that fails the test alone is placed alone on a new machine (every policy opens one for it).
 */
function checkSizes(tasks: TimelineTasks, params: TimelineParams): void {
  const inTime = (t: number) => t >= 0 && t <= TASK_TIME_MAX_S;
  for (let i = 0; i < tasks.count; i++)
    if (!inTime(tasks.arrival[i]) || !inTime(tasks.duration[i]) || !inTime(tasks.estimate[i]))
      throw new RangeError(
        `task ${tasks.ids[i]} (${tasks.source}): arrival ${tasks.arrival[i]} s, duration ${tasks.duration[i]} s or estimate ${tasks.estimate[i]} s is outside [0, ${TASK_TIME_MAX_S}] s`,
      );
  if (params.fit.kind !== 'size') return;
  for (let i = 0; i < tasks.count; i++)
    if (exceeds(tasks.size[i], params.capacity))
      throw new RangeError(
        `task ${tasks.ids[i]} (${tasks.source}): size ${tasks.size[i]} exceeds capacity ${params.capacity}`,
      );
}

/** Simulates the cluster over time with one policy (SPEC §12). */
export function simulateTimeline(
  tasks: TimelineTasks,
  params: TimelineParams,
  /** Called every 1024 batches (a worker's cancel point). */
  checkpoint?: () => void,
  /** Sees small batches as ODBP instances (exact.ts). */
  observe?: { readonly upTo: number; readonly see: (s: WindowSnapshot) => void },
): TimelineResult {
  const { cluster, estimate } = runCluster(tasks, params, checkpoint, observe);
  return buildResult(tasks, params, cluster, estimate.slice());
}

/**
 * The same simulation, returning only its numbers (equal to `summarizeTimeline(simulateTimeline(…))`)
 * without building the series: what sweeps and trade-off curves need.
 */
export function simulateTimelineSummary(
  tasks: TimelineTasks,
  params: TimelineParams,
  checkpoint?: () => void,
): TimelineSummary {
  return summarizeCluster(tasks, params, runCluster(tasks, params, checkpoint).cluster);
}

function runCluster(
  tasks: TimelineTasks,
  params: TimelineParams,
  checkpoint?: () => void,
  observe?: { readonly upTo: number; readonly see: (s: WindowSnapshot) => void },
) {
  checkTimelineParams(params);
  checkSizes(tasks, params);
  const seen = sharedEstimates(tasks, params.durationError, params.seed);
  const scope = params.durationErrorScope ?? 'all';
  const estimate = scope === 'score' ? tasks.estimate : seen;
  const scoreEstimate = scope === 'score' ? seen : scope === 'rest' ? tasks.estimate : null;
  const cluster = new TimelineCluster(
    tasks,
    params,
    estimate,
    observe?.see,
    observe?.upTo,
    scoreEstimate,
  );
  const order = arrivalOrder(tasks);
  const tw = params.window;
  const arrival = tasks.arrival;
  let k = 0;
  const batch: number[] = [];
  while (k < order.length) {
    if (checkpoint && (cluster.batches & 1023) === 1023) checkpoint();
    batch.length = 0;
    if (tw === 0) {
      const now = arrival[order[k]];
      batch.push(order[k++]);
      cluster.advance(now);
      cluster.place(now, now, batch);
      continue;
    }
    const w = windowOf(arrival[order[k]], tw);
    while (k < order.length && windowOf(arrival[order[k]], tw) === w) batch.push(order[k++]);
    const now = (w + 1) * tw;
    cluster.advance(now);
    cluster.place(now, now + tw, batch);
  }
  return { cluster, estimate };
}
