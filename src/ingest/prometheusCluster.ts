/**
 * CPU and memory of a live Prometheus source as one multi-resource workload (the `cluster` command
 * and view): CPU by the source's query in cores of the reference node, memory by
 * `container_memory_working_set_bytes` (DEFAULT_MEMORY_QUERY) in bytes of the reference node's
 * allocatable memory (`kube_node_status_allocatable{resource="memory"}`, the most common node size,
 * else given). The two answers are joined per pod on the instants both have (a rate() starts a
 * window later than the gauge it is beside), so every pod has equal-length series in both.
 */
import {
  DEFAULT_MEMORY_QUERY,
  seriesAt,
  sourceChunks,
  type LoadSpec,
  type PromSource,
  type TaskSamples,
} from '../engine/index.ts';
import { alignResources, type MultiSamples } from '../engine/cluster/index.ts';
import type { MachineType } from '../engine/cluster/index.ts';
import { loadDataset } from './load.ts';
import {
  describeSourceFailure,
  instantVector,
  loadSource,
  withRangeInputs,
  referenceCores,
  type PromAccess,
} from './prometheusSource.ts';
import type { StreamControl } from './stream.ts';
import { setting } from '../engine/index.ts';

export interface PromClusterOptions {
  readonly resources: readonly string[];
  readonly coresPerMachine?: number;
  /** Bytes of memory of the reference node, when the server does not export it. */
  readonly memoryPerMachine?: number;
  readonly memoryQuery?: string;
  /** How the caller gives the node's memory, named when the server does not export it. */
  readonly memoryHint?: string;
  /** Told before fetching when the server no longer keeps the range's beginning. */
  readonly onRetention?: (note: string) => void;
}

/** The workload, and the reference node it is measured in. */
export interface PromCluster {
  readonly samples: MultiSamples;
  readonly coresPerMachine: number;
  /** Null when memory was not asked for. */
  readonly memoryPerMachine: number | null;
  /** Where the node memory came from: the server's metric, or given. */
  readonly memoryFrom: string | null;
}

/** Allocatable memory per node (bytes), the last value within the range; empty when not exported. */
async function nodeMemory(source: PromSource, a: PromAccess): Promise<Record<string, number>> {
  const span = Math.max(300, Math.ceil(source.end - source.start));
  const query = `sum by (node) (last_over_time(kube_node_status_allocatable{resource="memory"}[${span}s]))`;
  const out: Record<string, number> = {};
  for (const r of (await instantVector(source.url, query, source.end, a)) ?? [])
    if (r.labels.node && r.value > 0 && Number.isFinite(r.value)) out[r.labels.node] = r.value;
  return out;
}

/** Keeps, per task, the instants both loads have (both sorted by time), in the first one's order. */
function joinOnInstants(a: TaskSamples, b: TaskSamples): [TaskSamples, TaskSamples] {
  const index = new Map(b.ids.map((id, i) => [id, i]));
  const ids: string[] = [];
  const left: Float64Array[] = [];
  const right: Float64Array[] = [];
  a.ids.forEach((id, i) => {
    const j = index.get(id);
    if (j === undefined) return;
    const [ta, tb] = [a.times![i], b.times![j]];
    const [va, vb] = [seriesAt(a.inst, i), seriesAt(b.inst, j)];
    const x: number[] = [];
    const y: number[] = [];
    for (let p = 0, q = 0; p < ta.length && q < tb.length;) {
      if (ta[p] === tb[q]) {
        x.push(va[p++]);
        y.push(vb[q++]);
      } else if (ta[p] < tb[q]) p++;
      else q++;
    }
    if (x.length === 0) return;
    ids.push(id);
    left.push(Float64Array.from(x));
    right.push(Float64Array.from(y));
  });
  return [
    { ids, inst: left },
    { ids, inst: right },
  ];
}

/** Reads CPU (and memory, when asked) of the source as one workload in reference-node units. */
export async function loadSourceCluster(
  source: PromSource,
  access: PromAccess,
  o: PromClusterOptions,
  control: StreamControl = {},
): Promise<PromCluster> {
  const cpu = await loadSource(
    source,
    access,
    {
      ...(o.coresPerMachine !== undefined ? { coresPerMachine: o.coresPerMachine } : {}),
      ...(o.onRetention ? { onRetention: o.onRetention } : {}),
      times: true,
    },
    control,
  );
  if (cpu.kind !== 'samples' || !cpu.samples.times)
    throw new RangeError('the CPU query did not give per-pod series over time');
  const coresPerMachine = (cpu.spec as { capacity?: number }).capacity!;
  if (!o.resources.includes('mem'))
    return {
      samples: alignResources(['cpu'], [cpu.samples]),
      coresPerMachine,
      memoryPerMachine: null,
      memoryFrom: null,
    };
  const a = { ...access, signal: access.signal ?? control.signal };
  let memoryPerMachine = o.memoryPerMachine;
  let memoryFrom = 'given';
  if (memoryPerMachine === undefined) {
    memoryPerMachine = referenceCores(await nodeMemory(source, a));
    memoryFrom = 'kube_node_status_allocatable';
  }
  if (memoryPerMachine === undefined)
    throw new RangeError(
      `memory per node needed: the server does not export kube_node_status_allocatable{resource="memory"}; ${o.memoryHint ?? `give the node's memory (${setting('memory-per-machine')}, e.g. 64Gi)`}`,
    );
  const memSource = { ...source, query: o.memoryQuery ?? DEFAULT_MEMORY_QUERY };
  let mem;
  try {
    mem = await withRangeInputs(memSource, a, (inputs) =>
      loadDataset(
        inputs,
        {
          format: 'prometheus',
          unit: 'absolute',
          capacity: memoryPerMachine,
          query: memSource.query,
          step: source.step,
          rangeStart: source.start,
          rangeEnd: source.end,
          askedRanges: sourceChunks(memSource),
          times: true,
        } as LoadSpec & { times: boolean },
        control,
      ),
    );
  } catch (e) {
    throw describeSourceFailure(e, memSource);
  }
  if (mem.kind !== 'samples' || !mem.samples.times)
    throw new RangeError('the memory query did not give per-pod series over time');
  const [c, m] = joinOnInstants(cpu.samples, mem.samples);
  if (c.ids.length === 0)
    throw new RangeError(
      `no pod has both CPU and memory series at the same instants (CPU: ${source.query}; memory: ${memSource.query}); both must group by the same labels`,
    );
  return {
    samples: alignResources(['cpu', 'mem'], [c, m]),
    coresPerMachine,
    memoryPerMachine,
    memoryFrom,
  };
}

/** The reference node as the one machine type (no power model: energy reads 0). */
export function nodeType(c: PromCluster): MachineType {
  const gib =
    c.memoryPerMachine === null ? '' : `, ${+(c.memoryPerMachine / 2 ** 30).toFixed(2)} GiB`;
  return {
    name: `node (${c.coresPerMachine} cores${gib})`,
    capacity: c.memoryPerMachine === null ? [1] : [1, 1],
    count: null,
    idleWatts: 0,
    peakWatts: 0,
  };
}

/** A memory size: bytes, or a Kubernetes quantity (64Gi, 512Mi, 64G); NaN when unreadable. */
export function parseMemory(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(Ki|Mi|Gi|Ti|K|M|G|T)?B?$/.exec(text.trim());
  if (!m) return NaN;
  const unit: Record<string, number> = {
    '': 1,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
    K: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
  };
  return Number(m[1]) * unit[m[2] ?? ''];
}
