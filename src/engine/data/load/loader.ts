/**
 * One entry point for every input format (SPEC §10): a `LoadSpec` names the format and its
 * options (plain data, so it crosses a worker boundary and sits in a preset), `createLoader` takes
 * files chunk by chunk and `finish()` returns the samples (or a ready realization matrix) with a
 * report of what every filter did. Each format's reading, roles and the rest are its entry's
 * (formats/registry.ts). Pure and synchronous: the streaming layer (src/ingest) feeds it.
 */
import { compactExtras, compactSamples } from '../samples/coded.ts';
import type { SampleStorage } from '../samples/samples.ts';
import { withArchives } from '../streams/archiveLoader.ts';
import { findFormat, formatOf } from '../formats/registry.ts';
import type { DatasetLoader, FileRole, LoadSpec } from '../formats/spec.ts';

export type { FormatId } from '../formats/formatIds.ts';
export type { DatasetLoader, FileRole, LoadSpec, TraceRole } from '../formats/spec.ts';
export { checkMatrixValues } from '../realize/matrixValues.ts';

/** A format's file roles (none for a format there is no entry for). */
export function rolesOf(format: string): readonly FileRole[] {
  return findFormat(format)?.roles ?? [];
}

/** A file's role from its name, when the user did not say. */
export function roleFromName(format: string, name: string): FileRole {
  const entry = formatOf({ format });
  const base = name.replace(/^.*[\\/]/, '').toLowerCase();
  return entry.roleFromName?.(base) ?? entry.roles[0];
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
  const entry = formatOf(spec);
  const plain = createPlainLoader(spec, storage);
  const loader = keep.times
    ? withArchives(plain, (m) => roleFromName(spec.format, m))
    : withoutTimes(withArchives(plain, (m) => roleFromName(spec.format, m)));
  // A format that codes row by row as it loads (or settled on float64 while loading).
  if (storage === 'float64' || entry.codesWhileReading) return loader;
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

function createPlainLoader(spec: LoadSpec, storage: SampleStorage): DatasetLoader {
  const entry = formatOf(spec);
  const reader = entry.read(spec, storage);
  return {
    format: spec.format,
    file: (name, role = roleFromName(spec.format, name)) => {
      if (!entry.roles.includes(role))
        throw new RangeError(
          `invalid role ${role} for ${name}: ${spec.format} files are ${entry.roles.join(' or ')}`,
        );
      return reader.file(name, role);
    },
    finish: () => reader.finish(),
  };
}
