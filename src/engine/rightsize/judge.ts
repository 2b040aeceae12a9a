/**
 * Requests judged as the cluster would live with them: the default kube-scheduler (NodeResourcesFit
 * and LeastAllocated on requests, engine/whatif `kubeDefault`) places every pod by its request, the
 * autoscaler adding a node when none fits, under the replay's scenarios (`fresh`: the pods arriving
 * on an empty cluster; `rollout:H`: then every pod re-created once over H hours, as applying new
 * requests does); each node's q counted on the judged part. Beside the nodes: how often the pods
 * used more than their request on the judged part.
 */
import type { RealizationMatrix } from '../matrix.ts';
import {
  defaultSettings,
  matrixColumns,
  onlineScheduler,
  recreations,
  runWhatIf,
  scenarioText,
  type Scenario,
  type UsageColumns,
  type WhatIfInput,
  type WhatIfResult,
} from '../whatif/index.ts';
import type { Workload } from './workloads.ts';

/** A time-aligned history as the right-sizing reads it. */
export interface RightsizeHistory {
  readonly ids: readonly string[];
  /** Pods × instants, machine units; a pod's samples lie in [first, last]. */
  readonly usage: RealizationMatrix;
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** Seconds of each instant (since any origin), and between two instants. */
  readonly times: Float64Array;
  readonly step: number;
  /** Millicores in one machine unit. */
  readonly milliPerUnit: number;
  /** A node's capacity in machine units. */
  readonly capacity: number;
}

export interface InstantRange {
  readonly start: number;
  readonly end: number;
}

/** The history's first `end` instants as usage columns. */
function truncated(usage: RealizationMatrix, end: number): UsageColumns {
  const all = matrixColumns(usage);
  return {
    pods: all.pods,
    instants: end,
    column: (t) => all.column(t),
    samples: (p, from, to) => all.samples(p, from, to),
  };
}

/**
 * One replay of kube-default with `requests` (per pod, machine units; 0: none) over instants
 * [0, judged.end), q counted on `judged`; with `memory`, kube-default places by the memory requests
 * too. Throws a RangeError when the scenario is longer than that.
 */
export function replayRequests(
  h: RightsizeHistory,
  requests: Float64Array,
  judged: InstantRange,
  scenario: Scenario,
  seed: number,
  memory: WhatIfInput['memory'] = null,
): WhatIfResult {
  const T = judged.end;
  const last = Int32Array.from(h.last, (l) => Math.min(l, T - 1));
  const events = recreations(scenario, h.first, last, T, h.step, seed);
  return runWhatIf(
    {
      ids: h.ids,
      usage: truncated(h.usage, T),
      step: h.step,
      milliPerUnit: h.milliPerUnit,
      first: h.first,
      last,
      nodes: [],
      newNodeCapacity: h.capacity,
      placement: new Int32Array(h.ids.length).fill(-1),
      requests,
      recreations: events,
      judged,
      memory,
    },
    onlineScheduler(defaultSettings('kube-default'), h.step),
  );
}

/** How often the pods of each workload used more than their request on the judged part. */
export interface Exceedance {
  /** Per workload (grouping order): judged pod samples above the request / judged pod samples. */
  readonly share: Float64Array;
  /** Workloads with at least one judged sample above their request. */
  readonly workloads: number;
  /** All judged pod samples above their request / all judged pod samples. */
  readonly overall: number;
}

export function exceedance(
  h: RightsizeHistory,
  workloads: readonly Workload[],
  requests: Float64Array,
  judged: InstantRange,
): Exceedance {
  const { cols, data } = h.usage;
  const share = new Float64Array(workloads.length);
  let above = 0;
  let seen = 0;
  let count = 0;
  workloads.forEach((w, k) => {
    let wAbove = 0;
    let wSeen = 0;
    for (const p of w.pods) {
      const r = requests[p];
      const from = Math.max(judged.start, h.first[p]);
      const to = Math.min(judged.end - 1, h.last[p]);
      for (let t = from; t <= to; t++) {
        wSeen++;
        if (data[p * cols + t] > r) wAbove++;
      }
    }
    share[k] = wSeen ? wAbove / wSeen : 0;
    if (wAbove > 0) count++;
    above += wAbove;
    seen += wSeen;
  });
  return { share, workloads: count, overall: seen ? above / seen : 0 };
}

/** A replay summed up: nodes, each node's q, the worst. */
export interface ReplayOutcome {
  readonly scenario: string;
  readonly nodes: number;
  readonly nodesAdded: number;
  readonly perNode: { readonly name: string; readonly q: number; readonly pods: number }[];
  readonly worst: { readonly name: string; readonly q: number } | null;
  /** Nodes whose q exceeds the target. */
  readonly over: number;
  readonly unschedulable: readonly string[];
}

export function outcomeOf(r: WhatIfResult, scenario: Scenario, target: number): ReplayOutcome {
  return {
    scenario: scenarioText(scenario),
    nodes: r.nodes.length,
    nodesAdded: r.nodesAdded,
    perNode: r.nodes.map((n) => ({ name: n.name, q: n.q, pods: n.pods.length })),
    worst: r.worst,
    over: r.nodes.filter((n) => n.q > target).length,
    unschedulable: r.unschedulable,
  };
}
