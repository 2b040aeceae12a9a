/**
 * The cluster's state between batches (semionline-notes §1.6, Algorithm 1): running tasks per
 * machine, departures on true durations, empty machines closed for good, and per machine
 * C_m = c − Σq and l_m = the largest expected remaining duration of its tasks.
 */
import { fitTest, type FitTest, type Load } from './fit.ts';
import { DepartureHeap } from './heap.ts';
import { runPolicy, type PolicyMemory } from './policies.ts';
import { orderBatch } from './order.ts';
import type { TimelineParams, TimelineTasks } from './types.ts';

export interface Machine extends Load {
  readonly id: number;
  /** l_m, s from the current batch time. */
  l: number;
  /** max(start + estimate) of its running tasks; l_m = max(maxEstEnd − now, floor). */
  maxEstEnd: number;
  tasks: number[];
  dirty: boolean;
  readonly open: number;
  close: number;
}

/** An incoming task as the policy sees it: r = expected remaining duration from the batch time. */
export interface BatchTask extends Load {
  readonly index: number;
  readonly r: number;
  readonly arrival: number;
}

export interface PolicyContext {
  /** Active machines, l_m decreasing (ties: older first). Machines opened by the batch are appended. */
  readonly machines: Machine[];
  readonly batch: readonly BatchTask[];
  readonly fits: FitTest;
  readonly capacity: number;
  readonly memory: PolicyMemory;
  put(t: BatchTask, m: Machine): void;
  open(t: BatchTask): Machine;
}

/** Steps the cluster batch by batch; `simulateTimeline` drives it over the non-empty windows only. */
export class TimelineCluster {
  readonly machines: Machine[] = [];
  active: Machine[] = [];
  readonly machineOf: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  batches = 0;
  private readonly heap = new DepartureHeap();
  private readonly fits: FitTest;
  private readonly memory: PolicyMemory = { nextFit: -1 };
  private readonly floor: number;

  constructor(
    readonly tasks: TimelineTasks,
    readonly params: TimelineParams,
    /** The estimate each task's policy sees (after the duration-error model). */
    readonly estimate: Float64Array,
  ) {
    this.fits = fitTest(params.fit, params.capacity);
    this.floor = params.remainingFloor === 'window' ? params.window : 0;
    this.machineOf = new Int32Array(tasks.count).fill(-1);
    this.start = new Float64Array(tasks.count);
    this.end = new Float64Array(tasks.count);
  }

  /** Departures with end ≤ now; machines left empty are closed; l_m recomputed for time `now`. */
  advance(now: number): void {
    const heap = this.heap;
    let changed = false;
    while (heap.size > 0 && heap.peekKey() <= now) {
      const t = heap.pop();
      this.machines[this.machineOf[t]].dirty = true;
      changed = true;
    }
    if (changed) {
      let kept = 0;
      for (const m of this.active) {
        if (m.dirty) this.refresh(m, now);
        if (m.tasks.length > 0) this.active[kept++] = m;
      }
      this.active.length = kept;
    }
    for (const m of this.active) m.l = Math.max(m.maxEstEnd - now, this.floor);
  }

  /** Places a batch (task indices) decided at `now`, started at `startAt`. */
  place(now: number, startAt: number, indices: readonly number[]): void {
    const { tasks } = this;
    const lead = startAt - now;
    const batch: BatchTask[] = indices.map((i) => ({
      index: i,
      r: this.estimate[i] + lead,
      arrival: tasks.arrival[i],
      q: tasks.size[i],
      mu: tasks.mean ? tasks.mean[i] : tasks.size[i],
      v: tasks.sd ? tasks.sd[i] * tasks.sd[i] : 0,
    }));
    orderBatch(batch, this.params.order, this.params.seed, this.batches);
    const ordered = this.active.slice().sort((a, b) => b.l - a.l || a.id - b.id);
    const ctx: PolicyContext = {
      machines: ordered,
      batch,
      fits: this.fits,
      capacity: this.params.capacity,
      memory: this.memory,
      put: (t, m) => this.put(t, m, startAt),
      open: (t) => {
        const m: Machine = {
          id: this.machines.length,
          l: 0,
          maxEstEnd: -Infinity,
          tasks: [],
          dirty: false,
          open: startAt,
          close: startAt,
          q: 0,
          mu: 0,
          v: 0,
        };
        this.machines.push(m);
        this.active.push(m);
        ordered.push(m);
        this.put(t, m, startAt);
        return m;
      },
    };
    runPolicy(this.params.policy, ctx);
    this.batches++;
  }

  private put(t: BatchTask, m: Machine, startAt: number): void {
    const i = t.index;
    if (this.machineOf[i] >= 0) throw new Error(`task ${this.tasks.ids[i]} placed twice`);
    const end = startAt + this.tasks.duration[i];
    this.machineOf[i] = m.id;
    this.start[i] = startAt;
    this.end[i] = end;
    m.tasks.push(i);
    m.q += t.q;
    m.mu += t.mu;
    m.v += t.v;
    m.l = Math.max(m.l, t.r);
    m.maxEstEnd = Math.max(m.maxEstEnd, startAt + this.estimate[i]);
    if (end > m.close) m.close = end;
    this.heap.push(end, i);
  }

  /** Recomputes a machine's sums from its surviving tasks (no drift from repeated subtraction). */
  private refresh(m: Machine, now: number): void {
    const { tasks } = this;
    const alive: number[] = [];
    let q = 0;
    let mu = 0;
    let v = 0;
    let estEnd = -Infinity;
    for (const i of m.tasks) {
      if (this.end[i] <= now) continue;
      alive.push(i);
      q += tasks.size[i];
      mu += tasks.mean ? tasks.mean[i] : tasks.size[i];
      v += tasks.sd ? tasks.sd[i] * tasks.sd[i] : 0;
      estEnd = Math.max(estEnd, this.start[i] + this.estimate[i]);
    }
    m.tasks = alive;
    m.q = q;
    m.mu = mu;
    m.v = v;
    m.maxEstEnd = estEnd;
    m.dirty = false;
  }
}
