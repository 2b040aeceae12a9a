/**
 * `rightsize`'s memory: with `--prometheus`, each pod's working set (cAdvisor
 * `container_memory_working_set_bytes`, the pod's containers summed, its own cgroup left out) over
 * the same range and step, in bytes; with files, `--memory FILES` read with the same format options
 * as `--data`, in the data's unit, the tasks matched by id. The samples of the learned part only.
 */
import {
  MEMORY_GIB_PER_CORE,
  memoryOnInstants,
  memoryRequests,
  type MemoryUsage,
  type PodIdentity,
  type Workload,
  type WorkloadSamples,
} from '../../../engine/rightsize/index.ts';
import type { MemoryReport } from '../../../present/rightsize/report.ts';
import { nodeMemoryBytes, podMemoryQuery, readPodMemory } from '../../../ingest/podMemory.ts';
import type { Options } from '../../args.ts';
import { memoryPerMachine } from '../../clusterFlags.ts';
import { accessFromOptions, sourceFromOptions } from '../../promOptions.ts';
import { podKey } from '../podFilter.ts';
import { loadReplay } from '../replayData.ts';
import type { loadHistory } from './history.ts';

/** Per pod (the history's rows) its memory samples and their times (s), or null when none. */
interface MemoryHistory {
  readonly pods: readonly { readonly times: Float64Array; readonly values: Float64Array }[];
  /** Bytes of one unit of the values: 1 from Prometheus, null for files (machine units). */
  readonly bytesPerUnit: number | null;
  /** Pods with no memory series. */
  readonly missing: number;
}

const EMPTY = { times: new Float64Array(0), values: new Float64Array(0) };

/** The memory of the history's pods, or null when neither the server nor a file carries any. */
async function loadMemory(
  o: Options,
  identities: readonly PodIdentity[],
  ids: readonly string[],
  origin: number,
  step: number,
): Promise<MemoryHistory | null> {
  const byPod = new Map<string, { times: Float64Array; values: Float64Array }>();
  let bytesPerUnit: number | null = null;
  const source = sourceFromOptions(o);
  if (source) {
    const query =
      (o['memory-query'] as string | undefined) ?? podMemoryQuery(o.namespace as string);
    for (const [pod, s] of await readPodMemory(source, accessFromOptions(o), query))
      byPod.set(pod, { times: s.times.map((t) => t - origin), values: s.values });
    bytesPerUnit = 1;
  } else if (o.memory !== undefined) {
    const replay = await loadReplay(
      { ...o, data: o.memory, format: o['data-format'], mode: 'aligned', learn: undefined },
      0,
      1,
    );
    const a = replay.aligned;
    // Without timestamps an instant is its index, read at the history's step as the CPU's are.
    const timeOf = (k: number) =>
      a.report.step === null ? a.instants[k] * step : a.instants[k] + a.origin - origin;
    a.ids.forEach((id, p) => {
      const from = a.spans[2 * p];
      const to = a.spans[2 * p + 1];
      const n = Math.max(0, to - from + 1);
      byPod.set(id, {
        times: Float64Array.from({ length: n }, (_, k) => timeOf(from + k)),
        values: Float64Array.from(
          a.inst.data.subarray(p * a.inst.cols + from, p * a.inst.cols + from + n),
        ),
      });
    });
  } else return null;
  if (byPod.size === 0) return null;
  let missing = 0;
  const pods = ids.map((id, p) => {
    const found = source ? byPod.get(podKey(identities[p])) : byPod.get(id);
    if (!found) missing++;
    return found ?? EMPTY;
  });
  return { pods, bytesPerUnit, missing };
}

/** Bytes of one machine unit of memory: given, else 4 GiB a core of a machine (one core when unknown). */
function machineMemoryBytes(given: number | undefined, cores: number | null): number {
  return given ?? MEMORY_GIB_PER_CORE * 2 ** 30 * (cores ?? 1);
}

/** One workload's memory samples within [from, to] (seconds, the learned part's instants). */
function memorySamples(m: MemoryHistory, w: Workload, from: number, to: number): WorkloadSamples {
  const pods: Float64Array[] = [];
  const times: Float64Array[] = [];
  for (const p of w.pods) {
    const s = m.pods[p];
    const keep: number[] = [];
    for (let k = 0; k < s.times.length; k++)
      if (s.times[k] >= from && s.times[k] <= to && Number.isFinite(s.values[k])) keep.push(k);
    pods.push(Float64Array.from(keep, (k) => s.values[k]));
    times.push(Float64Array.from(keep, (k) => s.times[k]));
  }
  return { pods, times };
}

/** Every strategy's memory requests on the learned part, with what the reading noted. */
export async function memoryOf(
  o: Options,
  loaded: Awaited<ReturnType<typeof loadHistory>>,
): Promise<{
  outcomes: MemoryReport | null;
  usage: MemoryUsage | null;
  notes: string[];
  /** Bytes of one machine unit of memory (files: --memory-per-machine, or its default). */
  machineBytes?: number;
}> {
  const h = loaded.history;
  const m = await loadMemory(o, loaded.identities, h.ids, loaded.origin, h.step);
  if (!m)
    return {
      outcomes: null,
      usage: null,
      notes:
        o.prometheus !== undefined
          ? [
              'the server holds no memory for these pods (the memory query answered nothing): CPU requests only',
            ]
          : [],
    };
  const given = memoryPerMachine(o);
  const machineBytes = machineMemoryBytes(given, loaded.coresPerUnit);
  const { start, end } = loaded.learned;
  const from = h.times[start];
  const to = h.times[end - 1];
  const workloads = loaded.grouping.workloads;
  const outcomes = memoryRequests(
    workloads.length,
    (k) => memorySamples(m, workloads[k], from, to),
    m.bytesPerUnit ?? machineBytes,
    h.times.subarray(start, end),
    h.step,
  );
  const notes = m.missing
    ? [
        `${m.missing} of ${h.ids.length} pods have no memory series: no memory request from their samples`,
      ]
    : [];
  // A node's memory: its capacity in machine units; from Prometheus, the nodes' allocatable bytes
  // unless --memory-per-machine replaces them.
  const source = sourceFromOptions(o);
  const capacity = source
    ? (given ?? (await nodeMemoryBytes(source, accessFromOptions(o))))
    : h.capacity;
  if (capacity === null)
    notes.push(
      'the server exports no kube_node_status_allocatable{resource="memory"}: memory is not judged on the nodes',
    );
  return {
    outcomes: { outcomes, bytes: m.bytesPerUnit !== null },
    machineBytes,
    usage:
      capacity === null
        ? null
        : memoryOnInstants(m.pods, h.times, h.step, capacity, m.bytesPerUnit ?? machineBytes),
    notes,
  };
}
