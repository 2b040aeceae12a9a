/**
 * Which format a file is in (from its name and first bytes, SPEC §10) and the full `LoadSpec` the
 * explorer, the command line and the presets build from a format name and a few options.
 */
import { DataError } from './errors.ts';
import { blank, splitFields, textStart } from './bytes.ts';
import { looksLikeTime } from './columns.ts';
import { USAGE_COLUMNS, EVENTS_COLUMNS } from './google.ts';
import type { Unit } from './units.ts';
import type { SpecOptions } from './specOptions.ts';
import * as traces from './traces.ts';
import { archiveKind, firstMember } from './archive.ts';
import { FORMATS, type FormatId, type LoadSpec } from './loader.ts';

export type { SpecOptions } from './specOptions.ts';

/** A format guess with the reason, from a file's name and its first bytes (decompressed). */
export interface Detection {
  readonly format: FormatId;
  readonly reason: string;
}

/**
 * Guesses the format of a file: `.npy` and `.json` by name or magic bytes, Google shards by name or
 * by their 20 (13) numeric columns, then CSV by its header: `t<digits>` columns → wide, a time
 * first column → column-per-task, an id column with repeating ids → long. Null when unsure.
 */
export function detectFormat(name: string, bytes: Uint8Array): Detection | null {
  const head = bytes.subarray(textStart(name, bytes));
  const base = name
    .replace(/^.*[\\/]/, '')
    .toLowerCase()
    .replace(/\.gz$/, '');
  const kind = archiveKind(head);
  if (kind) {
    const member = firstMember(name, head, kind);
    if (!member) return null;
    const inner = detectFormat(member.name, member.head);
    return inner && { format: inner.format, reason: `${inner.reason}, in a ${kind} archive` };
  }
  const trace = traces.detectTrace(name, head);
  if (trace) return trace;
  if (base.endsWith('.npy') || (head[0] === 0x93 && head[1] === 0x4e && head[2] === 0x55))
    return { format: 'npy', reason: '.npy file' };
  if (base.endsWith('.json')) return { format: 'compact', reason: '.json sidecar' };
  if (/task_usage|task_events/.test(base) || /^part-\d{5}-of-\d{5}\.csv$/.test(base))
    return { format: 'google', reason: 'Google trace shard name' };
  const lines: [number, number][] = [];
  let s = 0;
  for (let i = 0; i < head.length && lines.length < 6; i++)
    if (head[i] === 10) {
      if (!blank(head, s, i)) lines.push([s, i > s && head[i - 1] === 13 ? i - 1 : i]);
      s = i + 1;
    }
  if (lines.length === 0) return null;
  const rows = lines.map(([a, b]) => splitFields(head, a, b));
  const numeric = (f: string) => f === '' || /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(f);
  const first = rows[0];
  const allNumeric = first.every(numeric);
  if (allNumeric && (first.length === USAGE_COLUMNS || first.length === EVENTS_COLUMNS))
    return { format: 'google', reason: `${first.length} numeric columns, no header` };
  if (!allNumeric) {
    if (first[0] === 'start_time' && first.length === USAGE_COLUMNS)
      return { format: 'google', reason: 'task_usage header' };
    if (first[0] === 'timestamp' && first[1] === 'missing_info')
      return { format: 'google', reason: 'task_events header' };
    if (first.some((h) => /^t\d+$/.test(h)))
      return { format: 'wide', reason: 'sample columns named t0, t1, …' };
    const data = rows.slice(1);
    if (first.length > 2 && looksLikeTime(first[0]))
      return { format: 'columns', reason: `first column "${first[0]}" is a time index` };
    if (first.length > 2 && isSampleIndex(first.slice(1)) && !repeatsFirstField(data))
      return {
        format: 'wide',
        reason: `a task per row ("${first[0]}"), then sample columns ${first[1]}, ${first[2]}, …`,
      };
    const idCol = first.findIndex((h) => /(^|_)id$/i.test(h));
    if (idCol >= 0 && data.length >= 2 && data[0][idCol] === data[1][idCol])
      return { format: 'long', reason: `id column "${first[idCol]}" repeats` };
    if (idCol >= 0 && first.length > 2)
      return { format: 'wide', reason: `id column "${first[idCol]}" then values` };
  }
  return null;
}

/** Headers numbering samples: one prefix (maybe none), then 0, 1, 2, … or 1, 2, 3, … in order. */
function isSampleIndex(names: readonly string[]): boolean {
  const parts = names.map((n) => /^([A-Za-z]*)_?(\d+)$/.exec(n.trim()));
  if (parts.some((p) => p === null)) return false;
  const start = Number(parts[0]![2]);
  return parts.every((p, k) => p![1] === parts[0]![1] && Number(p![2]) === start + k);
}

/** Whether the first two data rows name the same task (a row per sample, not per task). */
function repeatsFirstField(data: readonly string[][]): boolean {
  return data.length >= 2 && data[0][0] === data[1][0];
}

/** The formats detection tries, in the user's words (not the loaders' ids). */
export const FORMATS_TRIED =
  'CSV (a row per task, a column per task, or a row per sample), Google 2011 and 2019, Alibaba, Azure V2, Bitbrains, a Prometheus answer (JSON), .npy, the compact format';

/** The layouts read, each with the first two lines of an example, for a file no rule recognised. */
export const LAYOUT_EXAMPLES = [
  'a row per task (wide CSV):\n  id,s0,s1,s2\n  vm1,12.5,13.0,11.8',
  'a column per task, a row per instant:\n  time,vm1,vm2\n  0,12.5,40.1',
  'a row per sample (long CSV; choose the id and value columns):\n  vm_id,timestamp_s,cpu_pct\n  vm1,1372629804,12.5',
  'Bitbrains per-VM files (;\\t separated):\n  Timestamp [ms];\\tCPU cores;\\tCPU capacity provisioned [MHZ];\\t…\n  1372629804;\\t2;\\t5851.9989;\\t…',
  'Google 2011 task_usage (20 fields, no header):\n  600000000,900000000,3418309,0,4155527081,0.001562,…\n  600000000,900000000,3418309,1,329150663,0.001568,…',
  'a Prometheus query_range answer (JSON):\n  {"status":"success","data":{"resultType":"matrix",\n   "result":[{"metric":{"pod":"a"},"values":[[1700000000,"0.5"],…]}]}}',
].join('\n');

/** The default value column of a long CSV, when the header has an obvious one. */
export function guessValueColumn(header: readonly string[]): string | null {
  for (const pattern of [/cpu.*(pct|percent|%)/i, /^cpu/i, /^(value|usage|util)/i]) {
    const h = header.find((x) => pattern.test(x));
    if (h) return h;
  }
  return null;
}

/** Reads a header line's fields (for building a long-CSV spec from the first bytes). */
export function headerFields(head: Uint8Array): string[] {
  let end = head.indexOf(10);
  if (end < 0) end = head.length;
  if (end > 0 && head[end - 1] === 13) end--;
  return splitFields(head, 0, end);
}

/**
 * A full `LoadSpec` from a format (or 'auto': detected from the first file's name and bytes) and
 * loose options; unset options get the format's defaults. A DataError when the format cannot be
 * told or a long CSV's columns cannot be guessed.
 */
export function resolveSpec(
  format: FormatId | 'auto',
  o: SpecOptions,
  name: string,
  head: Uint8Array,
): LoadSpec {
  let f: FormatId;
  if (format === 'auto') {
    const d = detectFormat(name, head);
    if (!d)
      throw new DataError(
        name,
        null,
        `cannot tell the format. Tried: ${FORMATS_TRIED}. If it is one of them, choose it under Format (--format on the command line). The layouts read, each as its first two lines:\n${LAYOUT_EXAMPLES}`,
      );
    f = d.format;
  } else if (FORMATS.includes(format)) f = format;
  else throw new RangeError(`invalid format: ${String(format)} (expected ${FORMATS.join(', ')})`);
  // Percent and fractions are of the reference machine unless a scale says otherwise: scale 1. A
  // quarter-machine VM (SPEC §2's example, PlanetLab's 0.25) is a preset's or the user's choice.
  const units = (defaultUnit: Unit) => {
    const unit = o.unit ?? defaultUnit;
    return {
      unit,
      scale: o.scale ?? 1,
      ...(o.capacity !== undefined
        ? { capacity: o.capacity }
        : unit === 'cores' && o.coresPerMachine !== undefined
          ? { capacity: o.coresPerMachine }
          : {}),
      ...(o.clamp !== undefined ? { clamp: o.clamp } : {}),
      ...(o.skipBadLines !== undefined ? { skipBadLines: o.skipBadLines } : {}),
    };
  };
  switch (f) {
    case 'google':
      if (o.unit !== undefined && o.unit !== 'fraction')
        throw new RangeError(`invalid unit for Google data: ${o.unit} (its values are fractions)`);
      return {
        format: 'google',
        ...(o.scale !== undefined ? { scale: o.scale } : {}),
        ...(o.clamp !== undefined ? { clamp: o.clamp } : {}),
        ...(o.skipBadLines !== undefined ? { skipBadLines: o.skipBadLines } : {}),
        ...(o.filters ? { filters: o.filters } : {}),
        ...(o.sample ? { sample: o.sample } : {}),
        ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
      };
    case 'wide':
      return {
        format: 'wide',
        ...units('percent'),
        ...(o.maxTasks !== undefined ? { maxTasks: o.maxTasks } : {}),
        ...(o.firstSampleColumn !== undefined ? { firstSampleColumn: o.firstSampleColumn } : {}),
      };
    case 'columns':
      return {
        format: 'columns',
        ...units('percent'),
        ...(o.timeColumns !== undefined ? { timeColumns: o.timeColumns } : {}),
        ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
      };
    case 'long': {
      const header = headerFields(head);
      const idColumn = o.idColumn ?? header.find((h) => /(^|_)id$/i.test(h));
      const valueColumn = o.valueColumn ?? guessValueColumn(header);
      if (idColumn === undefined || valueColumn === null)
        throw new DataError(
          name,
          1,
          `long CSV: choose the ${idColumn === undefined ? 'id' : 'value'} column (the header has: ${header.join(', ')})`,
        );
      return {
        format: 'long',
        ...units('percent'),
        idColumn,
        valueColumn,
        ...(o.avgColumn !== undefined ? { avgColumn: o.avgColumn } : {}),
        ...(o.scaleColumn !== undefined ? { scaleColumn: o.scaleColumn } : {}),
        ...(o.timeColumn !== undefined ? { timeColumn: o.timeColumn } : {}),
        ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
      };
    }
    case 'npy':
      return {
        format: 'npy',
        ...units('fraction'),
        ...(o.kind !== undefined ? { kind: o.kind } : {}),
      };
    case 'compact':
      return { format: 'compact' };
    default:
      return traces.traceSpecFrom(f, o);
  }
}
