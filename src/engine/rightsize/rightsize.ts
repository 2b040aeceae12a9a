/**
 * Right-sizing side by side: per workload a CPU request from each strategy (slopack's effective
 * sizing, krr `simple`, the VPA recommender, and today's requests where the cluster exports them),
 * all learned on the same learned part, each judged on the same judged part by the same replay
 * (kube-default by requests, the autoscaler adding nodes; `judge.ts`).
 */
import type { Scenario } from '../whatif/index.ts';
import { effectiveSizing, podRequests, type EffectiveSizing } from './effective.ts';
import {
  exceedance,
  outcomeOf,
  replayRequests,
  type Exceedance,
  type InstantRange,
  type ReplayOutcome,
  type RightsizeHistory,
} from './judge.ts';
import { krrSimple, vpaTarget, type Recommendation, type WorkloadSamples } from './recommenders.ts';
import { memoryExceedance, memoryOnNodes, type MemoryUsage } from './memoryNodes.ts';
import type { Workload } from './workloads.ts';

export const STRATEGIES = ['slopack', 'krr', 'vpa'] as const;

/** The default minimum request and its rule, as the notes name it. */
export const SMALLEST_CPU_QUANTITY = "1 m (the API server's smallest CPU quantity)";
export type StrategyName = (typeof STRATEGIES)[number];

interface RightsizeInput {
  readonly history: RightsizeHistory;
  readonly workloads: readonly Workload[];
  readonly learned: InstantRange;
  readonly judged: InstantRange;
  /** The SLO q*: a node's share of judged instants above its capacity. */
  readonly target: number;
  readonly scenarios: readonly Scenario[];
  readonly seed: number;
  /** The smallest request the cluster allows (machine units); smaller ones are raised to it. */
  readonly minRequest: number;
  /** Today's request per pod (machine units; NaN where unknown), or null when not exported. */
  readonly today: Float64Array | null;
  readonly strategies: readonly StrategyName[];
  /** The pods' working set and each strategy's memory requests (per workload), where carried. */
  readonly memory?: {
    readonly usage: MemoryUsage;
    readonly requests: Partial<Record<StrategyName, Float64Array>>;
  } | null;
}

/** Memory judged on a strategy's replays: per scenario its nodes' memory, and its requests' exceedance. */
interface MemoryJudged {
  readonly replays: { readonly worst: { name: string; q: number } | null; readonly over: number }[];
  /** Null where the strategy gives no memory requests (today's are not read). */
  readonly exceed: { readonly workloads: number; readonly overall: number } | null;
}

interface StrategyOutcome {
  readonly strategy: StrategyName | 'today';
  /** Per workload its request (machine units), or NaN where the strategy gives none. */
  readonly requests: Float64Array;
  /** Per workload why it has no request (null where it has one). */
  readonly why: (string | null)[];
  /** Workloads whose request was raised to the cluster's minimum: how many, and which (indices). */
  readonly raised: number;
  readonly raisedWorkloads: readonly number[];
  /** Requested machine units, the judged part's mean over its instants of the running pods' requests. */
  readonly requested: number;
  readonly replays: ReplayOutcome[];
  readonly exceed: Exceedance;
  /** Null where the history carries no memory. */
  readonly memory: MemoryJudged | null;
}

export interface RightsizeResult {
  readonly outcomes: StrategyOutcome[];
  readonly slopack: EffectiveSizing | null;
  readonly notes: string[];
}

/** One workload's samples on a range, in cores, with their times. */
function workloadSamples(h: RightsizeHistory, w: Workload, r: InstantRange): WorkloadSamples {
  const { cols, data } = h.usage;
  const cores = h.milliPerUnit / 1000;
  const pods: Float64Array[] = [];
  const times: Float64Array[] = [];
  for (const p of w.pods) {
    const from = Math.max(r.start, h.first[p]);
    const to = Math.min(r.end - 1, h.last[p]);
    const n = Math.max(0, to - from + 1);
    const s = new Float64Array(n);
    const t = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      s[k] = data[p * cols + from + k] * cores;
      t[k] = h.times[from + k];
    }
    pods.push(s);
    times.push(t);
  }
  return { pods, times };
}

/** Per workload its recommendation in machine units (NaN where none) and why not. */
function recommended(
  input: RightsizeInput,
  recommend: (w: WorkloadSamples) => Recommendation,
): { requests: Float64Array; why: (string | null)[] } {
  const cores = input.history.milliPerUnit / 1000;
  const why: (string | null)[] = [];
  const requests = Float64Array.from(input.workloads, (w) => {
    const r = recommend(workloadSamples(input.history, w, input.learned));
    why.push(r.why);
    return r.cores === null ? NaN : r.cores / cores;
  });
  return { requests, why };
}

/** Today's request of each workload: the largest of its pods' (NaN when none is known). */
function todays(input: RightsizeInput, today: Float64Array): Float64Array {
  return Float64Array.from(input.workloads, (w) => {
    let best = NaN;
    for (const p of w.pods) if (!Number.isNaN(today[p])) best = Math.max(best || 0, today[p]);
    return best;
  });
}

function judgeRequests(
  input: RightsizeInput,
  strategy: StrategyOutcome['strategy'],
  perWorkload: Float64Array,
  why: (string | null)[],
): StrategyOutcome {
  const h = input.history;
  const raisedWorkloads: number[] = [];
  const requests = perWorkload.map((r, k) => {
    if (Number.isNaN(r) || r >= input.minRequest) return r;
    raisedWorkloads.push(k);
    return input.minRequest;
  });
  // A workload without a request is placed as one (kube-scheduler counts it as 100 m in its score).
  const pods = podRequests(
    h.ids.length,
    input.workloads,
    requests.map((r) => (Number.isNaN(r) ? 0 : r)),
  );
  const judged = input.judged;
  let requested = 0;
  for (let p = 0; p < h.ids.length; p++) {
    const from = Math.max(judged.start, h.first[p]);
    const to = Math.min(judged.end - 1, h.last[p]);
    if (to >= from) requested += pods[p] * (to - from + 1);
  }
  requested /= Math.max(1, judged.end - judged.start);
  const memory = input.memory ? memoryToPlace(input, strategy) : null;
  const runs = input.scenarios.map((s) => replayRequests(h, pods, judged, s, input.seed, memory));
  const replays = runs.map((r, k) => outcomeOf(r, input.scenarios[k], input.target));
  return {
    strategy,
    requests,
    why,
    raised: raisedWorkloads.length,
    raisedWorkloads,
    requested,
    replays,
    exceed: exceedance(h, input.workloads, pods, judged),
    memory: input.memory ? judgeMemory(input, strategy, runs) : null,
  };
}

/**
 * The strategy's memory requests per pod, for kube-default to place by beside CPU (a workload
 * without one, and today's, which are not read, placed as a pod without a memory request).
 */
function memoryToPlace(input: RightsizeInput, strategy: StrategyOutcome['strategy']) {
  const m = input.memory!;
  const perWorkload = strategy === 'today' ? undefined : m.requests[strategy];
  const requests = podRequests(
    input.history.ids.length,
    input.workloads,
    Float64Array.from(input.workloads, (_, k) => {
      const r = perWorkload?.[k] ?? 0;
      return Number.isNaN(r) ? 0 : r;
    }),
  );
  return { requests, allocatable: m.usage.capacity, bytesPerUnit: m.usage.bytesPerUnit };
}

function judgeMemory(
  input: RightsizeInput,
  strategy: StrategyOutcome['strategy'],
  runs: ReturnType<typeof replayRequests>[],
): MemoryJudged {
  const m = input.memory!;
  const replays = runs.map((r) => {
    const { worst, over } = memoryOnNodes(r, m.usage, input.judged, input.target);
    return { worst, over };
  });
  const requests = strategy === 'today' ? undefined : m.requests[strategy];
  if (!requests) return { replays, exceed: null };
  const workloadOf = new Int32Array(input.history.ids.length);
  input.workloads.forEach((w, k) => {
    for (const p of w.pods) workloadOf[p] = k;
  });
  return { replays, exceed: memoryExceedance(workloadOf, requests, m.usage, input.judged) };
}

export function rightsize(input: RightsizeInput): RightsizeResult {
  const outcomes: StrategyOutcome[] = [];
  const notes: string[] = [];
  let slopack: EffectiveSizing | null = null;
  for (const s of input.strategies) {
    if (s === 'slopack') {
      slopack = effectiveSizing(input);
      notes.push(...slopack.notes);
      outcomes.push(
        judgeRequests(
          input,
          s,
          slopack.requests,
          input.workloads.map(() => null),
        ),
      );
    } else {
      const r = recommended(input, s === 'krr' ? (w) => krrSimple(w) : (w) => vpaTarget(w));
      outcomes.push(judgeRequests(input, s, r.requests, r.why));
    }
  }
  if (input.today) {
    const t = todays(input, input.today);
    outcomes.push(
      judgeRequests(
        input,
        'today',
        t,
        Array.from(t, (v) => (Number.isNaN(v) ? 'no request exported' : null)),
      ),
    );
  }
  return { outcomes, slopack, notes };
}

/**
 * What each strategy's outcome says beside its numbers: workloads without a recommendation (placed
 * without a request), pods no node could take, and requests raised to the cluster's minimum (`minimum` as the user gave it,
 * with the rule it comes from), naming the first five of `workloads`.
 */
export function outcomeNotes(
  r: RightsizeResult,
  minimum: string,
  workloads: readonly Workload[],
): string[] {
  const notes: string[] = [];
  for (const s of r.outcomes) {
    const missing = s.why.filter((w) => w !== null);
    if (missing.length && s.strategy !== 'today')
      notes.push(
        `${s.strategy}: ${missing.length} workloads have no recommendation (${missing[0]}); they are placed without a request`,
      );
    for (const r of s.replays)
      if (r.unschedulable.length)
        notes.push(
          `${s.strategy}, ${r.scenario}: ${r.unschedulable.length} pods' requests (CPU or memory) exceed an empty node and are left unplaced, their usage not counted (${r.unschedulable.slice(0, 5).join(', ')}${r.unschedulable.length > 5 ? ', …' : ''})`,
        );
    if (s.raised) {
      const named = s.raisedWorkloads.slice(0, 5).map((k) => workloads[k].id);
      const more = s.raised > named.length ? ', …' : '';
      notes.push(
        `${s.strategy}: ${s.raised} workloads' requests were below the cluster's minimum ${minimum} and were raised to it (${named.join(', ')}${more})`,
      );
    }
  }
  return notes;
}
