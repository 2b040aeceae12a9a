/**
 * Column-per-task CSV (SPEC §10, e.g. Azure): a header naming the tasks, then one row per time
 * step, one column per task, after leading time column(s). An `avg` file with the same header and
 * rows pairs with the `inst` file (Azure V1: the 5-minute max as inst, the average as avg). A row
 * whose time cells repeat the previous row's text repeats every task's timestamp: merged into the
 * previous row by the rule of repeats.ts (each task's repeat counted once, in the inst table; the
 * avg table counts only its values that differ), or refused under the rule `refuse`.
 */
import { refuseRepeatedNames } from '../samples/duplicates.ts';
import { DataError } from '../streams/errors.ts';
import {
  BadLines,
  F64Column,
  LineReader,
  blank,
  latin1,
  quoteField,
  splitFields,
  type ChunkSink,
} from '../streams/bytes.ts';
import { cursor, scanNumber } from '../streams/decimal.ts';
import { clampFilters, fileReports, type FileReport, type LoadReport } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import { conversion, describeUnit, type Conversion, type Unit } from '../units/units.ts';
import { Repeats, sameValue, type RepeatRule } from '../samples/repeats.ts';

export interface ColumnsOptions {
  readonly unit?: Unit;
  readonly scale: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** Leading non-task columns (default: 1 when the first header looks like a time, else 0). */
  readonly timeColumns?: number;
  /** A repeated time row: merged into the previous one (default) or refused (repeats.ts). */
  readonly duplicates?: RepeatRule;
}

const TIME_HEADER = /^(t|t_?index|time|timestamp|time_?s|step|date|index|interval)$/i;

/** Whether a header's first column looks like a time index. */
export function looksLikeTime(name: string): boolean {
  return TIME_HEADER.test(name.trim());
}

interface Series {
  names: string[] | null;
  columns: F64Column[];
  files: { name: string; reader: LineReader }[];
  rows: number;
  /** The previous row's time cells (their text) and its line. */
  lastTime: string | null;
  lastLine: string;
}

/** Loads one column-per-task table (inst), optionally paired with an avg table. */
export class ColumnsLoader {
  private readonly conv: Conversion;
  readonly bad: BadLines;
  private readonly series: Record<'inst' | 'avg', Series> = {
    inst: { names: null, columns: [], files: [], rows: 0, lastTime: null, lastLine: '' },
    avg: { names: null, columns: [], files: [], rows: 0, lastTime: null, lastLine: '' },
  };
  private clamped = 0;
  private readonly repeats: Repeats;

  constructor(private readonly options: ColumnsOptions) {
    this.conv = conversion({ ...options, unit: options.unit ?? 'percent' });
    this.bad = new BadLines(options.skipBadLines === true);
    this.repeats = new Repeats(options.duplicates);
    const t = options.timeColumns;
    if (t !== undefined && !(Number.isInteger(t) && t >= 0))
      throw new RangeError(`invalid timeColumns: ${t}`);
  }

  /** A file of the inst or avg table; several files of one table append rows (same header). */
  file(name: string, role: 'inst' | 'avg' = 'inst'): ChunkSink {
    const series = this.series[role];
    let skip = -1;
    let header: string[] | null = null;
    const reader = new LineReader(name, (b, s, e, line) => {
      if (header === null) {
        if (blank(b, s, e)) throw new DataError(name, line, 'empty header line');
        header = splitFields(b, s, e);
        skip = this.options.timeColumns ?? (looksLikeTime(header[0]) ? 1 : 0);
        if (skip >= header.length)
          throw new DataError(name, line, `no task columns after ${skip} time column(s)`);
        const names = header.slice(skip);
        refuseRepeatedNames(names, skip, name, line);
        if (series.names === null) {
          series.names = names;
          series.columns = names.map(() => new F64Column(256));
        } else if (names.join('\u0000') !== series.names.join('\u0000'))
          throw new DataError(name, line, `the header differs from the first ${role} file's`);
        return;
      }
      if (s === e || blank(b, s, e)) return;
      this.row(name, header, skip, series, b, s, e, line, role);
    });
    series.files.push({ name, reader });
    return reader;
  }

  private row(
    file: string,
    header: string[],
    skip: number,
    series: Series,
    b: Uint8Array,
    s: number,
    e: number,
    line: number,
    role: 'inst' | 'avg',
  ): void {
    const width = header.length;
    // Count first so a short row adds nothing to any column.
    let n = 1;
    for (let i = s; i < e; i++) if (b[i] === 44) n++;
    if (n !== width) return this.bad.report(file, line, `${n} columns, the header has ${width}`);
    const { bound, divisor, scale, clamp } = this.conv;
    const values = new Float64Array(width - skip);
    let p = s;
    let timeEnd = s;
    for (let c = 0; c < width; c++) {
      let q = p;
      if (c >= skip) {
        let v = scanNumber(b, p, e);
        q = cursor.end;
        if (!(v >= 0 && v <= bound)) {
          if (v > bound && clamp && v < Infinity) {
            v = bound;
            this.clamped++;
          } else {
            const why = Number.isNaN(v)
              ? 'is not a number'
              : v === Infinity
                ? 'is not finite'
                : v < 0
                  ? 'is negative'
                  : `is above ${this.conv.label} (the clamp option caps such values)`;
            return this.bad.report(
              file,
              line,
              `${quoteField(b, p, q)} in column ${header[c]} ${why}`,
            );
          }
        }
        values[c - skip] = (v / divisor) * scale;
      } else {
        while (q < e && b[q] !== 44) q++;
        timeEnd = q;
      }
      p = q + 1;
    }
    const time = skip > 0 ? latin1(b, s, timeEnd) : null;
    if (time !== null && time === series.lastTime)
      return this.repeated(file, line, role, series, time, values);
    series.lastTime = time;
    series.lastLine = `${file}, line ${line}`;
    for (let c = 0; c < values.length; c++) series.columns[c].push(values[c]);
    series.rows++;
  }

  /** A row at the previous row's time: merged into it (each task's repeat counted) or refused. */
  private repeated(
    file: string,
    line: number,
    role: 'inst' | 'avg',
    series: Series,
    time: string,
    values: Float64Array,
  ): void {
    const before = series.lastLine.startsWith(`${file}, `)
      ? series.lastLine.slice(file.length + 2)
      : series.lastLine;
    const names = series.names!;
    for (let c = 0; c < values.length; c++) {
      const column = series.columns[c];
      const same = sameValue(values[c], column.data[column.length - 1]);
      if (role === 'avg' && same && this.repeats.rule === 'merge') continue;
      const refused = this.repeats.add(names[c], time, same, file, line, before);
      if (refused) return this.bad.report(file, line, refused);
    }
  }

  finish(): { samples: TaskSamples; report: LoadReport } {
    const { inst, avg } = this.series;
    for (const f of [...inst.files, ...avg.files]) {
      f.reader.end();
      if (f.reader.line === 0) throw new DataError(f.name, null, 'empty file');
    }
    const names = inst.files.map((f) => f.name).join(', ') || 'column-per-task CSV';
    if (inst.files.length === 0) throw new DataError(names, null, 'no inst file given');
    if (inst.rows === 0) throw new DataError(names, null, 'no data rows after the header');
    const hasAvg = avg.files.length > 0;
    if (hasAvg) {
      const avgName = avg.files.map((f) => f.name).join(', ');
      if (avg.names!.join('\u0000') !== inst.names!.join('\u0000'))
        throw new DataError(avgName, 1, 'the avg file’s task columns differ from the inst file’s');
      if (avg.rows !== inst.rows)
        throw new DataError(
          avgName,
          null,
          `${avg.rows} data rows, the inst file has ${inst.rows}: they must pair row by row`,
        );
    }
    const files: FileReport[] = [
      ...fileReports(inst.files, 'inst'),
      ...fileReports(avg.files, 'avg'),
    ];
    const filters = clampFilters(this.conv, this.clamped);
    const tasks = inst.names!.length;
    return {
      samples: {
        ids: inst.names!,
        inst: inst.columns.map((c) => c.data.slice(0, c.length)),
        ...(hasAvg ? { avg: avg.columns.map((c) => c.data.slice(0, c.length)) } : {}),
      },
      report: {
        format: 'columns',
        files,
        records: inst.rows + avg.rows,
        tasksRead: tasks,
        tasksKept: tasks,
        samplesKept: tasks * inst.rows,
        filters,
        skippedLines: this.bad.skipped,
        skippedExamples: this.bad.examples,
        units: describeUnit(this.conv),
        notes: this.repeats.notes(),
      },
    };
  }
}
