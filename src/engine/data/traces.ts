/**
 * The trace formats (SPEC §10) behind `createLoader`: their specs, file roles, detection from a
 * file's name and first bytes, and loaders. Kept apart from loader.ts so each format is one file.
 */
import { blank, splitFields, type ChunkSink } from './bytes.ts';
import { AlibabaLoader, type AlibabaOptions, type AlibabaRole } from './alibaba.ts';
import { AzureV2Loader, type AzureV2Options } from './azure2.ts';
import { BitbrainsLoader } from './bitbrains.ts';
import { BITBRAINS_HEADER, type BitbrainsOptions } from './traceUnits.ts';
import { Google2019Loader, isGoogle2019Header, type Google2019Options } from './google2019.ts';
import { PrometheusLoader, type PrometheusOptions } from './prometheus.ts';
import type { SpecOptions } from './specOptions.ts';
import type { LoadResult } from './report.ts';

export { TRACE_FORMATS, TRACE_TITLES, type TraceFormatId } from './formatIds.ts';
import type { TraceFormatId } from './formatIds.ts';

export type TraceSpec =
  | ({ readonly format: 'prometheus' } & PrometheusOptions)
  | ({ readonly format: 'alibaba' } & AlibabaOptions)
  | ({ readonly format: 'azure2' } & AzureV2Options)
  | ({ readonly format: 'google2019' } & Google2019Options)
  | ({ readonly format: 'bitbrains' } & BitbrainsOptions);

export type TraceRole = 'inst' | 'usage' | 'meta' | 'machines';

export const TRACE_ROLES: Record<TraceFormatId, readonly TraceRole[]> = {
  prometheus: ['inst'],
  alibaba: ['usage', 'meta', 'machines'],
  azure2: ['usage', 'meta'],
  google2019: ['usage'],
  bitbrains: ['inst'],
};

/** A trace file's role from its name. */
export function traceRoleFromName(format: TraceFormatId, name: string): TraceRole {
  const base = name.replace(/^.*[\\/]/, '').toLowerCase();
  switch (format) {
    case 'alibaba':
      return base.includes('machine_meta') ? 'machines' : base.includes('meta') ? 'meta' : 'usage';
    case 'azure2':
      return base.includes('vmtable') ? 'meta' : 'usage';
    case 'google2019':
      return 'usage';
    default:
      return 'inst';
  }
}

export interface TraceLoader {
  file(name: string, role: TraceRole): ChunkSink;
  finish(): LoadResult;
}

/** A loader for a trace spec; option errors are RangeErrors naming the bad value. */
export function createTraceLoader(spec: TraceSpec): TraceLoader {
  const wrap = (l: { finish(): Omit<Extract<LoadResult, { kind: 'samples' }>, 'kind'> }) => () => ({
    kind: 'samples' as const,
    ...l.finish(),
  });
  switch (spec.format) {
    case 'prometheus': {
      const l = new PrometheusLoader(spec);
      return { file: (name) => l.file(name), finish: wrap(l) };
    }
    case 'alibaba': {
      const l = new AlibabaLoader(spec);
      return { file: (name, role) => l.file(name, role as AlibabaRole), finish: wrap(l) };
    }
    case 'azure2': {
      const l = new AzureV2Loader(spec);
      return { file: (name, role) => l.file(name, role as 'usage' | 'meta'), finish: wrap(l) };
    }
    case 'google2019': {
      const l = new Google2019Loader(spec);
      return { file: (name) => l.file(name), finish: wrap(l) };
    }
    case 'bitbrains': {
      const l = new BitbrainsLoader(spec);
      return { file: (name) => l.file(name), finish: wrap(l) };
    }
  }
}

/**
 * A trace format from a file's name and first bytes, with the reason, or null: Prometheus JSON by
 * its `"status"`/`"resultType"`, JSON lines and CSV headers with instance_usage columns, the
 * Bitbrains header, Alibaba and Azure V2 by file name or by their headerless column shapes.
 */
export function detectTrace(
  name: string,
  head: Uint8Array,
): { format: TraceFormatId; reason: string } | null {
  const base = name
    .replace(/^.*[\\/]/, '')
    .toLowerCase()
    .replace(/\.gz$/, '');
  let i = 0;
  while (i < head.length && (head[i] === 32 || head[i] === 9 || head[i] === 10 || head[i] === 13))
    i++;
  const start = String.fromCharCode(...head.subarray(i, Math.min(head.length, i + 4096)));
  if (start.startsWith('{')) {
    if (/"resultType"|"status"\s*:\s*"(success|error)"/.test(start))
      return { format: 'prometheus', reason: 'a Prometheus API response' };
    if (/"collection_id"/.test(start) && /"instance_index"/.test(start))
      return { format: 'google2019', reason: 'JSON lines with collection_id and instance_index' };
    return null;
  }
  if (/^container_(usage|meta)|^machine_meta/.test(base))
    return { format: 'alibaba', reason: 'Alibaba v2018 file name' };
  if (/^vm_cpu_readings|^vmtable/.test(base))
    return { format: 'azure2', reason: 'Azure V2 file name' };
  let e = i;
  while (e < head.length && head[e] !== 10) e++;
  const lineEnd = e > i && head[e - 1] === 13 ? e - 1 : e;
  if (blank(head, i, lineEnd)) return null;
  if (start.startsWith(BITBRAINS_HEADER))
    return { format: 'bitbrains', reason: 'Bitbrains header' };
  const first = splitFields(head, i, lineEnd);
  if (isGoogle2019Header(first))
    return { format: 'google2019', reason: 'instance_usage columns in the header' };
  if (first.length === 5 && /^\d+$/.test(first[0]) && /^[A-Za-z0-9+/]{20,}={0,2}$/.test(first[1]))
    return { format: 'azure2', reason: 'timestamp, VM id, min, max, avg (no header)' };
  if (first.length >= 4 && /^c_\d+$/.test(first[0]) && /^m_\d+$/.test(first[1]))
    return { format: 'alibaba', reason: 'container and machine ids c_…, m_… (no header)' };
  return null;
}

/** A trace format's spec from loose options (the unit only where the format lets users choose). */
export function traceSpecFrom(f: TraceFormatId, o: SpecOptions): TraceSpec {
  const common = {
    ...(o.scale !== undefined ? { scale: o.scale } : {}),
    ...(o.clamp !== undefined ? { clamp: o.clamp } : {}),
    ...(o.skipBadLines !== undefined ? { skipBadLines: o.skipBadLines } : {}),
    ...(o.coresPerMachine !== undefined ? { coresPerMachine: o.coresPerMachine } : {}),
    ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
  };
  switch (f) {
    case 'prometheus': {
      const unit = o.unit ?? 'cores';
      const capacity = o.capacity ?? (unit === 'cores' ? o.coresPerMachine : undefined);
      return {
        format: f,
        ...common,
        unit,
        ...(capacity !== undefined ? { capacity } : {}),
        ...(o.idLabel !== undefined ? { idLabel: o.idLabel } : {}),
      };
    }
    case 'bitbrains':
      if (o.unit !== undefined && o.unit !== 'cores' && o.unit !== 'absolute')
        throw new RangeError(`invalid unit for Bitbrains data: ${o.unit} (cores or absolute)`);
      return {
        format: f,
        ...common,
        ...(o.unit ? { unit: o.unit } : {}),
        ...(o.capacity !== undefined ? { capacity: o.capacity } : {}),
      };
    default:
      if (o.unit !== undefined)
        throw new RangeError(`the ${f} format has its own unit; give scale or cores per machine`);
      return { format: f, ...common };
  }
}
