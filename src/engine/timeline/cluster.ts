/**
 * The cluster's state between batches (semionline-notes §1.6, Algorithm 1): running tasks per
 * machine, departures on true durations, empty machines closed for good, and per machine
 * C_m = c − Σq and l_m = the largest expected remaining duration of its tasks.
 */
import type { BatchTask, FitTest, Machine, PolicyContext, PolicyMemory } from './context.ts';
import { fitTest, hardLimit } from './fit.ts';
import { DepartureHeap } from './heap.ts';
import { runPolicy } from './policies.ts';
import { orderBatch } from './order.ts';
import type { TimelineParams, TimelineTasks } from './types.ts';

export type { BatchTask, Machine, PolicyContext } from './context.ts';

/** The context a cluster hands its policy, reused batch after batch (no per-batch closures). */
class BatchContext implements PolicyContext {
  machines: Machine[];
  batch: readonly BatchTask[] = [];
  startAt = 0;
  opened = 0;
  readonly capacity: number;
  readonly hardLimit: number | undefined;
  readonly memory: PolicyMemory = { nextFit: -1 };
  readonly scoreApart: boolean;

  constructor(
    private readonly cluster: TimelineCluster,
    readonly fits: FitTest,
  ) {
    this.machines = cluster.active;
    this.capacity = cluster.params.capacity;
    this.hardLimit = cluster.params.fit.kind === 'size' ? hardLimit(this.capacity) : undefined;
    this.scoreApart = cluster.scoreEstimate !== null;
  }

  put(t: BatchTask, m: Machine): void {
    this.cluster.putTask(t, m, this.startAt);
  }

  open(t: BatchTask): Machine {
    const m = this.cluster.openMachine(this.startAt);
    this.machines.push(m);
    this.opened++;
    this.cluster.putTask(t, m, this.startAt);
    return m;
  }
}

/** One window as the per-window problem ODBP sees it (semionline-notes §1.5), and the policy's answer. */
export interface WindowSnapshot {
  readonly now: number;
  /** Running machines before the batch: l_m and C_m. */
  readonly remaining: Float64Array;
  readonly free: Float64Array;
  /** Incoming tasks: expected remaining duration d_a (from `now`) and size q_a. */
  readonly r: Float64Array;
  readonly q: Float64Array;
  /** Σ_m e_m of the policy's placement (running machines and the ones it opened). */
  readonly policyObjective: number;
}

/** Policies that read l_m itself (the others only need the machines in l_m order). */
function readsRemaining(policy: string, batchSize: number): boolean {
  return policy === 'bfd' || policy === 'mrd' || (policy === 'fmf' && batchSize > 1);
}

/** a before b in the active list: later estimated end first, then older machine. */
function before(aKey: number, aId: number, b: Machine): boolean {
  return aKey > b.sortKey || (aKey === b.sortKey && aId < b.id);
}

/**
 * Steps the cluster batch by batch; `simulateTimeline` drives it over the non-empty windows only.
 * Active machines stay sorted by (max estimated end decreasing, id): that is the l_m-decreasing order
 * except among machines whose l_m sits at the floor (ordered by id there), so a batch costs about
 * its tasks and the machines it touches, not every machine.
 */
export class TimelineCluster {
  readonly machines: Machine[] = [];
  readonly active: Machine[] = [];
  readonly machineOf: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  batches = 0;
  /** Task indices in placement order (their starts are nondecreasing along it). */
  readonly placed: Int32Array;
  placedCount = 0;
  /** Task indices in departure order (ends nondecreasing); complete after `drain()`. */
  readonly departed: Int32Array;
  departedCount = 0;
  private readonly heap = new DepartureHeap();
  private readonly ctx: BatchContext;
  private readonly floor: number;
  private readonly touched: Machine[] = [];

  constructor(
    readonly tasks: TimelineTasks,
    readonly params: TimelineParams,
    /** The estimate each task's policy sees (after the duration-error model). */
    readonly estimate: Float64Array,
    /** Sees each batch of at most `observeUpTo` tasks as an ODBP instance with the policy's answer. */
    private readonly observe?: (s: WindowSnapshot) => void,
    private readonly observeUpTo = 12,
    /** The estimates BFD's and MRD's scores see when the duration error is split (else null). */
    readonly scoreEstimate: Float64Array | null = null,
  ) {
    this.ctx = new BatchContext(this, fitTest(params.fit, params.capacity));
    this.floor = params.remainingFloor === 'window' ? params.window : 0;
    this.machineOf = new Int32Array(tasks.count).fill(-1);
    this.start = new Float64Array(tasks.count);
    this.end = new Float64Array(tasks.count);
    this.placed = new Int32Array(tasks.count);
    this.departed = new Int32Array(tasks.count);
  }

  /** Pops every remaining departure, so `departed` lists all placed tasks by end time. */
  drain(): void {
    while (this.heap.size > 0) this.departed[this.departedCount++] = this.heap.pop();
  }

  /** Departures with end ≤ now; machines left empty are closed for good. */
  advance(now: number): void {
    const heap = this.heap;
    const dirty = this.touched;
    dirty.length = 0;
    while (heap.size > 0 && heap.peekKey() <= now) {
      const i = heap.pop();
      this.departed[this.departedCount++] = i;
      const m = this.machines[this.machineOf[i]];
      if (!m.dirty) {
        m.dirty = true;
        dirty.push(m);
      }
    }
    for (const m of dirty) {
      this.remove(m);
      this.refresh(m, now);
      if (m.tasks.length > 0) this.insert(m);
    }
  }

  /** Places a batch (task indices) decided at `now`, started at `startAt`. */
  place(now: number, startAt: number, indices: readonly number[]): void {
    const { tasks } = this;
    const lead = startAt - now;
    const { mean, sd, size } = tasks;
    const batch: BatchTask[] = new Array<BatchTask>(indices.length);
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k];
      batch[k] = {
        index: i,
        r: this.estimate[i] + lead,
        scoreR: this.scoreEstimate ? this.scoreEstimate[i] + lead : undefined,
        arrival: tasks.arrival[i],
        q: size[i],
        mu: mean ? mean[i] : size[i],
        v: sd ? sd[i] * sd[i] : 0,
      };
    }
    orderBatch(batch, this.params.order, this.params.seed, this.batches);
    const ordered = this.orderedAt(now);
    const observed = this.observe !== undefined && batch.length <= this.observeUpTo;
    if (observed || readsRemaining(this.params.policy, batch.length)) {
      const floor = this.floor;
      for (let k = 0; k < ordered.length; k++) {
        const m = ordered[k];
        m.l = Math.max(m.maxEstEnd - now, floor);
      }
    }
    if (this.scoreEstimate) this.setScoreRemaining(ordered, now);
    const before = observed
      ? {
          remaining: Float64Array.from(ordered, (m) => m.l),
          free: Float64Array.from(ordered, (m) => this.params.capacity - m.q),
        }
      : null;
    this.touched.length = 0;
    const ctx = this.ctx;
    ctx.machines = ordered;
    ctx.batch = batch;
    ctx.startAt = startAt;
    ctx.opened = 0;
    runPolicy(this.params.policy, ctx, this.params.sumOfSquares, this.params.nextFitPointer);
    if (before) {
      let objective = 0;
      for (const m of ordered) objective += m.l;
      this.observe!({
        now,
        ...before,
        r: Float64Array.from(batch, (t) => t.r),
        q: Float64Array.from(batch, (t) => t.q),
        policyObjective: objective,
      });
    }
    // Machines the batch opened were appended to the order: drop them, then re-place every touched one.
    if (ordered === this.active) this.active.length -= ctx.opened;
    for (const m of this.touched) {
      if (m.sortKey !== -Infinity) this.remove(m);
      m.dirty = false;
      this.insert(m);
    }
    ctx.machines = this.active;
    ctx.batch = [];
    this.batches++;
  }

  /** l_m as the split scores see it: the largest start + score estimate of its tasks, from `now`. */
  private setScoreRemaining(ordered: readonly Machine[], now: number): void {
    const est = this.scoreEstimate!;
    for (const m of ordered) {
      let end = -Infinity;
      for (const i of m.tasks) end = Math.max(end, this.start[i] + est[i]);
      m.scoreL = Math.max(end - now, this.floor);
    }
  }

  /** A new machine opened at `startAt` (appended to the batch's machine order by the context). */
  openMachine(startAt: number): Machine {
    const m: Machine = {
      id: this.machines.length,
      l: 0,
      maxEstEnd: -Infinity,
      sortKey: -Infinity,
      tasks: [],
      scoreL: 0,
      dirty: true,
      open: startAt,
      close: startAt,
      q: 0,
      mu: 0,
      v: 0,
    };
    this.machines.push(m);
    this.touched.push(m);
    return m;
  }

  /** Puts a task on a machine, marking the machine for re-sorting. */
  putTask(t: BatchTask, m: Machine, startAt: number): void {
    if (!m.dirty) {
      m.dirty = true;
      this.touched.push(m);
    }
    this.put(t, m, startAt);
  }

  /**
   * The active machines in l_m-decreasing order at `now` (ties: older first). The sorted list is it,
   * unless some machines sit at the floor of l_m: those are re-sorted by id in a copy.
   */
  private orderedAt(now: number): Machine[] {
    const a = this.active;
    const cut = now + this.floor;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a[mid].sortKey > cut) lo = mid + 1;
      else hi = mid;
    }
    if (a.length - lo < 2) return a;
    return a.slice(0, lo).concat(a.slice(lo).sort((x, y) => x.id - y.id));
  }

  private indexOf(m: Machine): number {
    const a = this.active;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(a[mid].sortKey, a[mid].id, m)) lo = mid + 1;
      else hi = mid;
    }
    if (a[lo] !== m) throw new Error(`machine ${m.id} lost from the active list`);
    return lo;
  }

  private remove(m: Machine): void {
    this.active.splice(this.indexOf(m), 1);
  }

  private insert(m: Machine): void {
    m.sortKey = m.maxEstEnd;
    const a = this.active;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(a[mid].sortKey, a[mid].id, m)) lo = mid + 1;
      else hi = mid;
    }
    a.splice(lo, 0, m);
  }

  private put(t: BatchTask, m: Machine, startAt: number): void {
    const i = t.index;
    if (this.machineOf[i] >= 0) throw new Error(`task ${this.tasks.ids[i]} placed twice`);
    const end = startAt + this.tasks.duration[i];
    this.machineOf[i] = m.id;
    this.placed[this.placedCount++] = i;
    this.start[i] = startAt;
    this.end[i] = end;
    m.tasks.push(i);
    m.q += t.q;
    m.mu += t.mu;
    m.v += t.v;
    m.l = Math.max(m.l, t.r);
    if (t.scoreR !== undefined) m.scoreL = Math.max(m.scoreL ?? 0, t.scoreR);
    m.maxEstEnd = Math.max(m.maxEstEnd, startAt + this.estimate[i]);
    if (end > m.close) m.close = end;
    this.heap.push(end, i);
  }

  /** Recomputes a machine's sums from its surviving tasks (no drift from repeated subtraction). */
  private refresh(m: Machine, now: number): void {
    const { tasks } = this;
    const list = m.tasks;
    let kept = 0;
    let q = 0;
    let mu = 0;
    let v = 0;
    let estEnd = -Infinity;
    for (let k = 0; k < list.length; k++) {
      const i = list[k];
      if (this.end[i] <= now) continue;
      list[kept++] = i;
      q += tasks.size[i];
      mu += tasks.mean ? tasks.mean[i] : tasks.size[i];
      v += tasks.sd ? tasks.sd[i] * tasks.sd[i] : 0;
      estEnd = Math.max(estEnd, this.start[i] + this.estimate[i]);
    }
    list.length = kept;
    m.q = q;
    m.mu = mu;
    m.v = v;
    m.maxEstEnd = estEnd;
    m.dirty = false;
  }
}
