/**
 * The cluster's state during a replay: its nodes (growing when the autoscaler adds one), the pods
 * bound to each with their requests, each node's usage over the last instants a scheduler reads,
 * the last pod columns, and each node's recent assignments. This is all a scheduler sees
 * (`ClusterView`); nothing here holds more than a window of the history.
 */
import type { Assignment, ClusterView, NodeFacts } from './model.ts';

/** kube-scheduler counts a pod without a CPU request as 100 m when it scores (NonZeroRequested). */
export const NON_ZERO_MILLI_CPU = 100;
/** … and a pod without a memory request as 200 MiB (pkg/scheduler/util `DefaultMemoryRequest`). */
export const NON_ZERO_MEMORY_BYTES = 200 * 1024 * 1024;

interface NodeState {
  name: string;
  capacity: number;
  capacityMilli: number;
  requestedMilli: number;
  nonZeroRequestedMilli: number;
  memoryBytes: number;
  memoryRequestedBytes: number;
  nonZeroMemoryRequestedBytes: number;
  since: number;
  version: number;
  /** Its total at instant u in slot u mod ring; valid for u ≥ since. */
  ring: Float64Array;
  recent: Assignment[];
}

export class Cluster implements ClusterView {
  t = 0;
  private readonly nodes: NodeState[] = [];
  private readonly names = new Set<string>();
  /** The last pod columns (usage at u in slot u mod columns.length), in machine units. */
  private readonly columns: Float32Array[];
  private readonly requests: Float64Array;
  private readonly memoryRequests: Float64Array;

  constructor(
    readonly step: number,
    readonly milliPerUnit: number,
    pods: number,
    private readonly ringSize: number,
    podColumns: number,
    /** How many instants back an assignment is still read (older ones are dropped). */
    private readonly recentInstants: number,
    /** Every node's allocatable memory in bytes (0: the data carry no memory). */
    private readonly nodeMemoryBytes = 0,
  ) {
    this.columns = Array.from({ length: Math.max(1, podColumns) }, () => new Float32Array(pods));
    this.requests = new Float64Array(pods);
    this.memoryRequests = new Float64Array(pods);
  }

  get nodeCount(): number {
    return this.nodes.length;
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  addNode(name: string, capacity: number, since: number): number {
    this.names.add(name);
    this.nodes.push({
      name,
      capacity,
      capacityMilli: Math.round(capacity * this.milliPerUnit),
      requestedMilli: 0,
      nonZeroRequestedMilli: 0,
      memoryBytes: this.nodeMemoryBytes,
      memoryRequestedBytes: 0,
      nonZeroMemoryRequestedBytes: 0,
      since,
      version: 0,
      ring: new Float64Array(this.ringSize),
      recent: [],
    });
    return this.nodes.length - 1;
  }

  node(n: number): NodeFacts {
    return this.nodes[n];
  }

  capacity(n: number): number {
    return this.nodes[n].capacity;
  }

  requestMilli(p: number): number {
    return this.requests[p];
  }

  setRequest(p: number, milli: number): void {
    this.requests[p] = milli;
  }

  memoryRequestBytes(p: number): number {
    return this.memoryRequests[p];
  }

  setMemoryRequest(p: number, bytes: number): void {
    this.memoryRequests[p] = bytes;
  }

  nodeUsageMilli(n: number, u: number): number | null {
    const node = this.nodes[n];
    if (u >= this.t || u < node.since || u < this.t - this.ringSize || u < 0) return null;
    return Math.round(node.ring[u % this.ringSize] * this.milliPerUnit);
  }

  podUsageMilli(p: number, u: number): number {
    if (u >= this.t || u < this.t - this.columns.length || u < 0) return 0;
    return Math.round(this.columns[u % this.columns.length][p] * this.milliPerUnit);
  }

  assignedSince(n: number, since: number): readonly Assignment[] {
    const recent = this.nodes[n].recent;
    let k = recent.length;
    while (k > 0 && recent[k - 1].at >= since) k--;
    return k === 0 ? recent : recent.slice(k);
  }

  /** Binds pod p; `scheduled` records it among the node's recent assignments. */
  bind(p: number, n: number, scheduled: boolean): void {
    const node = this.nodes[n];
    const r = this.requests[p];
    node.version++;
    node.requestedMilli += r;
    node.nonZeroRequestedMilli += r === 0 ? NON_ZERO_MILLI_CPU : r;
    const m = this.memoryRequests[p];
    node.memoryRequestedBytes += m;
    node.nonZeroMemoryRequestedBytes += m === 0 ? NON_ZERO_MEMORY_BYTES : m;
    if (!scheduled) return;
    node.recent.push({ pod: p, at: this.t });
    let drop = 0;
    while (drop < node.recent.length && node.recent[drop].at < this.t - this.recentInstants) drop++;
    if (drop) node.recent.splice(0, drop);
  }

  unbind(p: number, n: number): void {
    const node = this.nodes[n];
    const r = this.requests[p];
    node.version++;
    node.requestedMilli -= r;
    node.nonZeroRequestedMilli -= r === 0 ? NON_ZERO_MILLI_CPU : r;
    const m = this.memoryRequests[p];
    node.memoryRequestedBytes -= m;
    node.nonZeroMemoryRequestedBytes -= m === 0 ? NON_ZERO_MEMORY_BYTES : m;
    const k = node.recent.findIndex((a) => a.pod === p);
    if (k >= 0) node.recent.splice(k, 1);
  }

  /** The pod column of instant t, to fill; then `record` the node totals of t. */
  columnSlot(t: number): Float32Array {
    return this.columns[t % this.columns.length];
  }

  record(t: number, totals: Float64Array): void {
    for (let n = 0; n < this.nodes.length; n++) this.nodes[n].ring[t % this.ringSize] = totals[n];
  }
}
