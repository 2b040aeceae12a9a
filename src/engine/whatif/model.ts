/**
 * The what-if replay's vocabulary: the history it walks (one column of pod usage per instant), the
 * nodes it starts with, what a scheduler may read when a pod arrives, and what comes out.
 */

/** Pod usage over time, read column by column in time order (machine units). */
export interface UsageColumns {
  readonly pods: number;
  readonly instants: number;
  /** Every pod's usage at instant t; the array may be reused by the next call. */
  column(t: number): Float32Array;
  /** Pod p's samples at instants [from, to), for the request assumption (what was known then). */
  samples(p: number, from: number, to: number): Float32Array;
}

/** One node a scheduler may choose, as the cluster's state has it at the arrival. */
export interface NodeFacts {
  readonly name: string;
  /** Allocatable CPU in millicores (integers, as the API server reports them). */
  readonly capacityMilli: number;
  /** Sum of the requests of the pods bound to it (NodeInfo.Requested). */
  readonly requestedMilli: number;
  /** The same with a pod without a request counted at 100 m (NodeInfo.NonZeroRequested). */
  readonly nonZeroRequestedMilli: number;
  /** Allocatable memory in bytes; 0 where the data carry no memory (scores then leave memory out). */
  readonly memoryBytes: number;
  /** Sum of the memory requests of the pods bound to it, and with a pod without one at 200 MiB. */
  readonly memoryRequestedBytes: number;
  readonly nonZeroMemoryRequestedBytes: number;
  /** The instant the node joined the cluster. */
  readonly since: number;
  /** Counts the binds and unbinds on it: what a scheduler caches per node is stale when it moved. */
  readonly version: number;
}

/** A pod the scheduler bound to a node, and the instant it did (just before that instant's sample). */
export interface Assignment {
  readonly pod: number;
  readonly at: number;
}

/**
 * What a scheduler knows when a pod arrives at instant t: the nodes' requests (the API server's),
 * and usage only at instants before t (the metrics agents' reports): a node's total and a pod's own.
 */
export interface ClusterView {
  readonly t: number;
  /** Seconds per instant. */
  readonly step: number;
  readonly nodeCount: number;
  node(n: number): NodeFacts;
  /** Node n's usage at instant u < t in millicores, or null when it was not running then. */
  nodeUsageMilli(n: number, u: number): number | null;
  /** Pod p's usage at instant u < t in millicores (0 when it was not running). */
  podUsageMilli(p: number, u: number): number;
  /** The pods bound to node n at instants ≥ since (the scheduler's own recent decisions). */
  assignedSince(n: number, since: number): readonly Assignment[];
  /** Pod p's CPU request in millicores (0: none). */
  requestMilli(p: number): number;
  /** Pod p's memory request in bytes (0: none, or the data carry no memory). */
  memoryRequestBytes(p: number): number;
}

/** A scheduler deciding online: a node index for pod p, or -1 when no node passes its filters. */
export interface OnlineScheduler {
  readonly name: string;
  /** Its settings as its project names them (for the output). */
  readonly settings: Readonly<Record<string, number | string>>;
  /** Instants of node usage it reads before each arrival (its longest window), at least 1. */
  readonly historyInstants: number;
  /** Its longest time window, named as its project names it (refused when the history is shorter). */
  readonly window: {
    readonly what: string;
    readonly seconds: number;
    readonly instants: number;
  } | null;
  place(pod: number, view: ClusterView): number;
}

/** One node of the starting cluster. */
export interface StartNode {
  readonly name: string;
  /** Capacity in machine units. */
  readonly capacity: number;
}

/** A pod's time on one node: instants [from, to). */
export interface Residence {
  readonly node: number;
  readonly from: number;
  readonly to: number;
}

export interface NodeOutcome {
  readonly name: string;
  readonly capacity: number;
  /** The instant it joined (0 for the starting nodes). */
  readonly since: number;
  /** Pods on it at the end of the replay, in the data's order. */
  readonly pods: string[];
  /** Judged instants whose total is strictly above capacity, and their share of the judged part. */
  readonly overloads: number;
  readonly q: number;
  /** The judged instants over capacity (kept when asked). */
  readonly overloadInstants: number[] | null;
  /** Its total at every instant (kept when asked). */
  readonly usage: Float32Array | null;
  readonly peak: number;
}

export interface WhatIfResult {
  readonly scheduler: string;
  readonly settings: Readonly<Record<string, number | string>>;
  /** The descheduler run at its interval, if any, and its settings. */
  readonly descheduler: {
    readonly name: string;
    readonly settings: Readonly<Record<string, number | string>>;
  } | null;
  readonly instants: number;
  readonly judged: { readonly start: number; readonly end: number };
  readonly nodes: NodeOutcome[];
  /** The node with the highest q on the judged part (the first by name among equals). */
  readonly worst: { readonly name: string; readonly q: number } | null;
  /** Per pod (data order), its nodes over time. */
  readonly residences: Residence[][];
  /** Scheduling decisions taken, pods moved off a node they ran on (re-created elsewhere), nodes the autoscaler added. */
  readonly decisions: number;
  readonly migrations: number;
  readonly evictions: number;
  readonly nodesAdded: number;
  /** Pods no node could take, even an empty new one (their usage is not counted). */
  readonly unschedulable: string[];
}
