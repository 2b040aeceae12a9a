/**
 * Multi-resource workloads (SPEC §2, §14): per-task samples per resource, loaded by the existing
 * loaders once per resource and aligned by task id; realization matrices drawn with the same column
 * indices for every resource of a task, so their correlation in time is kept. The indices come from
 * the task's `inst` stream exactly as `realizeRow` draws them, so the CPU matrix equals the 1-D one.
 */
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import type { LoadSpec } from '../data/load/loader.ts';
import { seriesAt, seriesLength, type TaskSamples } from '../data/samples/samples.ts';

export interface MultiSamples {
  readonly resources: readonly string[];
  readonly ids: readonly string[];
  /** samples[r][i]: task i's samples of resource r; for every task all resources have equal length. */
  readonly samples: readonly (readonly Float64Array[])[];
  /** Deterministic per-task requests per resource (machine units), when the data has them. */
  readonly requests?: readonly Float64Array[];
}

export interface MultiWorkload {
  readonly resources: readonly string[];
  readonly ids: readonly string[];
  /** One (N, R) matrix per resource, the same column indices in every one. */
  readonly matrices: readonly RealizationMatrix[];
  readonly requests?: readonly Float64Array[];
}

/**
 * Aligns per-resource loads by task id (the first resource's order); a task missing from a resource,
 * or with a different sample count there, is an error naming it.
 */
export function alignResources(
  resources: readonly string[],
  loads: readonly TaskSamples[],
  requests?: readonly TaskSamples[],
): MultiSamples {
  if (resources.length === 0 || resources.length !== loads.length)
    throw new RangeError(`${resources.length} resource names for ${loads.length} loads`);
  const ids = loads[0].ids;
  const index = loads.map((l) => new Map(l.ids.map((id, i) => [id, i])));
  const samples = loads.map((l, r) =>
    ids.map((id, i) => {
      const k = index[r].get(id);
      if (k === undefined)
        throw new RangeError(
          `task "${id}" has ${resources[0]} samples but no ${resources[r]} samples`,
        );
      const s = seriesAt(l.inst, k);
      if (s.length !== seriesLength(loads[0].inst, i))
        throw new RangeError(
          `task "${id}": ${seriesLength(loads[0].inst, i)} ${resources[0]} samples but ${s.length} ${resources[r]} samples`,
        );
      return s;
    }),
  );
  const req = requests?.map((l, r) => {
    const at = new Map(l.ids.map((id, i) => [id, i]));
    return Float64Array.from(ids, (id) => {
      const k = at.get(id);
      if (k === undefined) throw new RangeError(`task "${id}" has no ${resources[r]} request`);
      return Math.max(...seriesAt(l.inst, k));
    });
  });
  return { resources, ids, samples, ...(req ? { requests: req } : {}) };
}

/** Requests carried by a Google load (task_events CPU and memory requests), as per-resource arrays. */
function googleRequests(s: TaskSamples): Float64Array[] | undefined {
  return s.requests ? [s.requests.cpu, s.requests.memory] : undefined;
}

/** Realizes every resource with the same column indices per task (stream `inst`, index = task). */
export function realizeMulti(m: MultiSamples, realizations: number, seed: number): MultiWorkload {
  if (!(Number.isInteger(realizations) && realizations >= 1))
    throw new RangeError(`invalid realization count: ${realizations}`);
  const n = m.ids.length;
  const matrices = m.resources.map(() => allocateMatrix(n, realizations, false));
  const picks = new Int32Array(realizations);
  for (let i = 0; i < n; i++) {
    const rng = Rng.stream(seed, 'inst', i);
    const len = m.samples[0][i].length;
    for (let t = 0; t < realizations; t++) picks[t] = rng.nextInt(len);
    for (let r = 0; r < matrices.length; r++) {
      const row = matrices[r].data.subarray(i * realizations, (i + 1) * realizations);
      const s = m.samples[r][i];
      for (let t = 0; t < realizations; t++) row[t] = s[picks[t]];
    }
  }
  return {
    resources: m.resources,
    ids: m.ids,
    matrices,
    ...(m.requests ? { requests: m.requests } : {}),
  };
}

/** A named multi-resource dataset: one load spec per resource over the same files, plus requests. */
interface MultiDataset {
  readonly id: string;
  readonly title: string;
  /** Files relative to the data folder, per resource. */
  readonly files: Readonly<Record<string, string>>;
  readonly specs: Readonly<Record<string, LoadSpec>>;
  /** Per-resource request specs (provisioned sizes), where the data has them. */
  readonly requestSpecs?: Readonly<Record<string, LoadSpec>>;
  readonly note: string;
}

const BITBRAINS = 'bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz';
/** The largest Bitbrains VM: 32 cores, 536,303,616 KB of memory (the reference machine, as the Google trace normalises to its largest). */
const BITBRAINS_MEM_KB = 536303616;

/**
 * Bitbrains memory for the resize wing: KB of a 64 GiB reference machine at the 32-core CPU scale
 * (our choice, 2 GiB per core; the cluster wing's reference is the largest VM instead); another
 * CPU scale scales memory alike (scale 1/8: 8 cores and 16 GiB).
 */
const BITBRAINS_RESIZE_MEMORY_KB = 64 * 1024 * 1024;

/** The long-format spec of Bitbrains memory on the resize wing's reference machine, clamped to it. */
export function bitbrainsResizeMemorySpec(scale = 1): LoadSpec {
  return {
    format: 'long',
    idColumn: 'vm_id',
    valueColumn: 'mem_usage_kb',
    unit: 'absolute',
    capacity: BITBRAINS_RESIZE_MEMORY_KB,
    scale,
    clamp: true,
  };
}

export const MULTI_DATASETS: readonly MultiDataset[] = [
  {
    id: 'bitbrains-rnd',
    title: 'Bitbrains Rnd, 100 VMs, CPU and memory',
    files: { cpu: BITBRAINS, mem: BITBRAINS },
    specs: {
      cpu: {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'cpu_usage_pct',
        scaleColumn: 'cpu_cores',
        unit: 'percent',
        scale: 1 / 32,
        clamp: true,
      },
      mem: {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'mem_usage_kb',
        unit: 'absolute',
        capacity: BITBRAINS_MEM_KB,
        scale: 1,
        clamp: true,
      },
    },
    requestSpecs: {
      cpu: {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'cpu_cores',
        unit: 'absolute',
        capacity: 32,
        scale: 1,
      },
      mem: {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'mem_capacity_kb',
        unit: 'absolute',
        capacity: BITBRAINS_MEM_KB,
        scale: 1,
      },
    },
    note: 'reference machine = the largest VM (32 cores, 511 GiB); requests = provisioned cores and memory',
  },
  {
    id: 'google-gcd-jobs',
    title: 'Google 2011 GCD per-job series, CPU and memory',
    files: {
      cpu: 'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv',
      mem: 'google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz',
    },
    specs: {
      cpu: { format: 'wide', unit: 'percent', scale: 0.1 },
      // Memory sums exceed 100 % in 613 of 460,800 values (at most 215 %): read as absolute with a
      // 250 % bound, the same conversion as the CPU preset (value / 100 × 0.1), nothing clamped.
      mem: { format: 'wide', unit: 'absolute', capacity: 250, scale: 0.25 },
    },
    note: 'both resources at the CPU preset’s scale 0.1; no requests in the data (the request fit uses each task’s observed peak)',
  },
];

export function multiDatasetById(id: string): MultiDataset | undefined {
  return MULTI_DATASETS.find((d) => d.id === id);
}

/** Loads one dataset file with one spec (the caller's I/O: ingest's `loadDataset` in Node or a worker). */
type LoadOne = (file: string, spec: LoadSpec) => Promise<TaskSamples>;

/** A named multi-resource dataset: the loaders called once per resource (and per request column). */
export async function loadMultiDataset(
  d: MultiDataset,
  resources: readonly string[],
  load: LoadOne,
): Promise<MultiSamples> {
  for (const r of resources)
    if (!d.specs[r])
      throw new RangeError(
        `dataset ${d.id} has no "${r}" resource (it has ${Object.keys(d.specs).join(', ')})`,
      );
  const loads: TaskSamples[] = [];
  for (const r of resources) loads.push(await load(d.files[r], d.specs[r]));
  let requests: TaskSamples[] | undefined;
  if (d.requestSpecs) {
    requests = [];
    for (const r of resources) requests.push(await load(d.files[r], d.requestSpecs[r]));
  }
  return alignResources(resources, loads, requests);
}

/** The Google task_usage excerpt: CPU by the Google loader, memory by `googleMemorySeries`, requests from task_events. */
export const GOOGLE_TASK_USAGE = {
  id: 'google-task-usage',
  usage: 'google-2011-task-usage/task_usage_part-00000_first10000.csv',
  events: 'google-2011-task-usage/task_events_part-00000_first20000.csv',
} as const;

/** CPU samples (with requests) from the Google loader joined with task_usage memory series by task id. */
export function googleMulti(
  cpu: TaskSamples,
  memory: ReadonlyMap<string, Float64Array>,
  resources: readonly string[],
): MultiSamples {
  const mem: TaskSamples = {
    ids: cpu.ids,
    inst: cpu.ids.map((id) => {
      const s = memory.get(id);
      if (!s) throw new RangeError(`task "${id}" has CPU records but no memory records`);
      return s;
    }),
  };
  const both = alignResources(resources, resources.length === 1 ? [cpu] : [cpu, mem]);
  const req = googleRequests(cpu)?.slice(0, resources.length);
  return req ? { ...both, requests: req } : both;
}
