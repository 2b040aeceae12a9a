/**
 * What the trace formats (Prometheus, Alibaba, Azure V2, Google 2019, Bitbrains) share: their
 * options, a percent check with clamping, the metadata-missing rule and the report.
 */
import { BadLines, LineReader } from '../streams/bytes.ts';
import { DataError, FilteredEmpty } from '../streams/errors.ts';
import type { FileReport, FilterCount, LoadReport } from '../samples/report.ts';
import { sampleCount, type TaskSamples } from '../samples/samples.ts';
import { gapNotes, type GapReport } from '../samples/series.ts';

export { checkCores, checkScale, type TraceOptions } from '../units/traceUnits.ts';

/** Why a raw value is unusable under a bound (NaN, negative, above it without clamp), or null. */
export function rawProblem(v: number, bound: number, clamp: boolean, label: string): string | null {
  if (v >= 0 && v < Infinity && (v <= bound || clamp)) return null;
  if (Number.isNaN(v)) return 'is not a number';
  if (v === Infinity) return 'is not finite';
  if (v < 0) return 'is negative (CPU usage cannot be below 0)';
  return `is above ${label} (the clamp option caps such values)`;
}

/** A file being read, for the report. */
export interface ReadFile {
  readonly name: string;
  readonly role: string;
  readonly reader: LineReader;
}

export function endFiles(files: readonly ReadFile[]): FileReport[] {
  return files.map((f) => {
    f.reader.end();
    if (f.reader.bytes === 0) throw new DataError(f.name, null, 'empty file');
    return { name: f.name, role: f.role, bytes: f.reader.bytes, lines: f.reader.line };
  });
}

/**
 * Tasks the usage names but the metadata lacks: a DataError naming the metadata file(s) and the
 * first few ids, or (skipping bad lines) a filter count.
 */
export function missingMeta(
  missing: readonly string[],
  metaFiles: readonly string[],
  what: string,
  skip: boolean,
): FilterCount[] {
  if (missing.length === 0) return [];
  if (!skip)
    throw new DataError(
      metaFiles.join(', ') || `(no ${what} file)`,
      null,
      `${missing.length} id(s) of the usage file are missing here (${what}): ${missing
        .slice(0, 5)
        .join(', ')}${missing.length > 5 ? ', …' : ''}`,
    );
  return [
    {
      id: 'no-metadata',
      label: `tasks without ${what} dropped`,
      count: missing.length,
      of: 'tasks',
    },
  ];
}

/** The load report of a trace format. */
export function traceReport(r: {
  format: string;
  files: FileReport[];
  records: number;
  tasksRead: number;
  samples: TaskSamples;
  filters: FilterCount[];
  bad: BadLines;
  units: string;
  gaps: GapReport;
  notes?: string[];
}): { samples: TaskSamples; report: LoadReport } {
  const samplesKept = sampleCount(r.samples.inst);
  if (r.samples.ids.length === 0)
    throw new (r.records === 0 ? DataError : FilteredEmpty)(
      r.files.map((f) => f.name).join(', '),
      null,
      r.records === 0 ? 'no data rows' : 'no task left (every row was skipped or filtered)',
    );
  return {
    samples: r.samples,
    report: {
      format: r.format,
      files: r.files,
      records: r.records,
      tasksRead: r.tasksRead,
      tasksKept: r.samples.ids.length,
      samplesKept,
      filters: r.filters,
      skippedLines: r.bad.skipped,
      skippedExamples: r.bad.examples,
      units: r.units,
      notes: [...gapNotes(r.gaps), ...(r.notes ?? [])],
    },
  };
}
