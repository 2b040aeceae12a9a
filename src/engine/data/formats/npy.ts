/** The .npy array: (N, T) samples per task or a ready (N, R) realization matrix (npy.ts reads it). */
import { DataError } from '../streams/errors.ts';
import { matrixFrom } from '../../matrix.ts';
import { checkMatrixValues } from '../realize/matrixValues.ts';
import { NpyReader, type NpyArray } from '../readers/npy.ts';
import type { FileReport, LoadReport } from '../samples/report.ts';
import { conversion, describeUnit, loadsRaw, type Unit } from '../units/units.ts';
import type { FileRole } from './spec.ts';
import type { FormatEntry } from './entry.ts';
import { unitSpec } from './entry.ts';
import type { FormatReader, SpecOf } from './spec.ts';
import { plainUnits } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    npy: {
      /** (N, T) samples per task (default) or a ready (N, R) realization matrix. */
      readonly kind?: 'samples' | 'realizations';
      readonly unit?: Unit;
      readonly scale?: number;
      readonly capacity?: number;
      readonly clamp?: boolean;
    };
  }
}

/** An inst file, or an avg one when its name says so (`avg`, `mean`, `average` as a word). */
export const averagedRole = (base: string): FileRole =>
  /(^|[^a-z])(avg|mean|average)([^a-z]|$)/.test(base) ? 'avg' : 'inst';

export const npyFormat: FormatEntry<SpecOf<'npy'>> = {
  id: 'npy',
  title: '.npy array (N, T) of samples or (N, R) realizations',
  roles: ['inst', 'avg'],
  roleFromName: averagedRole,
  detect: [
    {
      rank: 40,
      test: ({ base, head }) =>
        base.endsWith('.npy') || (head[0] === 0x93 && head[1] === 0x4e && head[2] === 0x55)
          ? '.npy file'
          : null,
    },
  ],
  specFrom: (o) => ({
    format: 'npy',
    ...unitSpec(o, 'fraction'),
    ...(o.kind !== undefined ? { kind: o.kind } : {}),
  }),
  read: (spec) => npyReader(spec),
  // Its report counts no clamped values, converted or not; a realization matrix takes no unit.
  units: {
    ...plainUnits<SpecOf<'npy'>>(
      () => 'fraction',
      (spec) => (spec.kind ?? 'samples') === 'samples',
    ),
    keepsFilters: true,
  },
  userUnit: true,
  wholeHeads: true,
  timeAxis: { kind: 'steps' },
  carries: { cpu: true, avg: true, memory: false, requests: false, placement: false },
  arrayFile: { role: 'inst' },
};

function npyReader(spec: SpecOf<'npy'>): FormatReader {
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
    file(name, role) {
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
