/**
 * The compact per-task format: what a large trace is reduced to and what the explorer reloads at
 * once. Two files side by side:
 *
 * - `NAME.npy`: float32 samples of every task, concatenated in task order, in machine units; shape
 *   (S,) with inst only, or (2, S) with row 0 inst and row 1 avg.
 * - `NAME.json`: the sidecar `CompactSidecar`: ids, offsets (task i's samples are
 *   `[offsets[i], offsets[i + 1])`), units and scale, the source files and the filters applied with
 *   their counts, and optional per-task requests.
 *
 * Realizing a reloaded dataset gives the same matrices as realizing the original, since a
 * realization is float32 anyway (SPEC §2).
 */
import { DataError } from '../streams/errors.ts';
import { encodeNpy, type NpyArray } from './npy.ts';
import type { FilterCount, LoadReport } from '../samples/report.ts';
import { seriesAt, seriesLength, taskCount, type TaskSamples } from '../samples/samples.ts';

export const COMPACT_FORMAT = 'slopack-tasks';
export const COMPACT_VERSION = 1;

export interface CompactSidecar {
  readonly format: typeof COMPACT_FORMAT;
  readonly version: number;
  /** File name of the samples `.npy`, relative to the sidecar. */
  readonly samples: string;
  readonly series: readonly ('inst' | 'avg')[];
  readonly tasks: number;
  readonly totalSamples: number;
  readonly ids: readonly string[];
  readonly offsets: readonly number[];
  /** Always machine units: a fraction of the reference machine. */
  readonly units: 'machine';
  /** How the source values were converted (e.g. "percent × scale 0.25 / 100"). */
  readonly conversion: string;
  readonly source: {
    readonly format: string;
    readonly files: readonly string[];
    readonly tool: string;
  };
  /** The options the source was loaded with (filters, scale, ...), as given. */
  readonly options: Record<string, unknown>;
  readonly counts: {
    readonly records: number;
    readonly tasksRead: number;
    readonly filters: readonly FilterCount[];
    readonly skippedLines: number;
  };
  /** Per-task requests (machine-normalised), null where unknown. */
  readonly requests?: {
    readonly cpu: readonly (number | null)[];
    readonly memory: readonly (number | null)[];
  };
}

export interface CompactFiles {
  readonly sidecar: CompactSidecar;
  /** The sidecar as text (pretty enough to read, one id per line is not worth the bytes). */
  readonly json: string;
  readonly npy: Uint8Array;
}

/** Writes samples in the compact format; `samplesFile` is the `.npy` name the sidecar points to. */
export function encodeCompact(
  samples: TaskSamples,
  report: LoadReport,
  options: Record<string, unknown>,
  samplesFile: string,
  tool = 'slopack',
): CompactFiles {
  const n = taskCount(samples.inst);
  const offsets = new Array<number>(n + 1);
  offsets[0] = 0;
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + seriesLength(samples.inst, i);
  const total = offsets[n];
  const rows = samples.avg ? 2 : 1;
  const data = new Float32Array(rows * total);
  for (let i = 0; i < n; i++) {
    data.set(seriesAt(samples.inst, i), offsets[i]);
    if (samples.avg) {
      if (seriesLength(samples.avg, i) !== seriesLength(samples.inst, i))
        throw new RangeError(`task ${samples.ids[i]}: avg and inst differ in length`);
      data.set(seriesAt(samples.avg, i), total + offsets[i]);
    }
  }
  const sidecar = compactSidecar({
    ids: samples.ids,
    offsets,
    hasAvg: samples.avg !== undefined,
    report,
    options,
    samplesFile,
    tool,
    requests: samples.requests,
  });
  return {
    sidecar,
    json: JSON.stringify(sidecar),
    npy: encodeNpy(data, rows === 2 ? [2, total] : [total]),
  };
}

/** The sidecar of a compact dataset whose samples are written elsewhere (e.g. streamed). */
export function compactSidecar(p: {
  ids: readonly string[];
  offsets: readonly number[];
  hasAvg: boolean;
  report: LoadReport;
  options: Record<string, unknown>;
  samplesFile: string;
  tool: string;
  requests?: TaskSamples['requests'];
}): CompactSidecar {
  const nullable = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));
  const { report } = p;
  return {
    format: COMPACT_FORMAT,
    version: COMPACT_VERSION,
    samples: p.samplesFile,
    series: p.hasAvg ? ['inst', 'avg'] : ['inst'],
    tasks: p.ids.length,
    totalSamples: p.offsets[p.ids.length],
    ids: p.ids,
    offsets: p.offsets,
    units: 'machine',
    conversion: report.units,
    source: { format: report.format, files: report.files.map((f) => f.name), tool: p.tool },
    options: p.options,
    counts: {
      records: report.records,
      tasksRead: report.tasksRead,
      filters: report.filters,
      skippedLines: report.skippedLines,
    },
    ...(p.requests
      ? { requests: { cpu: nullable(p.requests.cpu), memory: nullable(p.requests.memory) } }
      : {}),
  };
}

/** Checks a parsed sidecar's shape; a DataError names what is wrong. */
export function checkSidecar(value: unknown, file: string): CompactSidecar {
  const fail = (reason: string): never => {
    throw new DataError(file, null, reason);
  };
  if (typeof value !== 'object' || value === null) fail('not a JSON object');
  const s = value as Partial<CompactSidecar>;
  if (s.format !== COMPACT_FORMAT) fail(`not a ${COMPACT_FORMAT} sidecar (format field)`);
  if (s.version !== COMPACT_VERSION)
    fail(`unsupported version ${String(s.version)} (this build reads ${COMPACT_VERSION})`);
  if (typeof s.samples !== 'string') fail('samples (the .npy file name) is missing');
  if (!Number.isInteger(s.tasks) || s.tasks! < 1) fail('tasks must be a positive integer');
  if (
    !Array.isArray(s.ids) ||
    s.ids.length !== s.tasks ||
    s.ids.some((id) => typeof id !== 'string')
  )
    fail('ids must list one id (a string) per task');
  if (typeof s.conversion !== 'string') fail('conversion (how values were converted) is missing');
  const src = s.source as Partial<CompactSidecar['source']> | undefined;
  if (
    typeof src !== 'object' ||
    src === null ||
    typeof src.format !== 'string' ||
    typeof src.tool !== 'string' ||
    !Array.isArray(src.files) ||
    src.files.some((f) => typeof f !== 'string')
  )
    fail('source must give format, files and tool');
  const counts = s.counts as Partial<CompactSidecar['counts']> | undefined;
  if (
    typeof counts !== 'object' ||
    counts === null ||
    !Number.isInteger(counts.records) ||
    !Number.isInteger(counts.tasksRead) ||
    !Number.isInteger(counts.skippedLines) ||
    !Array.isArray(counts.filters) ||
    counts.filters.some(
      (f) =>
        typeof f !== 'object' ||
        f === null ||
        typeof f.id !== 'string' ||
        typeof f.label !== 'string' ||
        !Number.isInteger(f.count),
    )
  )
    fail('counts must give records, tasksRead, skippedLines and filters');
  if (typeof s.options !== 'object' || s.options === null) fail('options must be an object');
  if (!Array.isArray(s.offsets) || s.offsets.length !== s.tasks! + 1)
    fail('offsets must have tasks + 1 entries');
  if (!Array.isArray(s.series) || s.series[0] !== 'inst' || s.series.length > 2)
    fail('series must be ["inst"] or ["inst", "avg"]');
  const o = s.offsets!;
  if (o[0] !== 0) fail('offsets must start at 0');
  for (let i = 0; i < s.tasks!; i++)
    if (!Number.isInteger(o[i + 1]) || o[i + 1] <= o[i])
      fail(`offsets must increase: task ${i} has none or a bad offset`);
  if (o[s.tasks!] !== s.totalSamples) fail('the last offset must equal totalSamples');
  if (s.requests) {
    const ok = (a: unknown) =>
      Array.isArray(a) &&
      a.length === s.tasks &&
      a.every((v) => v === null || typeof v === 'number');
    if (!ok(s.requests.cpu) || !ok(s.requests.memory))
      fail('requests.cpu and requests.memory must list a number or null per task');
  }
  return s as CompactSidecar;
}

/** Reads the compact format back: the sidecar (parsed or text) and its `.npy`. */
export function decodeCompact(
  sidecarJson: string | unknown,
  npy: NpyArray,
  file: string,
): { samples: TaskSamples; sidecar: CompactSidecar } {
  let value = sidecarJson;
  if (typeof sidecarJson === 'string') {
    try {
      value = JSON.parse(sidecarJson);
    } catch (e) {
      throw new DataError(file, null, `not valid JSON: ${(e as Error).message}`);
    }
  }
  const s = checkSidecar(value, file);
  const rows = s.series.length;
  const expected = rows === 2 ? [2, s.totalSamples] : [s.totalSamples];
  if (npy.shape.join(',') !== expected.join(','))
    throw new DataError(
      s.samples,
      null,
      `shape (${npy.shape.join(', ')}) does not match the sidecar (${expected.join(', ')})`,
    );
  if (npy.dtype !== '<f4')
    throw new DataError(s.samples, null, `dtype ${npy.dtype}, the compact format stores float32`);
  const all = Float64Array.from(npy.data);
  for (let k = 0; k < all.length; k++)
    if (!(all[k] >= 0 && all[k] < Infinity))
      throw new DataError(
        s.samples,
        null,
        `value ${all[k]} at position ${k} is not a non-negative finite number`,
      );
  const slice = (base: number) =>
    Array.from({ length: s.tasks }, (_, i) =>
      all.subarray(base + s.offsets[i], base + s.offsets[i + 1]),
    );
  const back = (a: readonly (number | null)[]) =>
    Float64Array.from(a, (v) => (v === null ? NaN : v));
  return {
    sidecar: s,
    samples: {
      ids: [...s.ids].map(String),
      inst: slice(0),
      ...(rows === 2 ? { avg: slice(s.totalSamples) } : {}),
      ...(s.requests
        ? { requests: { cpu: back(s.requests.cpu), memory: back(s.requests.memory) } }
        : {}),
    },
  };
}
