/**
 * A preview of files before they replace the loaded data (SPEC §10): the detected format, a guess
 * of the values' unit with warnings when the chosen unit does not fit them, and the first tasks'
 * first values as the load would give them. Works on the first bytes of each file (the page reads
 * 64 KiB of each), cut at their last whole line; a Prometheus JSON needs its whole response.
 * Problems come in the order a person fixes them: an empty file, then the format, then the content
 * (read with a unit that refuses nothing, so e.g. a Prometheus error answer is named as such), and
 * only then the unit and its options.
 */
import { DataError, FilteredEmpty } from '../streams/errors.ts';
import { createLoader, type FormatId, type LoadSpec } from './loader.ts';
import { formatOf } from '../formats/registry.ts';
import { resolveSpec, type SpecOptions } from './detect.ts';
import {
  guessUnit,
  mixedUnitsWarning,
  unitWarnings,
  valueStats,
  type UnitGuess,
  type ValueStats,
} from '../units/plausible.ts';
import type { LoadReport } from '../samples/report.ts';
import { sampleCount, seriesAt, taskCount, type TaskSamples } from '../samples/samples.ts';
import { wholeSeriesHead } from '../prometheus/promHead.ts';
import { archiveKind } from '../streams/archive.ts';
import { wholeTarMembers } from '../streams/archiveHead.ts';
import { timeAxisPreview, type TimeAxisPreview } from './previewTime.ts';

/** Every loader option, as one object: the format ('auto' by default) and `SpecOptions`. */
export interface PreviewOptions extends SpecOptions {
  readonly format?: FormatId | 'auto';
  /** Tasks and values per task to show (default 5 and 8). */
  readonly rows?: number;
  readonly values?: number;
}

export interface PreviewFile {
  readonly name: string;
  /** The file's first bytes, decompressed (or the whole file). */
  readonly head: Uint8Array;
  /** Its role (usage, meta, …); from its name when absent. */
  readonly role?: string;
  /** The file goes on past `head` (the preview read only its first bytes). */
  readonly truncated?: boolean;
}

export interface Preview {
  readonly spec: LoadSpec | null;
  /** Raw value statistics in the source unit (formats where the user chooses the unit). */
  readonly raw: ValueStats | null;
  readonly unitGuess: UnitGuess | null;
  readonly warnings: readonly string[];
  /** First tasks with their first values in machine units, as the load would give them. */
  readonly rows: readonly {
    readonly id: string;
    readonly inst: number[];
    readonly avg: number[] | null;
  }[];
  readonly report: LoadReport | null;
  /** Step, common span and coverage, for data whose samples carry timestamps (previewTime.ts). */
  readonly timeAxis: TimeAxisPreview | null;
  /** Why the head could not be read with these options (the message of the DataError). */
  readonly error: string | null;
}

/** A preview that read nothing, saying why (the files, the reader, or the form's options). */
export function unreadPreview(error: string): Preview {
  return {
    spec: null,
    raw: null,
    unitGuess: null,
    warnings: [],
    rows: [],
    report: null,
    timeAxis: null,
    error,
  };
}

/** The preview of `files` read with `options`; never throws on bad data (see `error`). */
export function preview(files: readonly PreviewFile[], options: PreviewOptions = {}): Preview {
  const empty = unreadPreview('');
  if (files.length === 0) return { ...empty, error: 'no files' };
  const blank = files.find((f) => f.head.length === 0);
  if (blank)
    return { ...empty, error: `${blank.name} is empty (0 bytes): there is nothing to load` };
  let spec: LoadSpec;
  try {
    const { format = 'auto', rows: _r, values: _v, ...o } = options;
    spec = resolveSpec(format, o, files[0].name, files[0].head);
  } catch (e) {
    return { ...empty, error: (e as Error).message };
  }
  const cut = formatOf(spec).seriesHeads ? wholeSeriesHeads(files) : null;
  if (cut && 'error' in cut) return { ...empty, spec, error: cut.error };
  if (cut) files = cut.files;
  const members = wholeMemberHeads(files);
  if ('error' in members) return { ...empty, spec, error: members.error };
  files = members.files;
  let raw: ValueStats | null = null;
  let maxima: number[] = [];
  if (formatOf(spec).userUnit) {
    try {
      const rawSpec = {
        ...spec,
        unit: 'absolute',
        capacity: 1e9,
        scale: 1e9,
        clamp: true,
      } as LoadSpec;
      const s = samplesOf(load(rawSpec, files).samples);
      raw = valueStats(s.values);
      maxima = s.maxima;
    } catch (e) {
      // The content is wrong whatever the unit: say so before anything about the unit.
      if (e instanceof DataError) return { ...empty, spec, error: e.message };
      raw = null;
    }
  }
  const unit = 'unit' in spec ? spec.unit : undefined;
  const capacity = 'capacity' in spec ? spec.capacity : undefined;
  const warnings: string[] = cut?.cutNames.length
    ? [
        `${cut.cutNames.join(', ')}: previewed from the series in the first ${formatMiB(cut.bytes)}; the whole answer is read when the data are used`,
      ]
    : [];
  if (raw && unit) warnings.push(...unitWarnings(raw, unit, capacity));
  const mixed = mixedUnitsWarning(maxima);
  if (mixed) warnings.push(mixed);
  try {
    const r = load(spec, files);
    const rowsWanted = options.rows ?? 5;
    const valuesWanted = options.values ?? 8;
    const s = r.samples;
    warnings.push(...r.report.notes);
    const timeAxis = timeAxisPreview(s, fileOfSeries(spec, files));
    return {
      spec,
      raw,
      unitGuess: raw ? guessUnit(raw) : null,
      warnings,
      rows: s.ids.slice(0, rowsWanted).map((id, t) => ({
        id,
        inst: Array.from(seriesAt(s.inst, t).subarray(0, valuesWanted)),
        avg: s.avg ? Array.from(seriesAt(s.avg, t).subarray(0, valuesWanted)) : null,
      })),
      report: r.report,
      timeAxis,
      error: timeAxis?.fileSteps.length ? differentSteps(timeAxis.fileSteps) : null,
    };
  } catch (e) {
    if (!(e instanceof DataError) && !(e instanceof RangeError)) throw e;
    // The first rows of a valid file can hold too few records per task for the filters.
    if (e instanceof FilteredEmpty)
      return {
        spec,
        raw,
        unitGuess: raw ? guessUnit(raw) : null,
        warnings: [
          ...warnings,
          `the first rows keep no task after the filters (${e.reason}); the whole file decides`,
        ],
        rows: [],
        report: null,
        timeAxis: null,
        error: null,
      };
    // A ready realization matrix loads as it is: nothing to preview, nothing wrong.
    if (isMatrixSpec(spec))
      return {
        ...empty,
        spec,
        warnings: ['a ready realization matrix: no rows to preview'],
        error: null,
      };
    return {
      spec,
      raw,
      unitGuess: raw ? guessUnit(raw) : null,
      warnings,
      rows: [],
      report: null,
      timeAxis: null,
      error: e.message,
    };
  }
}

const formatMiB = (bytes: number) =>
  `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MiB`;

/** Prometheus answers read only in part, each cut after its last whole series (promHead.ts). */
function wholeSeriesHeads(
  files: readonly PreviewFile[],
): { files: PreviewFile[]; cutNames: string[]; bytes: number } | { error: string } | null {
  const cutNames: string[] = [];
  let bytes = 0;
  const out: PreviewFile[] = [];
  for (const f of files) {
    if (!f.truncated) {
      out.push(f);
      continue;
    }
    const head = wholeSeriesHead(f.head);
    if (!head)
      return {
        error: `${f.name}: no whole series in its first ${formatMiB(f.head.length)}, too little to preview; use the data to read the whole answer`,
      };
    cutNames.push(f.name);
    bytes = Math.max(bytes, f.head.length);
    out.push({ ...f, head });
  }
  return cutNames.length ? { files: out, cutNames, bytes } : null;
}

/** Tar archives read only in part (a .tar.gz of per-VM files), each cut after its last whole member. */
function wholeMemberHeads(
  files: readonly PreviewFile[],
): { files: readonly PreviewFile[] } | { error: string } {
  if (!files.some((f) => f.truncated && archiveKind(f.head) === 'tar')) return { files };
  const out: PreviewFile[] = [];
  for (const f of files) {
    const head = f.truncated && archiveKind(f.head) === 'tar' ? wholeTarMembers(f.head) : f.head;
    if (!head)
      return {
        error: `${f.name}: no whole member in its first ${formatMiB(f.head.length)}, too little to preview; use the data to read the whole archive`,
      };
    out.push({ ...f, head });
  }
  return { files: out };
}

function isMatrixSpec(spec: LoadSpec): boolean {
  return 'kind' in spec && spec.kind === 'realizations';
}

function load(
  spec: LoadSpec,
  files: readonly PreviewFile[],
): { samples: TaskSamples; report: LoadReport } {
  const loader = createLoader(spec, 'compact', { times: true });
  for (const f of files) {
    const sink = loader.file(f.name, f.role as never);
    sink.push(wholeLines(f.head, spec.format));
    sink.end();
  }
  const r = loader.finish();
  if (r.kind !== 'samples')
    throw new DataError(files[0].name, null, 'a realization matrix has no preview rows');
  return r;
}

/** Files sampled at different steps are one load only with a step given (aligned.ts). */
function differentSteps(steps: readonly { file: string; step: number }[]): string {
  const each = steps.map((f) => `${f.file} every ${f.step} s`).join(', ');
  return `different sampling steps in one load: ${each}; load them separately, or give the step to bucket every series to it`;
}

/** Which file each series came from, when each file loads on its own (else no file is named). */
function fileOfSeries(
  spec: LoadSpec,
  files: readonly PreviewFile[],
): (series: string) => string | null {
  const fileOf = new Map<string, string>();
  if (files.length > 1)
    for (const f of files) {
      try {
        for (const id of load(spec, [f]).samples.ids) fileOf.set(id, f.name);
      } catch {
        return () => null;
      }
    }
  return (series) => fileOf.get(series) ?? null;
}

/** The head up to its last newline (text formats), so no half line is parsed. */
function wholeLines(head: Uint8Array, format: FormatId): Uint8Array {
  if (formatOf({ format }).wholeHeads) return head;
  const nl = head.lastIndexOf(10);
  return nl < 0 ? head : head.subarray(0, nl + 1);
}

function samplesOf(s: TaskSamples): { values: Float64Array; maxima: number[] } {
  const values = new Float64Array(sampleCount(s.inst));
  const maxima: number[] = [];
  let at = 0;
  for (let i = 0; i < taskCount(s.inst); i++) {
    const x = seriesAt(s.inst, i);
    values.set(x, at);
    at += x.length;
    let m = -Infinity;
    for (let k = 0; k < x.length; k++) if (x[k] > m) m = x[k];
    maxima.push(m);
  }
  return { values, maxima };
}
