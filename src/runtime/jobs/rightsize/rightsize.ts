/**
 * The Requests view's job: one unit that aligns a history (bundled or loaded, engine/data
 * `alignSamples`), groups its pods into workloads (engine/rightsize `groupWorkloads`: owner labels
 * kept on the series, else the controllers' pod names), learns every strategy's requests on the
 * first `learn` share of the instants and judges them on the rest by the same replay, as the
 * `rightsize` command does (kube-default, fresh and a one-hour rollout, a node added when none
 * fits; docs/rightsize.md). The data are in machine units, nodes of one machine. Memory, where a
 * memory file comes beside the CPU one (matched by task id, instants by index as the command line's
 * `--memory` reads them; a machine's worth per node) or the data were read from a Prometheus whose
 * working set was read beside them (matched by namespace and pod, in bytes, a node's allocatable
 * memory per node, as `rightsize --prometheus` reads them), is sized by every strategy on the
 * learned part and judged on the nodes' memory, as the command line does.
 */
import { alignSamples, type TaskSamples } from '../../../engine/data/index.ts';
import type { AlignOptions } from '../../../engine/index.ts';
import {
  groupWorkloads,
  memoryOnInstants,
  memoryRequests,
  outcomeNotes,
  podIdentity,
  rightsize,
  rightsizeHistory,
  STRATEGIES,
  ungroupedNote,
  type RightsizeResult,
  type MemoryOutcome,
  type RightsizeHistory,
  type Workload,
  type Grouping,
  type PodIdentity,
  podKey,
  SMALLEST_CPU_QUANTITY,
} from '../../../engine/rightsize/index.ts';
import type { Scenario } from '../../../engine/whatif/index.ts';
import { defineJob } from '../job.ts';

/** Seconds per instant of data without timestamps (the bundled histories: five minutes). */
const STEP = 300;
/** The smallest request the API server allows, 1 m, read in machines (one machine, one core). */
const MIN_REQUEST = 0.001;
const SCENARIOS: readonly Scenario[] = [{ kind: 'fresh' }, { kind: 'rollout', hours: 1 }];

/**
 * Memory beside the CPU: a file in machine units (a bundled history's, matched by task id, instants
 * by index), or a Prometheus working set in bytes per `namespace/pod` (unix seconds) with a node's
 * memory in bytes (null when the server exports none: requests given, not judged on the nodes).
 */
export type RightsizeMemory =
  | {
      readonly kind: 'machines';
      readonly samples: TaskSamples;
      /** Bytes of one machine unit of memory (the view's memory per machine). */
      readonly bytesPerMachine: number;
    }
  | {
      readonly kind: 'bytes';
      readonly pods: readonly {
        readonly key: string;
        readonly times: Float64Array;
        readonly values: Float64Array;
      }[];
      readonly nodeBytes: number | null;
    };

interface RightsizeSpec {
  readonly samples: TaskSamples;
  /** How the data's format aligns them (the loaded data's `align`; none for a bundled history). */
  readonly align?: AlignOptions;
  /** The share of the instants learned, from the first; the rest is judged. */
  readonly learn: number;
  readonly target: number;
  readonly seed: number;
  readonly memory?: RightsizeMemory;
}

export interface RightsizeOut {
  readonly result: RightsizeResult;
  readonly workloads: Workload[];
  /** Per workload the container its patch names (the series' `container` label, else its name). */
  readonly containers: string[];
  readonly ungrouped: string[];
  readonly learned: { readonly start: number; readonly end: number };
  readonly judged: { readonly start: number; readonly end: number };
  readonly step: number;
  readonly pods: number;
  readonly notes: string[];
  /** Every strategy's memory requests (bytes or machine units), or null where the history carries none. */
  readonly memory: { readonly outcomes: MemoryOutcome[]; readonly bytes: boolean } | null;
}

type PodSeries = { times: Float64Array; values: Float64Array };
const NO_SAMPLES: PodSeries = { times: new Float64Array(0), values: new Float64Array(0) };

/** Per pod of the history its memory samples, on the history's clock; none where a pod has none. */
function memoryPods(
  memory: RightsizeMemory,
  h: RightsizeHistory,
  identities: readonly PodIdentity[],
  origin: number,
): { pods: PodSeries[]; missing: number } {
  let missing = 0;
  const found = (s: PodSeries | undefined) => {
    if (!s) missing++;
    return s ?? NO_SAMPLES;
  };
  if (memory.kind === 'bytes') {
    const byPod = new Map(memory.pods.map((s) => [s.key, s]));
    const pods = identities.map((w) => {
      const s = byPod.get(podKey(w));
      return found(s && { times: s.times.map((t) => t - origin), values: s.values });
    });
    return { pods, missing };
  }
  const a = alignSamples(memory.samples, {});
  const row = new Map(a.ids.map((id, p) => [id, p]));
  const pods = h.ids.map((id) => {
    const p = row.get(id);
    if (p === undefined) return found(undefined);
    const from = a.spans[2 * p];
    const n = Math.max(0, a.spans[2 * p + 1] - from + 1);
    const at = p * a.inst.cols + from;
    return {
      times: Float64Array.from({ length: n }, (_, k) => a.instants[from + k] * h.step),
      values: Float64Array.from(a.inst.data.subarray(at, at + n)),
    };
  });
  return { pods, missing };
}

/** Every strategy's memory requests on the learned part and the usage the nodes are judged on. */
function sizeMemory(
  memory: RightsizeMemory,
  h: RightsizeHistory,
  grouping: Grouping,
  identities: readonly PodIdentity[],
  origin: number,
  learned: { readonly start: number; readonly end: number },
) {
  const { pods, missing } = memoryPods(memory, h, identities, origin);
  const workloads = grouping.workloads;
  const bytes = memory.kind === 'bytes';
  if (bytes && missing === pods.length) return null;
  const perUnit = memory.kind === 'bytes' ? 1 : memory.bytesPerMachine;
  const from = h.times[learned.start];
  const to = h.times[learned.end - 1];
  const outcomes = memoryRequests(
    workloads.length,
    (k) => {
      const kept = workloads[k].pods.map((p) => {
        const s = pods[p];
        const keep = [...s.times.keys()].filter(
          (j) => s.times[j] >= from && s.times[j] <= to && Number.isFinite(s.values[j]),
        );
        return {
          t: Float64Array.from(keep, (j) => s.times[j]),
          v: Float64Array.from(keep, (j) => s.values[j]),
        };
      });
      return { pods: kept.map((x) => x.v), times: kept.map((x) => x.t) };
    },
    perUnit,
    h.times.subarray(learned.start, learned.end),
    h.step,
  );
  const capacity = memory.kind === 'bytes' ? memory.nodeBytes : h.capacity;
  const usage =
    capacity === null ? null : memoryOnInstants(pods, h.times, h.step, capacity, perUnit);
  const notes = [
    missing
      ? `${missing} of ${h.ids.length} ${bytes ? 'pods' : 'tasks'} have no memory series: no memory request from their samples`
      : null,
    capacity === null
      ? 'the server exports no kube_node_status_allocatable{resource="memory"}: memory is not judged on the nodes'
      : null,
  ];
  return { outcomes, usage, notes, bytes };
}

export const rightsizeRun = defineJob({
  needsPool: false,
  units(spec: RightsizeSpec): number[] {
    if (!(spec.learn > 0 && spec.learn < 1))
      throw new RangeError(`the learned share must be in (0, 1), got ${spec.learn}`);
    if (!(spec.target > 0 && spec.target < 1))
      throw new RangeError(`the target q* must be in (0, 1), got ${spec.target}`);
    return [0];
  },
  run(_ctx, spec: RightsizeSpec, _unit: number, checkpoint): RightsizeOut {
    const aligned = alignSamples(spec.samples, spec.align ?? {});
    checkpoint();
    const T = aligned.inst.cols;
    const cut = Math.floor(spec.learn * T + 0.5);
    if (cut < 2 || T - cut < 1)
      throw new RangeError(
        `the history is too short: ${T} instants, ${cut} learned and ${T - cut} judged; the requests need at least 2 learned instants and one judged`,
      );
    const history = rightsizeHistory(aligned, { step: STEP, coresPerUnit: null, capacity: 1 });
    const identities = aligned.ids.map(podIdentity);
    const grouping = groupWorkloads(aligned.ids, new Map(), identities);
    const learned = { start: 0, end: cut };
    const judged = { start: cut, end: T };
    const memory = spec.memory
      ? sizeMemory(spec.memory, history, grouping, identities, aligned.origin, learned)
      : null;
    const result = rightsize({
      history,
      workloads: grouping.workloads,
      learned,
      judged,
      target: spec.target,
      scenarios: SCENARIOS,
      seed: spec.seed,
      minRequest: MIN_REQUEST,
      today: null,
      strategies: STRATEGIES,
      memory: memory?.usage && {
        usage: memory.usage,
        requests: Object.fromEntries(memory.outcomes.map((m) => [m.strategy, m.requests])),
      },
    });
    const notes = [
      ungroupedNote(grouping, aligned.ids.length),
      ...result.notes,
      ...(memory?.notes ?? []),
      ...outcomeNotes(result, SMALLEST_CPU_QUANTITY, grouping.workloads),
    ];
    return {
      result,
      workloads: grouping.workloads,
      containers: grouping.workloads.map((w) => identities[w.pods[0]].labels.container || w.name),
      ungrouped: grouping.ungrouped,
      learned,
      judged,
      step: history.step,
      pods: aligned.ids.length,
      notes: notes.filter((n): n is string => n !== null),
      memory: memory && { outcomes: memory.outcomes, bytes: memory.bytes },
    };
  },
});
