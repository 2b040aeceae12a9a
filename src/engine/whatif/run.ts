/**
 * The replay: discrete time at the data's step. At each instant t, in this order: pods past their
 * last sample leave; pods at their first sample arrive (a pod of the starting placement is bound to
 * its node, any other is scheduled), in the data's order; the scenario's re-creations at t are
 * deleted and scheduled again; the descheduler, at its interval, evicts pods that are scheduled again
 * at once; then the instant's usage is laid on the nodes and judged. A pod
 * scheduled at t is placed just before t's sample: the scheduler reads usage at instants < t only.
 * When the scheduler finds no node, the autoscaler adds an empty one (`node-0`, `node-1`, … the first
 * names not taken) and the pod is scheduled again; a pod whose request (CPU, or memory where the
 * data carry it) exceeds an empty node is left unschedulable. Memory: a window of node totals and
 * pod columns, per-node running counts, and the pods' residences; no pods × instants matrix (the
 * series are read column by column).
 */
import { percentileOfSorted } from '../stats/percentile.ts';
import { Cluster } from './cluster.ts';
import type {
  NodeOutcome,
  OnlineScheduler,
  Residence,
  StartNode,
  UsageColumns,
  WhatIfResult,
} from './model.ts';
import type { Recreation } from './scenarios.ts';
import type { Descheduler } from './descheduler.ts';

/** The percentile of a pod's earlier usage that stands for its request when none is given. */
export const ASSUMED_REQUEST_PERCENTILE = 95;

export interface WhatIfInput {
  readonly ids: readonly string[];
  readonly usage: UsageColumns;
  /** Seconds per instant. */
  readonly step: number;
  /** Millicores in one machine unit (1000 × the cores of a machine). */
  readonly milliPerUnit: number;
  /** Per pod, its first and last instant. */
  readonly first: Int32Array;
  readonly last: Int32Array;
  readonly nodes: readonly StartNode[];
  /** Capacity of a node the autoscaler adds (machine units). */
  readonly newNodeCapacity: number;
  /** Per pod, its starting node (index into `nodes`) or -1. */
  readonly placement: Int32Array;
  /** Per pod, its request in machine units, or null: assumed (p95 of its earlier usage). */
  readonly requests: Float64Array | null;
  readonly recreations: readonly Recreation[];
  /** The judged instants [start, end). */
  readonly judged: { readonly start: number; readonly end: number };
  readonly keep?: { readonly usage?: boolean; readonly overloadInstants?: boolean };
  /** Evictions at its interval, after the instant's re-creations; the evicted pods are scheduled again. */
  readonly descheduler?: Descheduler | null;
  /**
   * Memory, where the data carry it: per pod its request (0: none) and every node's allocatable, in
   * a unit of `bytesPerUnit` bytes; kube-default then filters and scores on CPU and memory.
   */
  readonly memory?: {
    readonly requests: Float64Array;
    readonly allocatable: number;
    readonly bytesPerUnit: number;
  } | null;
}

function autoscaledName(cluster: Cluster, counter: { next: number }): string {
  while (cluster.has(`node-${counter.next}`)) counter.next++;
  return `node-${counter.next++}`;
}

/** The request of pod p created at instant t, in millicores. */
function requestAt(input: WhatIfInput, p: number, t: number): number {
  if (input.requests) return Math.round(input.requests[p] * input.milliPerUnit);
  const from = input.first[p];
  if (t <= from) return 0;
  const known = Float64Array.from(input.usage.samples(p, from, t)).sort();
  return Math.round(percentileOfSorted(known, ASSUMED_REQUEST_PERCENTILE) * input.milliPerUnit);
}

/** Every node's allocatable memory in bytes, 0 where the data carry no memory. */
function nodeMemoryBytes(input: WhatIfInput): number {
  return input.memory ? Math.round(input.memory.allocatable * input.memory.bytesPerUnit) : 0;
}

/** Whether pod p's requests fit an empty node of the autoscaler's. */
function fitsNewNode(cluster: Cluster, input: WhatIfInput, p: number): boolean {
  const capacityMilli = Math.round(input.newNodeCapacity * input.milliPerUnit);
  return (
    cluster.requestMilli(p) <= capacityMilli &&
    cluster.memoryRequestBytes(p) <= nodeMemoryBytes(input)
  );
}

/** Pod p's requests as created at instant t: CPU, and memory where the data carry it. */
function setRequests(cluster: Cluster, input: WhatIfInput, p: number, t: number): void {
  cluster.setRequest(p, requestAt(input, p, t));
  const m = input.memory;
  cluster.setMemoryRequest(p, m ? Math.round(m.requests[p] * m.bytesPerUnit) : 0);
}

interface Tallies {
  readonly overloads: number[];
  readonly peaks: number[];
  readonly overloadInstants: number[][];
  readonly series: Float32Array[];
}

function outcomes(
  cluster: Cluster,
  input: WhatIfInput,
  residences: readonly Residence[][],
  tallies: Tallies,
): NodeOutcome[] {
  const { ids } = input;
  const T = input.usage.instants;
  const { overloads, peaks, overloadInstants, series } = tallies;
  const keepUsage = input.keep?.usage === true;
  const keepInstants = input.keep?.overloadInstants === true;
  const judgedInstants = Math.max(0, input.judged.end - input.judged.start);
  const podsOn: string[][] = Array.from({ length: cluster.nodeCount }, () => []);
  for (let p = 0; p < ids.length; p++) {
    const list = residences[p];
    if (list.length && list[list.length - 1].to === T)
      podsOn[list[list.length - 1].node].push(ids[p]);
  }
  const nodes: NodeOutcome[] = [];
  for (let n = 0; n < cluster.nodeCount; n++) {
    const facts = cluster.node(n);
    nodes.push({
      name: facts.name,
      capacity: cluster.capacity(n),
      since: facts.since,
      pods: podsOn[n],
      overloads: overloads[n] ?? 0,
      q: judgedInstants ? (overloads[n] ?? 0) / judgedInstants : 0,
      overloadInstants: keepInstants ? (overloadInstants[n] ?? []) : null,
      usage: keepUsage ? (series[n] ?? new Float32Array(T)) : null,
      peak: peaks[n] ?? 0,
    });
  }
  return nodes;
}

/** Node totals of instant t judged: peaks, overloads (strictly above capacity), the kept series. */
function judgeInstant(
  cluster: Cluster,
  input: WhatIfInput,
  t: number,
  totals: Float64Array,
  tallies: Tallies,
): void {
  const { overloads, peaks, overloadInstants, series } = tallies;
  const N = cluster.nodeCount;
  const keepUsage = input.keep?.usage === true;
  while (overloads.length < N) {
    overloads.push(0);
    peaks.push(0);
    overloadInstants.push([]);
    if (keepUsage) series.push(new Float32Array(input.usage.instants));
  }
  const judged = t >= input.judged.start && t < input.judged.end;
  for (let n = 0; n < N; n++) {
    const total = totals[n];
    if (keepUsage) series[n][t] = total;
    if (!judged) continue;
    const capacity = cluster.capacity(n);
    if (total / capacity > peaks[n]) peaks[n] = total / capacity;
    if (total > capacity) {
      overloads[n]++;
      if (input.keep?.overloadInstants) overloadInstants[n].push(t);
    }
  }
}

/** The node of the highest q, the first by name among equals. */
function worstNode(nodes: readonly NodeOutcome[]): { name: string; q: number } | null {
  let worst: { name: string; q: number } | null = null;
  for (const n of nodes)
    if (worst === null || n.q > worst.q || (n.q === worst.q && n.name < worst.name))
      worst = { name: n.name, q: n.q };
  return worst;
}

/** Per instant, the pods arriving (at their first sample) and leaving (after their last). */
function lifeEvents(first: Int32Array, last: Int32Array, T: number) {
  const arrivals: number[][] = Array.from({ length: T }, () => []);
  const departures: number[][] = Array.from({ length: T + 1 }, () => []);
  for (let p = 0; p < first.length; p++) {
    if (first[p] < 0 || first[p] >= T) continue;
    arrivals[first[p]].push(p);
    departures[last[p] + 1].push(p);
  }
  return { arrivals, departures };
}

/** The pods on each node, in the data's order. */
function podsByNode(nodeOf: Int32Array, nodes: number): number[][] {
  const out: number[][] = Array.from({ length: nodes }, () => []);
  for (let p = 0; p < nodeOf.length; p++) if (nodeOf[p] >= 0) out[nodeOf[p]].push(p);
  return out;
}

export function runWhatIf(input: WhatIfInput, scheduler: OnlineScheduler): WhatIfResult {
  const { ids, usage, first, last } = input;
  const pods = ids.length;
  const T = usage.instants;
  const history = Math.max(1, scheduler.historyInstants);
  const cluster = new Cluster(
    input.step,
    input.milliPerUnit,
    pods,
    history,
    history + 1,
    2 * history + 1,
    nodeMemoryBytes(input),
  );
  for (const n of input.nodes) cluster.addNode(n.name, n.capacity, 0);
  const { arrivals, departures } = lifeEvents(first, last, T);
  const nodeOf = new Int32Array(pods).fill(-1);
  const residences: Residence[][] = Array.from({ length: pods }, () => []);
  const unschedulable: string[] = [];
  const counter = { next: 0 };
  let decisions = 0;
  let migrations = 0;
  let evictions = 0;
  let nodesAdded = 0;
  const createdAt = new Int32Array(pods).fill(-1);

  const leave = (p: number, t: number) => {
    const n = nodeOf[p];
    if (n < 0) return;
    cluster.unbind(p, n);
    nodeOf[p] = -1;
    const list = residences[p];
    const open = list[list.length - 1];
    list[list.length - 1] = { ...open, to: t };
  };
  const bindAt = (p: number, n: number, t: number, scheduled: boolean) => {
    cluster.bind(p, n, scheduled);
    nodeOf[p] = n;
    createdAt[p] = t;
    residences[p].push({ node: n, from: t, to: -1 });
  };
  const schedule = (p: number, t: number) => {
    setRequests(cluster, input, p, t);
    decisions++;
    let n = scheduler.place(p, cluster);
    if (n < 0 && fitsNewNode(cluster, input, p)) {
      cluster.addNode(autoscaledName(cluster, counter), input.newNodeCapacity, t);
      nodesAdded++;
      n = scheduler.place(p, cluster);
    }
    if (n < 0) unschedulable.push(ids[p]);
    else bindAt(p, n, t, true);
    return n;
  };

  let totals = new Float64Array(Math.max(1, cluster.nodeCount));
  const tallies: Tallies = { overloads: [], peaks: [], overloadInstants: [], series: [] };
  let r = 0;
  for (let t = 0; t < T; t++) {
    cluster.t = t;
    for (const p of departures[t]) leave(p, t);
    for (const p of arrivals[t]) {
      if (input.placement[p] < 0) schedule(p, t);
      else {
        setRequests(cluster, input, p, t);
        bindAt(p, input.placement[p], t, false);
      }
    }
    for (; r < input.recreations.length && input.recreations[r].at === t; r++) {
      const p = input.recreations[r].pod;
      const before = nodeOf[p];
      if (before < 0) continue;
      leave(p, t);
      const after = schedule(p, t);
      if (after >= 0 && after !== before) migrations++;
    }
    if (input.descheduler && t % input.descheduler.everyInstants === 0) {
      const podsOn = podsByNode(nodeOf, cluster.nodeCount);
      const evicted = input.descheduler.evict(cluster, podsOn, createdAt);
      for (const p of evicted) leave(p, t);
      for (const p of evicted) schedule(p, t);
      evictions += evicted.length;
    }
    const column = cluster.columnSlot(t);
    column.set(usage.column(t));
    const N = cluster.nodeCount;
    if (totals.length < N) totals = new Float64Array(N * 2);
    totals.fill(0);
    for (let p = 0; p < pods; p++) {
      const n = nodeOf[p];
      if (n >= 0) totals[n] += column[p];
    }
    cluster.record(t, totals);
    judgeInstant(cluster, input, t, totals, tallies);
  }
  for (let p = 0; p < pods; p++) if (nodeOf[p] >= 0) leave(p, T);

  const nodes = outcomes(cluster, input, residences, tallies);
  return {
    scheduler: scheduler.name,
    settings: scheduler.settings,
    descheduler: input.descheduler
      ? { name: input.descheduler.name, settings: input.descheduler.settings }
      : null,
    instants: T,
    judged: input.judged,
    nodes,
    worst: worstNode(nodes),
    residences,
    decisions,
    migrations,
    evictions,
    nodesAdded,
    unschedulable,
  };
}
