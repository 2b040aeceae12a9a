/** Metrics of a simulated timeline (SPEC §12): machine-time, bounds, active machines, delays, q_time. */
import { exceeds } from '../capacity.ts';
import type { TimelineCluster } from './cluster.ts';
import type {
  OverflowMap,
  StepSeries,
  TimelineParams,
  TimelineResult,
  TimelineTasks,
} from './types.ts';

const EPS = 1e-9;

/** A step series from (time, delta) events: the running sum after each distinct time. */
export function stepSeries(times: Float64Array, deltas: Float64Array): StepSeries {
  const idx = new Int32Array(times.length);
  for (let i = 0; i < idx.length; i++) idx[i] = i;
  idx.sort((a, b) => times[a] - times[b]);
  const t: number[] = [];
  const v: number[] = [];
  let level = 0;
  for (let k = 0; k < idx.length;) {
    const now = times[idx[k]];
    while (k < idx.length && times[idx[k]] === now) level += deltas[idx[k++]];
    t.push(now);
    v.push(level);
  }
  return { time: Float64Array.from(t), value: Float64Array.from(v) };
}

/** ∫ f over a step series (value[k] on [time[k], time[k+1])), with a function of the level. */
function integrate(s: StepSeries, f: (level: number) => number): Float64Array {
  const out = new Float64Array(s.time.length);
  for (let k = 1; k < s.time.length; k++)
    out[k] = out[k - 1] + f(s.value[k - 1]) * (s.time[k] - s.time[k - 1]);
  return out;
}

/**
 * The lower bound of semionline-notes §5.1 item 9 in continuous time: at each instant, ⌈load/c⌉
 * machines for the tasks running then (on the schedule's start times; load = Σq, or Σμ under GPA).
 * Summed over windows, the authors' per-window bound is this integral; it relaxes no-migration.
 */
export function loadLowerBound(
  tasks: TimelineTasks,
  start: Float64Array,
  end: Float64Array,
  params: TimelineParams,
): number {
  const n = tasks.count;
  const times = new Float64Array(2 * n);
  const deltas = new Float64Array(2 * n);
  const load = params.fit.kind === 'gpa' && tasks.mean ? tasks.mean : tasks.size;
  for (let i = 0; i < n; i++) {
    times[2 * i] = start[i];
    deltas[2 * i] = load[i];
    times[2 * i + 1] = end[i];
    deltas[2 * i + 1] = -load[i];
  }
  const s = stepSeries(times, deltas);
  const c = params.capacity;
  const cum = integrate(s, (l) => (l > EPS ? Math.ceil(l / c - EPS) : 0));
  return cum.length ? cum[cum.length - 1] : 0;
}

/**
 * Overflows with usage series: on the grid k·Δ, a machine-step is active when the machine is active
 * at k·Δ, and overflows when its tasks' summed usage (task a's sample ⌊(k·Δ − t̄_a)/Δ⌋; none past
 * its series) exceeds c. q_time = overflowing / active machine-steps (SPEC §12).
 */
export function usageOverflow(
  tasks: TimelineTasks,
  result: Pick<TimelineResult, 'machineOf' | 'start' | 'end' | 'machineOpen' | 'machineClose'>,
  capacity: number,
): OverflowMap | null {
  const usage = tasks.usage;
  if (!usage) return null;
  const dt = usage.step;
  const machines = result.machineOpen.length;
  const first = new Int32Array(machines);
  const sums: Float64Array[] = [];
  for (let m = 0; m < machines; m++) {
    first[m] = Math.ceil(result.machineOpen[m] / dt - EPS);
    const last = Math.ceil(result.machineClose[m] / dt - EPS);
    sums.push(new Float64Array(Math.max(0, last - first[m])));
  }
  for (let i = 0; i < tasks.count; i++) {
    const m = result.machineOf[i];
    const sum = sums[m];
    const from = Math.ceil(result.start[i] / dt - EPS);
    const to = Math.ceil(result.end[i] / dt - EPS);
    const base = usage.offsets[i];
    const len = usage.offsets[i + 1] - base;
    for (let k = from; k < to; k++) {
      const s = Math.floor((k * dt - result.start[i]) / dt + EPS);
      if (s >= len) break;
      sum[k - first[m]] += usage.values[base + s];
    }
  }
  const activeSteps = new Int32Array(machines);
  const overflowSteps = new Int32Array(machines);
  const om: number[] = [];
  const ok: number[] = [];
  for (let m = 0; m < machines; m++) {
    const sum = sums[m];
    activeSteps[m] = sum.length;
    for (let k = 0; k < sum.length; k++)
      if (exceeds(sum[k], capacity)) {
        overflowSteps[m]++;
        om.push(m);
        ok.push(first[m] + k);
      }
  }
  return {
    step: dt,
    machine: Int32Array.from(om),
    stepIndex: Int32Array.from(ok),
    activeSteps,
    overflowSteps,
  };
}

/** A run's numbers without its per-task and per-machine arrays (for sweeps and tables). */
export interface TimelineSummary {
  readonly params: TimelineParams;
  readonly tasks: number;
  readonly batches: number;
  readonly machines: number;
  readonly machineSeconds: number;
  readonly lowerBoundSeconds: number;
  readonly areaBoundSeconds: number;
  readonly peakMachines: number;
  readonly startDelayMax: number;
  readonly startDelayMean: number;
  readonly qTime: number | null;
}

export function summarizeTimeline(r: TimelineResult): TimelineSummary {
  return {
    params: r.params,
    tasks: r.tasks,
    batches: r.batches,
    machines: r.machineOpen.length,
    machineSeconds: r.machineSeconds,
    lowerBoundSeconds: r.lowerBoundSeconds,
    areaBoundSeconds: r.areaBoundSeconds,
    peakMachines: r.peakMachines,
    startDelayMax: r.startDelayMax,
    startDelayMean: r.startDelayMean,
    qTime: r.qTime,
  };
}

/**
 * Sweeps two event lists already in time order (ups: +delta, downs: −delta) and calls `visit` once
 * per distinct time with the level after every event at that time: stepSeries without a sort.
 */
function sweepSorted(
  upTime: Float64Array,
  upDelta: Float64Array,
  downTime: Float64Array,
  downDelta: Float64Array,
  visit: (time: number, level: number) => void,
): void {
  let a = 0;
  let b = 0;
  let level = 0;
  while (a < upTime.length || b < downTime.length) {
    const t = Math.min(
      a < upTime.length ? upTime[a] : Infinity,
      b < downTime.length ? downTime[b] : Infinity,
    );
    while (a < upTime.length && upTime[a] === t) level += upDelta[a++];
    while (b < downTime.length && downTime[b] === t) level -= downDelta[b++];
    visit(t, level);
  }
}

/** The lower bound of `loadLowerBound` from the cluster's start and departure orders (no sort). */
function clusterLowerBound(tasks: TimelineTasks, params: TimelineParams, cluster: TimelineCluster) {
  const load = params.fit.kind === 'gpa' && tasks.mean ? tasks.mean : tasks.size;
  const n = cluster.placedCount;
  const upTime = new Float64Array(n);
  const upDelta = new Float64Array(n);
  const downTime = new Float64Array(n);
  const downDelta = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = cluster.placed[k];
    upTime[k] = cluster.start[i];
    upDelta[k] = load[i];
    const j = cluster.departed[k];
    downTime[k] = cluster.end[j];
    downDelta[k] = load[j];
  }
  const c = params.capacity;
  let total = 0;
  let prevTime = 0;
  let prevMachines = 0;
  sweepSorted(upTime, upDelta, downTime, downDelta, (t, level) => {
    total += prevMachines * (t - prevTime);
    prevTime = t;
    prevMachines = level > EPS ? Math.ceil(level / c - EPS) : 0;
  });
  return total;
}

/**
 * Machines' open and close times from the cluster's records: opens in id order (nondecreasing), and
 * closes in the order the last task of each machine departs (nondecreasing).
 */
function machineEvents(cluster: TimelineCluster) {
  const mCount = cluster.machines.length;
  const open = new Float64Array(mCount);
  const close = new Float64Array(mCount);
  const left = new Int32Array(mCount);
  for (let k = 0; k < mCount; k++) {
    const m = cluster.machines[k];
    open[k] = m.open;
    close[k] = m.close;
  }
  for (let k = 0; k < cluster.placedCount; k++) left[cluster.machineOf[cluster.placed[k]]]++;
  const closeOrder = new Float64Array(mCount);
  let c = 0;
  for (let k = 0; k < cluster.departedCount; k++) {
    const i = cluster.departed[k];
    const m = cluster.machineOf[i];
    if (--left[m] === 0) closeOrder[c++] = cluster.end[i];
  }
  return { open, close, closeOrder };
}

/** Machine-time, peak and (optionally) the active and cumulative series, in one sweep. */
function machineMetrics(cluster: TimelineCluster, series: boolean) {
  const { open, close, closeOrder } = machineEvents(cluster);
  const ones = new Float64Array(open.length).fill(1);
  let machineSeconds = 0;
  for (let k = 0; k < open.length; k++) machineSeconds += close[k] - open[k];
  const t: number[] = [];
  const v: number[] = [];
  let peakMachines = 0;
  sweepSorted(open, ones, closeOrder, ones, (time, level) => {
    if (level > peakMachines) peakMachines = level;
    if (series) {
      t.push(time);
      v.push(level);
    }
  });
  const active = { time: Float64Array.from(t), value: Float64Array.from(v) };
  const cumulative = { time: active.time, value: integrate(active, (l) => l) };
  return { open, close, machineSeconds, peakMachines, active, cumulative };
}

/** Area bound and start delays in one pass over the tasks. */
function taskMetrics(tasks: TimelineTasks, params: TimelineParams, start: Float64Array) {
  let area = 0;
  let delayMax = 0;
  let delaySum = 0;
  // Under GPA the area counts mean usage, as the lower bound does.
  const load = params.fit.kind === 'gpa' && tasks.mean ? tasks.mean : tasks.size;
  const n = tasks.count;
  for (let i = 0; i < n; i++) {
    area += load[i] * tasks.duration[i];
    const delay = start[i] - tasks.arrival[i];
    delayMax = Math.max(delayMax, delay);
    delaySum += delay;
  }
  return {
    areaBoundSeconds: area / params.capacity,
    startDelayMax: delayMax,
    startDelayMean: n ? delaySum / n : 0,
  };
}

/** The numbers of a finished simulation without series or per-task arrays (sweeps, tables). */
export function summarizeCluster(
  tasks: TimelineTasks,
  params: TimelineParams,
  cluster: TimelineCluster,
): TimelineSummary {
  cluster.drain();
  const m = machineMetrics(cluster, false);
  const placed = { machineOf: cluster.machineOf, start: cluster.start, end: cluster.end };
  const overflow = usageOverflow(
    tasks,
    { ...placed, machineOpen: m.open, machineClose: m.close },
    params.capacity,
  );
  return {
    params,
    tasks: tasks.count,
    batches: cluster.batches,
    machines: m.open.length,
    machineSeconds: m.machineSeconds,
    lowerBoundSeconds: clusterLowerBound(tasks, params, cluster),
    peakMachines: m.peakMachines,
    ...taskMetrics(tasks, params, cluster.start),
    qTime: overflowShare(overflow),
  };
}

function overflowShare(overflow: OverflowMap | null): number | null {
  if (!overflow) return null;
  let act = 0;
  let over = 0;
  for (let m = 0; m < overflow.activeSteps.length; m++) {
    act += overflow.activeSteps[m];
    over += overflow.overflowSteps[m];
  }
  return act ? over / act : 0;
}

/** Gathers the result of a finished simulation. */
export function buildResult(
  tasks: TimelineTasks,
  params: TimelineParams,
  cluster: TimelineCluster,
  estimate: Float64Array,
): TimelineResult {
  cluster.drain();
  const { machineOf, start, end } = cluster;
  const m = machineMetrics(cluster, true);
  const placed = { machineOf, start, end, machineOpen: m.open, machineClose: m.close };
  const overflow = usageOverflow(tasks, placed, params.capacity);
  return {
    params,
    tasks: tasks.count,
    batches: cluster.batches,
    ...placed,
    estimateSeen: estimate,
    machineSeconds: m.machineSeconds,
    ...taskMetrics(tasks, params, start),
    lowerBoundSeconds: clusterLowerBound(tasks, params, cluster),
    peakMachines: m.peakMachines,
    active: m.active,
    cumulative: m.cumulative,
    overflow,
    qTime: overflowShare(overflow),
  };
}

/** Machine-time and waste of a given placement (the wastage view of the paper's §3.4, Fig. 3). */
export interface PlacementCost {
  readonly machineSeconds: number;
  readonly areaBoundSeconds: number;
  /** Per machine id: active time (first start to last end) minus Σ q·d / c. */
  readonly wasteSeconds: Float64Array;
}

/** Costs a placement: machine m is active from its first task's start to its last task's end. */
export function placementCost(
  tasks: TimelineTasks,
  machineOf: Int32Array,
  start: Float64Array,
  capacity: number,
): PlacementCost {
  let machines = 0;
  for (const m of machineOf) machines = Math.max(machines, m + 1);
  const open = new Float64Array(machines).fill(Infinity);
  const close = new Float64Array(machines).fill(-Infinity);
  const work = new Float64Array(machines);
  for (let i = 0; i < tasks.count; i++) {
    const m = machineOf[i];
    if (m < 0) throw new RangeError(`task ${tasks.ids[i]} has no machine`);
    open[m] = Math.min(open[m], start[i]);
    close[m] = Math.max(close[m], start[i] + tasks.duration[i]);
    work[m] += (tasks.size[i] * tasks.duration[i]) / capacity;
  }
  let machineSeconds = 0;
  let area = 0;
  const wasteSeconds = new Float64Array(machines);
  for (let m = 0; m < machines; m++) {
    if (open[m] === Infinity) continue;
    machineSeconds += close[m] - open[m];
    area += work[m];
    wasteSeconds[m] = close[m] - open[m] - work[m];
  }
  return { machineSeconds, areaBoundSeconds: area, wasteSeconds };
}
