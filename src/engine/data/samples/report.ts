/** What a load did (SPEC §10): files read, tasks seen and kept, and every filter's count. */
import type { RealizationMatrix } from '../../matrix.ts';
import {
  isCoded,
  seriesAt,
  seriesLength,
  taskCount,
  type SeriesSet,
  type TaskSamples,
} from './samples.ts';

export interface FileReport {
  readonly name: string;
  readonly role: string;
  /** Uncompressed bytes parsed. */
  readonly bytes: number;
  /** Text lines read (0 for binary formats). */
  readonly lines: number;
}

/** One filter's effect: how many tasks it dropped or records it changed. */
export interface FilterCount {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  readonly of: 'tasks' | 'records' | 'values';
}

/** The report line of each file a text loader read, all in one role. */
export function fileReports(
  files: readonly { name: string; reader: { bytes: number; line: number } }[],
  role: string,
): FileReport[] {
  return files.map((f) => ({ name: f.name, role, bytes: f.reader.bytes, lines: f.reader.line }));
}

/** The clamp filter's count when values above the unit's bound are clamped; none otherwise. */
export function clampFilters(
  conv: { readonly clamp: boolean; readonly label: string },
  clamped: number,
): FilterCount[] {
  return conv.clamp
    ? [{ id: 'clamped', label: `values above ${conv.label} clamped`, count: clamped, of: 'values' }]
    : [];
}

export interface LoadReport {
  readonly format: string;
  readonly files: readonly FileReport[];
  /** Data records read (rows of a long or Google file, values of a wide one, ...). */
  readonly records: number;
  readonly tasksRead: number;
  readonly tasksKept: number;
  readonly samplesKept: number;
  /** In the order they were applied; each counts among what the previous ones left. */
  readonly filters: readonly FilterCount[];
  readonly skippedLines: number;
  /** The first few skipped lines' messages (file, line, reason). */
  readonly skippedExamples: readonly string[];
  /** How source values became machine units. */
  readonly units: string;
  readonly notes: readonly string[];
}

/**
 * What a raw load (`rawSpec`, applyUnits.ts) keeps beside its values when another unit setting needs
 * more than them to convert to the very numbers a load with it gives.
 */
export interface RawExtras {
  /** Alibaba: machine_meta's most common cpu_num (the cores per machine when none are given). */
  readonly metaCores?: number;
  /** Bitbrains: each VM's usage in the unit not asked for (the other column: cores or MHz). */
  readonly otherUnit?: { readonly unit: 'cores' | 'absolute'; readonly inst: SeriesSet };
  /** A long CSV's per-task scale column, per sample (parallel to inst and avg). */
  readonly multipliers?: SeriesSet;
  /** Google 2019 and Azure V2: their values kept above their fixed bound, for a later clamp. */
  readonly clamp?: ParseClamp;
}

/**
 * What a raw load of a format that clamps while parsing (a fixed bound) needs to convert a clamp
 * change: the values above the bound were kept as read, counted as its load counts them (every
 * record read, kept task or not), and the first one is the bad line a load without clamp stops at.
 */
export interface ParseClamp {
  /** The clamp filter a load with clamp reports. */
  readonly filter: FilterCount;
  readonly firstOver: {
    readonly file: string;
    readonly line: number;
    readonly reason: string;
  } | null;
  /** The bound in the kept values' units: one for every task, or one per kept task. */
  readonly bound: number | Float64Array;
}

export type LoadResult =
  | {
      readonly kind: 'samples';
      readonly samples: TaskSamples;
      readonly report: LoadReport;
      readonly rawExtras?: RawExtras;
    }
  | {
      readonly kind: 'matrix';
      readonly inst: RealizationMatrix;
      readonly avg: RealizationMatrix | null;
      readonly report: LoadReport;
    };

/** One line per fact, for the command line and logs. */
export function formatReport(r: LoadReport): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `format: ${r.format}`,
    ...r.files.map(
      (f) =>
        `file: ${f.name} (${f.role}) ${n(f.bytes)} bytes${f.lines ? `, ${n(f.lines)} lines` : ''}`,
    ),
    `records read: ${n(r.records)}`,
    `tasks read: ${n(r.tasksRead)}`,
    ...r.filters.map((f) => `filter ${f.id}: ${n(f.count)} ${f.of} — ${f.label}`),
    `tasks kept: ${n(r.tasksKept)}`,
    `samples kept: ${n(r.samplesKept)}`,
    `units: ${r.units}`,
  ];
  if (r.skippedLines)
    lines.push(
      `skipped bad lines: ${n(r.skippedLines)}`,
      ...r.skippedExamples.map((e) => `  ${e}`),
    );
  for (const note of r.notes) lines.push(`note: ${note}`);
  return lines;
}

/** A dataset at a glance: sizes, means and the first and last values (what `inspect` prints). */
export interface SamplesSummary {
  readonly tasks: number;
  readonly samples: number;
  /** Samples per task: min, median, max. */
  readonly perTask: { readonly min: number; readonly median: number; readonly max: number };
  readonly mean: { readonly inst: number; readonly avg: number | null };
  readonly max: { readonly inst: number; readonly avg: number | null };
  readonly first: { readonly id: string; readonly inst: number; readonly avg: number | null };
  readonly last: { readonly id: string; readonly inst: number; readonly avg: number | null };
  /** Tasks with a CPU request, when requests are known. */
  readonly withCpuRequest: number | null;
}

/**
 * The mean and the largest of every sample of `series`, summed in task and sample order. Plain loops
 * over locals: a big file's hundreds of millions of samples pass through here.
 */
function meanAndMax(series: SeriesSet): { mean: number; max: number } {
  let sum = 0;
  let count = 0;
  let max = -Infinity;
  if (isCoded(series)) {
    const { codes, dictionary } = series;
    for (let k = 0; k < codes.length; k++) {
      const v = dictionary[codes[k]];
      sum += v;
      if (v > max) max = v;
    }
    count = codes.length;
  } else {
    for (const x of series) {
      for (let k = 0; k < x.length; k++) {
        const v = x[k];
        sum += v;
        if (v > max) max = v;
      }
      count += x.length;
    }
  }
  return { mean: sum / count, max };
}

/** Summarises per-task samples (means over all samples, in machine units). */
export function summarizeSamples(s: TaskSamples): SamplesSummary {
  const n = taskCount(s.inst);
  const lengths = Array.from({ length: n }, (_, i) => seriesLength(s.inst, i)).sort(
    (a, b) => a - b,
  );
  const inst = meanAndMax(s.inst);
  const avg = s.avg ? meanAndMax(s.avg) : null;
  const lastOf = (set: SeriesSet) => {
    const x = seriesAt(set, n - 1);
    return x[x.length - 1];
  };
  let withCpu: number | null = null;
  if (s.requests) {
    withCpu = 0;
    for (const v of s.requests.cpu) if (!Number.isNaN(v)) withCpu++;
  }
  return {
    tasks: n,
    samples: lengths.reduce((a, b) => a + b, 0),
    perTask: { min: lengths[0], median: lengths[Math.floor((n - 1) / 2)], max: lengths[n - 1] },
    mean: { inst: inst.mean, avg: avg ? avg.mean : null },
    max: { inst: inst.max, avg: avg ? avg.max : null },
    first: {
      id: s.ids[0],
      inst: seriesAt(s.inst, 0)[0],
      avg: s.avg ? seriesAt(s.avg, 0)[0] : null,
    },
    last: { id: s.ids[n - 1], inst: lastOf(s.inst), avg: s.avg ? lastOf(s.avg) : null },
    withCpuRequest: withCpu,
  };
}
