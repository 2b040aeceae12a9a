/**
 * The size of a load before it happens: from the files' byte lengths and a load of their first
 * rows, the tasks and samples the whole load would give (the memory figures are in `sizes.ts`).
 */
import {
  DataError,
  createLoader,
  roleFromName,
  type FileRole,
  type LoadReport,
  type LoadSpec,
} from '../engine/index.ts';
import { sized, type LoadEstimate } from './sizes.ts';
import type { InputFile, StreamControl } from './stream.ts';

/** Bytes of the first data file loaded for the estimate. */
export const ESTIMATE_HEAD_BYTES = 1 << 20;
/** The files that hold the samples (not metadata or events), by role. */
const DATA_ROLES: ReadonlySet<FileRole> = new Set<FileRole>(['usage', 'inst', 'avg', 'samples']);

/**
 * The estimate of loading `inputs` with `spec` at `realizations`, or null when the head cannot be
 * loaded alone (formats that need every file, e.g. a compact sidecar). Tasks grow with the bytes as
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
  if (!first || spec.format === 'compact' || spec.format === 'npy') return null;
  const bytes = inputs.reduce((a, i) => a + (i.size ?? 0), 0);
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
    canSample: spec.format === 'wide',
  });
}

/**
 * The first bytes of a file (decompressed) and the stored bytes they came from: a plain file's
 * first `ESTIMATE_HEAD_BYTES`; for gzip, the output of its first `ESTIMATE_HEAD_BYTES / 8` stored
 * bytes (a decompressor reads ahead, so a prefix of known length is inflated on its own).
 */
async function readHead(
  input: InputFile,
  signal: AbortSignal | undefined,
): Promise<{ head: Uint8Array; storedBytes: number }> {
  signal?.throwIfAborted();
  let raw: ReadableStream<Uint8Array>;
  try {
    raw = await input.open();
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw new DataError(input.name, null, `cannot open: ${(e as Error).message}`);
  }
  const prefix = await readPrefix(raw, ESTIMATE_HEAD_BYTES, signal);
  const gzip = prefix.length >= 2 && prefix[0] === 0x1f && prefix[1] === 0x8b;
  if (!gzip) return { head: prefix, storedBytes: prefix.length };
  const stored = prefix.subarray(0, ESTIMATE_HEAD_BYTES / 8);
  const inflated = await gunzipPrefix(stored, ESTIMATE_HEAD_BYTES * 8);
  return { head: inflated, storedBytes: stored.length };
}

async function readPrefix(
  raw: ReadableStream<Uint8Array>,
  bytes: number,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const reader = raw.getReader();
  const out = new Uint8Array(bytes);
  let filled = 0;
  try {
    while (filled < bytes) {
      const r = await reader.read();
      signal?.throwIfAborted();
      if (r.done) break;
      const n = Math.min(r.value.length, bytes - filled);
      out.set(r.value.subarray(0, n), filled);
      filled += n;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, filled);
}

/** What `stored` (a gzip prefix) inflates to, up to `limit` bytes; the cut tail is ignored. */
async function gunzipPrefix(stored: Uint8Array, limit: number): Promise<Uint8Array> {
  const ds = new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const writer = ds.writable.getWriter();
  writer.write(stored).catch(() => {});
  writer.close().catch(() => {});
  const reader = ds.readable.getReader();
  const out = new Uint8Array(limit);
  let filled = 0;
  try {
    while (filled < limit) {
      const r = await reader.read();
      if (r.done) break;
      const n = Math.min(r.value.length, limit - filled);
      out.set(r.value.subarray(0, n), filled);
      filled += n;
    }
  } catch {
    // The prefix ends mid-stream: what came out before is the head.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, filled);
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
): { report: LoadReport; hasAvg: boolean } | null {
  if (bytes.length === 0) return null;
  try {
    // Every task of the head counts (a sample of tasks is applied to the whole estimate after).
    const loader = createLoader({ ...spec, skipBadLines: true, maxTasks: undefined } as LoadSpec);
    const sink = loader.file(name, role);
    sink.push(bytes);
    sink.end();
    const r = loader.finish();
    return {
      report: r.report,
      hasAvg: r.kind === 'samples' ? r.samples.avg !== undefined : r.avg !== null,
    };
  } catch {
    return null;
  }
}
