/**
 * The size of a load before it happens: from the files' byte lengths and a load of their first
 * rows, the tasks and samples the whole load would give (the memory figures are in `sizes.ts`).
 */
import {
  createLoader,
  formatOf,
  isCoded,
  roleFromName,
  type FileRole,
  type LoadReport,
  type LoadSpec,
} from '../engine/index.ts';
import { estimateFromHeaders } from './estimateNpy.ts';
import { readHead } from './fileHead.ts';
import { bytesPerSampleOf, sized, type LoadEstimate } from './sizes.ts';
import type { InputFile, StreamControl } from './stream.ts';

/** The files that hold the samples (not metadata or events), by role. */
const DATA_ROLES: ReadonlySet<FileRole> = new Set<FileRole>(['usage', 'inst', 'avg', 'samples']);

/**
 * The estimate of loading `inputs` with `spec` at `realizations`, or null when the head cannot be
 * loaded alone; .npy and the compact format from their headers (`estimateNpy.ts`). The bytes a
 * sample takes as stored are those the head's samples took (coded or float64). Tasks grow with the bytes as
 * they grew from half the head to the whole head (linear for one row per task, flat for one column
 * per task): tasks ≈ tasksHead · f^α with f = bytes / headBytes and α = log2(tasksHead/tasksHalf).
 */
export async function estimateLoad(
  inputs: readonly InputFile[],
  spec: LoadSpec,
  realizations: number,
  budgetBytes: number,
  control: StreamControl = {},
): Promise<LoadEstimate | null> {
  const roled = inputs.map((input) => ({
    input,
    role: (input.role as FileRole | undefined) ?? roleFromName(spec.format, input.name),
  }));
  const data = roled.filter((r) => DATA_ROLES.has(r.role));
  const first = data[0];
  const bytes = inputs.reduce((a, i) => a + (i.size ?? 0), 0);
  const array = formatOf(spec).arrayFile;
  if (array)
    return estimateFromHeaders(
      roled,
      array,
      spec,
      { bytes, realizations, budgetBytes },
      control.signal,
    );
  if (!first) return null;
  const dataBytes = data.reduce((a, r) => a + (r.input.size ?? 0), 0);
  const { head, storedBytes: headStored } = await readHead(first.input, control.signal);
  const cut = head.lastIndexOf(10);
  const whole = headStored >= (first.input.size ?? Infinity);
  const lines = whole || cut < 0 ? head : head.subarray(0, cut + 1);
  const full = loadAlone(spec, first.input.name, first.role, lines);
  if (!full) return null;
  let tasks: number;
  let samples: number;
  let f: number;
  if (whole) {
    // The first file whole: the others are taken to be like it (one file per task or per shard).
    f = dataBytes / Math.max(1, first.input.size ?? dataBytes);
    tasks = full.report.tasksKept * f;
    samples = full.report.samplesKept * f;
  } else {
    const half = loadAlone(spec, first.input.name, first.role, halfOf(lines));
    f = Math.max(1, dataBytes / Math.max(1, headStored * (lines.length / head.length)));
    const t = full.report.tasksKept;
    const h = half?.report.tasksKept ?? 0;
    const alpha = h > 0 && t > h ? Math.min(1, Math.log2(t / h)) : 0;
    tasks = t * f ** alpha;
    samples = full.report.samplesKept * f;
  }
  tasks = Math.max(1, Math.round(tasks));
  const maxTasks = 'maxTasks' in spec ? spec.maxTasks : undefined;
  if (maxTasks !== undefined && tasks > maxTasks) {
    samples *= maxTasks / tasks;
    tasks = maxTasks;
  }
  return sized({
    bytes,
    rows: Math.round(full.report.records * f),
    tasks,
    samples: Math.round(samples),
    realizations,
    series: full.hasAvg || data.some((r) => r.role === 'avg') ? 2 : 1,
    budgetBytes,
    extrapolated: f > 1,
    canSample: formatOf(spec).limitsTasks === true,
    bytesPerSample: bytesPerSampleOf(full.coded),
    parsedBytes: parsedBytesOf(inputs, head.length / Math.max(1, headStored)),
  });
}

const GZIP_NAME = /\.(gz|tgz)$/i;

/**
 * The bytes all `inputs` inflate to at `rate` (the head's), or null when that rate cannot stand
 * for every file: a size unknown, a zip (its head is read as stored), gzip beside plain files.
 */
function parsedBytesOf(inputs: readonly InputFile[], rate: number): number | null {
  const gzip = GZIP_NAME.test(inputs[0].name);
  let sum = 0;
  for (const i of inputs) {
    if (i.size === undefined || /\.zip$/i.test(i.name) || GZIP_NAME.test(i.name) !== gzip)
      return null;
    sum += i.size;
  }
  return sum > 0 ? Math.ceil(sum * Math.max(1, rate)) : null;
}

function halfOf(lines: Uint8Array): Uint8Array {
  const mid = lines.lastIndexOf(10, Math.floor(lines.length / 2));
  return mid < 0 ? lines.subarray(0, 0) : lines.subarray(0, mid + 1);
}

/** `bytes` loaded alone as a file of `spec` (bad lines skipped), or null when they do not load. */
function loadAlone(
  spec: LoadSpec,
  name: string,
  role: FileRole,
  bytes: Uint8Array,
): {
  report: LoadReport;
  hasAvg: boolean;
  coded: { codeBytes: number; distinct: number } | null;
} | null {
  if (bytes.length === 0) return null;
  try {
    // Every task of the head counts (a sample of tasks is applied to the whole estimate after).
    const loader = createLoader({ ...spec, skipBadLines: true, maxTasks: undefined } as LoadSpec);
    const sink = loader.file(name, role);
    sink.push(bytes);
    sink.end();
    const r = loader.finish();
    const inst = r.kind === 'samples' ? r.samples.inst : null;
    return {
      report: r.report,
      hasAvg: r.kind === 'samples' ? r.samples.avg !== undefined : r.avg !== null,
      coded:
        inst && isCoded(inst)
          ? { codeBytes: inst.codes.BYTES_PER_ELEMENT, distinct: inst.dictionary.length }
          : null,
    };
  } catch {
    return null;
  }
}
