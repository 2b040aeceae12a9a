/**
 * One entry point for every input format (SPEC §10): a `LoadSpec` names the format and its
 * options (plain data, so it crosses a worker boundary and sits in a preset), `createLoader` takes
 * files chunk by chunk and `finish()` returns the samples (or a ready realization matrix) with a
 * report of what every filter did. Pure and synchronous: the streaming layer (src/ingest) feeds it.
 */
import { DataError } from './errors.ts';
import { latin1, type ChunkSink } from './bytes.ts';
import { ColumnsLoader, type ColumnsOptions } from './columns.ts';
import { decodeCompact } from './compact.ts';
import { GoogleLoader, type GoogleOptions } from './google.ts';
import { LongLoader, type LongOptions } from './long.ts';
import { NpyReader, type NpyArray } from './npy.ts';
import type { FileReport, LoadReport, LoadResult } from './report.ts';
import { conversion, describeUnit, type Unit, loadsRaw } from './units.ts';
import { WideLoader, type WideOptions } from './wide.ts';
import { compactExtras, compactSamples } from './coded.ts';
import type { SampleStorage } from './samples.ts';
import * as traces from './traces.ts';
import { withArchives } from './archiveLoader.ts';
import { matrixFrom } from '../matrix.ts';

export { FORMATS, FORMAT_TITLES, type FormatId } from './formatIds.ts';
import type { FormatId } from './formatIds.ts';

export interface NpyOptions {
  /** (N, T) samples per task (default) or a ready (N, R) realization matrix. */
  readonly kind?: 'samples' | 'realizations';
  readonly unit?: Unit;
  readonly scale?: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
}

export type LoadSpec =
  | ({ readonly format: 'google' } & GoogleOptions)
  | ({ readonly format: 'wide' } & WideOptions)
  | ({ readonly format: 'columns' } & ColumnsOptions)
  | ({ readonly format: 'long' } & LongOptions)
  | ({ readonly format: 'npy' } & NpyOptions)
  | { readonly format: 'compact' }
  | traces.TraceSpec;

/** What a file is to its format. */
export type FileRole =
  'usage' | 'events' | 'inst' | 'avg' | 'sidecar' | 'samples' | traces.TraceRole;

export const ROLES: Record<FormatId, readonly FileRole[]> = {
  google: ['usage', 'events'],
  wide: ['inst'],
  columns: ['inst', 'avg'],
  long: ['inst'],
  npy: ['inst', 'avg'],
  compact: ['sidecar', 'samples'],
  ...traces.TRACE_ROLES,
};

/** A file's role from its name, when the user did not say. */
export function roleFromName(format: FormatId, name: string): FileRole {
  const base = name.replace(/^.*[\\/]/, '').toLowerCase();
  switch (format) {
    case 'google':
      return base.includes('task_events') || base.includes('events') ? 'events' : 'usage';
    case 'columns':
    case 'npy':
      return /(^|[^a-z])(avg|mean|average)([^a-z]|$)/.test(base) ? 'avg' : 'inst';
    case 'compact':
      return base.endsWith('.json') ? 'sidecar' : 'samples';
    case 'wide':
    case 'long':
      return 'inst';
    default:
      return traces.traceRoleFromName(format, name);
  }
}

/** Takes the files of one dataset, then returns it. */
export interface DatasetLoader {
  readonly format: FormatId;
  /** A sink for one file's (decompressed) bytes; the role defaults to `roleFromName`. */
  file(name: string, role?: FileRole): ChunkSink;
  finish(): LoadResult;
}

/**
 * A loader for `spec`; option errors are RangeErrors naming the bad value. Samples are kept coded
 * where exact (`storage` 'compact', samples.ts `CodedSeries`: the wide CSV codes row by row, the
 * other formats when they finish), else as float64 arrays per task — bit-identical either way.
 */
export function createLoader(
  spec: LoadSpec,
  storage: SampleStorage = 'compact',
  keep: { readonly times?: boolean } = {},
): DatasetLoader {
  const plain = createPlainLoader(spec.format === 'wide' ? { ...spec, storage } : spec);
  const loader = keep.times
    ? withArchives(plain, (m) => roleFromName(spec.format, m))
    : withoutTimes(withArchives(plain, (m) => roleFromName(spec.format, m)));
  // The wide CSV codes row by row as it loads (or settled on float64 while loading).
  if (storage === 'float64' || spec.format === 'wide') return loader;
  return {
    format: loader.format,
    file: (name, role) => loader.file(name, role),
    finish() {
      const r = loader.finish();
      if (r.kind !== 'samples') return r;
      const extras = r.rawExtras && { rawExtras: compactExtras(r.rawExtras) };
      return { ...r, samples: compactSamples(r.samples), ...extras };
    },
  };
}

/** Timestamps are dropped unless asked for: only time-aligned replay reads them. */
function withoutTimes(loader: DatasetLoader): DatasetLoader {
  return {
    format: loader.format,
    file: (name, role) => loader.file(name, role),
    finish() {
      const r = loader.finish();
      if (r.kind !== 'samples' || !r.samples.times) return r;
      const { times: _times, ...samples } = r.samples;
      return { ...r, samples };
    },
  };
}

function createPlainLoader(spec: LoadSpec): DatasetLoader {
  switch (spec.format) {
    case 'google': {
      const g = new GoogleLoader(spec);
      return {
        format: 'google',
        file: (name, role = roleFromName('google', name)) => {
          checkRole('google', name, role);
          return role === 'events' ? g.eventsFile(name) : g.usageFile(name);
        },
        finish: () => ({ kind: 'samples', ...g.finish() }),
      };
    }
    case 'wide': {
      const w = new WideLoader(spec);
      return {
        format: 'wide',
        file: (name, role = 'inst') => {
          checkRole('wide', name, role);
          return w.file(name);
        },
        finish: () => ({ kind: 'samples', ...w.finish() }),
      };
    }
    case 'columns': {
      const c = new ColumnsLoader(spec);
      return {
        format: 'columns',
        file: (name, role = roleFromName('columns', name)) => {
          checkRole('columns', name, role);
          return c.file(name, role as 'inst' | 'avg');
        },
        finish: () => ({ kind: 'samples', ...c.finish() }),
      };
    }
    case 'long': {
      const l = new LongLoader(spec);
      return {
        format: 'long',
        file: (name, role = 'inst') => {
          checkRole('long', name, role);
          return l.file(name);
        },
        finish: () => ({ kind: 'samples', ...l.finish() }),
      };
    }
    case 'npy':
      return npyLoader(spec);
    case 'compact':
      return compactLoader();
    case 'prometheus':
    case 'alibaba':
    case 'azure2':
    case 'google2019':
    case 'bitbrains': {
      const t = traces.createTraceLoader(spec);
      const format = spec.format;
      return {
        format,
        file: (name, role = roleFromName(format, name)) => {
          checkRole(format, name, role);
          return t.file(name, role as traces.TraceRole);
        },
        finish: () => t.finish(),
      };
    }
    default:
      throw new RangeError(`invalid format: ${String((spec as { format: unknown }).format)}`);
  }
}

function checkRole(format: FormatId, name: string, role: FileRole): void {
  if (!ROLES[format].includes(role))
    throw new RangeError(
      `invalid role ${role} for ${name}: ${format} files are ${ROLES[format].join(' or ')}`,
    );
}

function npyLoader(spec: NpyOptions): DatasetLoader {
  const kind = spec.kind ?? 'samples';
  if (kind !== 'samples' && kind !== 'realizations')
    throw new RangeError(`invalid npy kind: ${String(kind)}`);
  const conv = conversion({
    unit: spec.unit ?? 'fraction',
    scale: spec.scale ?? 1,
    capacity: spec.capacity,
    clamp: spec.clamp,
    // Samples kept as stored (for `applyUnits`); a realization matrix takes no unit.
    raw: kind === 'samples' && loadsRaw(spec),
  });
  const readers: { role: 'inst' | 'avg'; reader: NpyReader }[] = [];
  return {
    format: 'npy',
    file(name, role = roleFromName('npy', name)) {
      checkRole('npy', name, role);
      if (readers.some((r) => r.role === role))
        throw new RangeError(`two ${role} .npy files: give one inst and at most one avg`);
      const reader = new NpyReader(name);
      readers.push({ role: role as 'inst' | 'avg', reader });
      return reader;
    },
    finish() {
      const inst = readers.find((r) => r.role === 'inst');
      if (!inst) throw new DataError('npy', null, 'no inst .npy file given');
      const avg = readers.find((r) => r.role === 'avg');
      const arrays = readers.map((r) => ({ ...r, array: r.reader.result() }));
      for (const a of arrays)
        if (a.array.shape.length !== 2)
          throw new DataError(
            a.reader.file,
            null,
            `expected a 2-D (N, ${kind === 'samples' ? 'T' : 'R'}) array, got shape (${a.array.shape.join(', ')})`,
          );
      const instA = arrays.find((a) => a.role === 'inst')!.array;
      const avgA = arrays.find((a) => a.role === 'avg')?.array ?? null;
      if (avgA && avgA.shape.join() !== instA.shape.join())
        throw new DataError(
          avg!.reader.file,
          null,
          `shape (${avgA.shape.join(', ')}) differs from the inst array's (${instA.shape.join(', ')})`,
        );
      const [rows, cols] = instA.shape;
      if (rows === 0 || cols === 0)
        throw new DataError(inst.reader.file, null, `empty array, shape (${rows}, ${cols})`);
      const files: FileReport[] = readers.map((r) => ({
        name: r.reader.file,
        role: r.role,
        bytes: r.reader.bytes,
        lines: 0,
      }));
      const report = (notes: string[]): LoadReport => ({
        format: 'npy',
        files,
        records: rows * cols,
        tasksRead: rows,
        tasksKept: rows,
        samplesKept: rows * cols,
        filters: [],
        skippedLines: 0,
        skippedExamples: [],
        units: kind === 'realizations' ? 'as stored (a realization matrix)' : describeUnit(conv),
        notes,
      });
      if (kind === 'realizations') {
        const matrix = (a: NpyArray, file: string) => {
          checkMatrixValues(a.data, cols, file, null);
          const data = a.data instanceof Float32Array ? a.data : Float32Array.from(a.data);
          return matrixFrom(rows, cols, data);
        };
        return {
          kind: 'matrix',
          inst: matrix(instA, inst.reader.file),
          avg: avgA ? matrix(avgA, avg!.reader.file) : null,
          report: report([]),
        };
      }
      const series = (a: NpyArray, file: string) => {
        const out: Float64Array[] = [];
        const all = new Float64Array(rows * cols);
        checkMatrixValues(a.data, cols, file, conv.clamp ? null : conv.bound, conv.label);
        for (let k = 0; k < all.length; k++) {
          let v = a.data[k];
          if (v > conv.bound) v = conv.bound;
          all[k] = (v / conv.divisor) * conv.scale;
        }
        for (let i = 0; i < rows; i++) out.push(all.subarray(i * cols, (i + 1) * cols));
        return out;
      };
      return {
        kind: 'samples',
        samples: {
          ids: Array.from({ length: rows }, (_, i) => String(i)),
          inst: series(instA, inst.reader.file),
          ...(avgA ? { avg: series(avgA, avg!.reader.file) } : {}),
        },
        report: report([]),
      };
    },
  };
}

const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * Every value of an (N, cols) array finite, ≥ 0 and at most `bound` (none when null); else a
 * DataError naming the file, row, column and value. A realization matrix read from anywhere passes
 * here: NaN, ±Inf and negative values never reach a packing.
 */
export function checkMatrixValues(
  data: ArrayLike<number>,
  cols: number,
  file: string,
  bound: number | null,
  label = '',
  firstIndex = 0,
): void {
  const limit = bound ?? FLOAT32_MAX;
  const from = data instanceof Float32Array ? firstOutside(data, limit) : 0;
  if (from < 0) return;
  for (let k = from; k < data.length; k++) {
    const v = data[k];
    if (v >= 0 && v <= limit) continue;
    const why = Number.isNaN(v)
      ? 'is not a number'
      : v < 0
        ? 'is negative'
        : v === Infinity
          ? 'is infinite'
          : bound === null
            ? 'is beyond float32 (a realization is stored as float32)'
            : `is above ${label} (the clamp option caps such values)`;
    throw new DataError(
      file,
      null,
      `value ${v} at row ${Math.floor((firstIndex + k) / cols)}, column ${(firstIndex + k) % cols} ${why}`,
    );
  }
}

/**
 * The first index whose value is not in [0, limit] (NaN included), or −1. Up to float32's largest
 * value the bits decide: a finite non-negative float32 is an int32 in [0, 0x7f800000), so one
 * integer comparison replaces two float ones (−0, whose bits are negative, is looked at as a float).
 */
function firstOutside(data: Float32Array, limit: number): number {
  if (limit === FLOAT32_MAX && data.byteOffset % 4 === 0) {
    const bits = new Int32Array(data.buffer, data.byteOffset, data.length);
    for (let k = 0; k < bits.length; k++) {
      const b = bits[k];
      if (b >= 0 && b < 0x7f800000) continue;
      if (b !== -0x80000000) return k;
    }
    return -1;
  }
  for (let k = 0; k < data.length; k++) {
    const v = data[k];
    if (!(v >= 0 && v <= limit)) return k;
  }
  return -1;
}

function compactLoader(): DatasetLoader {
  const sidecars: { name: string; chunks: Uint8Array[]; bytes: number }[] = [];
  const samples: NpyReader[] = [];
  return {
    format: 'compact',
    file(name, role = roleFromName('compact', name)) {
      checkRole('compact', name, role);
      if (role === 'samples') {
        const r = new NpyReader(name);
        samples.push(r);
        return r;
      }
      const entry = { name, chunks: [] as Uint8Array[], bytes: 0 };
      sidecars.push(entry);
      return {
        push(chunk) {
          entry.bytes += chunk.length;
          if (entry.bytes > 1 << 30) throw new DataError(name, null, 'sidecar larger than 1 GiB');
          entry.chunks.push(chunk.slice());
        },
        end() {},
      };
    },
    finish() {
      if (sidecars.length !== 1 || samples.length !== 1)
        throw new DataError(
          [...sidecars.map((s) => s.name), ...samples.map((s) => s.file)].join(', ') || 'compact',
          null,
          'the compact format needs exactly one .json sidecar and its .npy samples file',
        );
      const side = sidecars[0];
      const bytes = new Uint8Array(side.bytes);
      let at = 0;
      for (const c of side.chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      if (side.bytes === 0) throw new DataError(side.name, null, 'empty file');
      const text = latin1(bytes, 0, bytes.length);
      const { samples: s, sidecar } = decodeCompact(text, samples[0].result(), side.name);
      return {
        kind: 'samples',
        samples: s,
        report: {
          format: 'compact',
          files: [
            { name: side.name, role: 'sidecar', bytes: side.bytes, lines: 0 },
            { name: samples[0].file, role: 'samples', bytes: samples[0].bytes, lines: 0 },
          ],
          records: sidecar.counts.records,
          tasksRead: sidecar.counts.tasksRead,
          tasksKept: sidecar.tasks,
          samplesKept: sidecar.totalSamples,
          filters: sidecar.counts.filters,
          skippedLines: sidecar.counts.skippedLines,
          skippedExamples: [],
          units: `machine units (source: ${sidecar.conversion})`,
          notes: [
            `reduced from ${sidecar.source.format}: ${sidecar.source.files.join(', ')} by ${sidecar.source.tool}`,
          ],
        },
      };
    },
  };
}
