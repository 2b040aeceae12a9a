/**
 * Long CSV (SPEC §10, e.g. Bitbrains): a header, then one row per sample, with a task id column and
 * value column(s) chosen by the user. Tasks keep the order of their first row, samples their file
 * order. An optional scale column multiplies each row's value (Bitbrains: the VM's core count, so
 * a VM's percent becomes a share of the reference machine). With a time column, a task's row at
 * the timestamp of its previous row is merged into it by the rule of repeats.ts (or refused).
 */
import { DataError } from '../streams/errors.ts';
import {
  BadLines,
  F64Column,
  I32Column,
  LineReader,
  blank,
  fieldEnd,
  fieldText,
  parseDecimal,
  quoteField,
  splitFields,
  type ChunkSink,
} from '../streams/bytes.ts';
import { groupByTask } from '../samples/group.ts';
import { clampFilters, fileReports, type LoadReport, type RawExtras } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import { conversion, describeUnit, loadsRaw, type Conversion, type Unit } from '../units/units.ts';
import { Repeats, sameValue, type RepeatRule } from '../samples/repeats.ts';

/** A column by header name, or by 1-based position. */
export type ColumnRef = string | number;

export interface LongOptions {
  readonly idColumn: ColumnRef;
  /** The inst series. */
  readonly valueColumn: ColumnRef;
  /** An optional avg series from the same rows. */
  readonly avgColumn?: ColumnRef;
  /** Each row's value is also multiplied by this column (e.g. cores of the VM). */
  readonly scaleColumn?: ColumnRef;
  /** Each row's timestamp in seconds (e.g. Bitbrains' timestamp_s), kept for time-aligned replay. */
  readonly timeColumn?: ColumnRef;
  readonly unit?: Unit;
  readonly scale: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** With a time column: a repeated timestamp of a task merged into its first row, or refused. */
  readonly duplicates?: RepeatRule;
}

/** The 0-based index of a column in a header, or a DataError listing the columns there are. */
export function resolveColumn(
  header: readonly string[],
  ref: ColumnRef,
  what: string,
  file: string,
): number {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    const i = Number(ref) - 1;
    if (i >= 0 && i < header.length) return i;
  } else {
    const i = header.indexOf(ref);
    if (i >= 0) return i;
  }
  throw new DataError(
    file,
    1,
    `no ${what} column ${JSON.stringify(ref)} (the header has: ${header.join(', ')})`,
  );
}

interface Layout {
  header: string[];
  id: number;
  value: number;
  avg: number;
  scale: number;
  time: number;
}

/** Loads long CSV files chunk by chunk (SPEC §10): tasks by the id column, samples in file order. */
export class LongLoader {
  private readonly conv: Conversion;
  readonly bad: BadLines;
  private readonly files: { name: string; reader: LineReader }[] = [];
  private readonly index = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly taskOf = new I32Column(1 << 16);
  private readonly inst = new F64Column(1 << 16);
  private readonly avg: F64Column | null;
  private readonly time: F64Column | null;
  /** A raw load's scale column per row, kept apart from the values for `applyUnits`. */
  private readonly multipliers: F64Column | null;
  private lastId = new Uint8Array(64);
  private lastIdLength = -1;
  private lastTask = -1;
  private clamped = 0;
  private rows = 0;
  private readonly repeats: Repeats;
  /** Per task, its last row kept: time, values, multiplier, file and line (a repeat's first place). */
  private readonly last = {
    time: [] as number[],
    inst: [] as number[],
    avg: [] as number[],
    scale: [] as number[],
    file: [] as string[],
    line: [] as number[],
  };

  constructor(private readonly options: LongOptions) {
    this.conv = conversion({ ...options, unit: options.unit ?? 'percent' });
    this.bad = new BadLines(options.skipBadLines === true);
    this.avg = options.avgColumn === undefined ? null : new F64Column(1 << 16);
    this.time = options.timeColumn === undefined ? null : new F64Column(1 << 16);
    this.multipliers =
      loadsRaw(options) && options.scaleColumn !== undefined ? new F64Column(1 << 16) : null;
    this.repeats = new Repeats(options.duplicates);
  }

  file(name: string): ChunkSink {
    let layout: Layout | null = null;
    const reader = new LineReader(name, (b, s, e, line) => {
      if (layout === null) {
        if (blank(b, s, e)) throw new DataError(name, line, 'empty header line');
        const header = splitFields(b, s, e);
        const o = this.options;
        layout = {
          header,
          id: resolveColumn(header, o.idColumn, 'id', name),
          value: resolveColumn(header, o.valueColumn, 'value', name),
          avg: o.avgColumn === undefined ? -1 : resolveColumn(header, o.avgColumn, 'avg', name),
          scale:
            o.scaleColumn === undefined ? -1 : resolveColumn(header, o.scaleColumn, 'scale', name),
          time: o.timeColumn === undefined ? -1 : resolveColumn(header, o.timeColumn, 'time', name),
        };
        this.lastIdLength = -1;
        return;
      }
      if (s === e || blank(b, s, e)) return;
      this.row(name, layout, b, s, e, line);
    });
    this.files.push({ name, reader });
    return reader;
  }

  private row(file: string, L: Layout, b: Uint8Array, s: number, e: number, line: number): void {
    const width = L.header.length;
    let p = s;
    let idS = 0;
    let idE = 0;
    let a = NaN;
    let m = 1;
    let c = 0;
    let vS = 0;
    let vE = 0;
    let aS = 0;
    let aE = 0;
    let mS = 0;
    let mE = 0;
    let tS = 0;
    let tE = 0;
    for (;;) {
      const q = fieldEnd(b, p, e);
      if (c === L.id) {
        idS = p;
        idE = q;
      }
      if (c === L.value) {
        vS = p;
        vE = q;
      }
      if (c === L.avg) {
        aS = p;
        aE = q;
      }
      if (c === L.scale) {
        mS = p;
        mE = q;
      }
      if (c === L.time) {
        tS = p;
        tE = q;
      }
      c++;
      if (q >= e) break;
      p = q + 1;
    }
    this.rows++;
    if (c !== width) return this.bad.report(file, line, `${c} columns, the header has ${width}`);
    let v = parseDecimal(b, vS, vE);
    const why = this.check(v);
    if (why)
      return this.bad.report(
        file,
        line,
        `${quoteField(b, vS, vE)} in column ${L.header[L.value]} ${why}`,
      );
    if (L.avg >= 0) {
      a = parseDecimal(b, aS, aE);
      const whyAvg = this.check(a);
      if (whyAvg)
        return this.bad.report(
          file,
          line,
          `${quoteField(b, aS, aE)} in column ${L.header[L.avg]} ${whyAvg}`,
        );
    }
    if (L.scale >= 0) {
      m = parseDecimal(b, mS, mE);
      if (!(m >= 0 && m < Infinity))
        return this.bad.report(
          file,
          line,
          `${quoteField(b, mS, mE)} in scale column ${L.header[L.scale]} is not a non-negative number`,
        );
    }
    const time = L.time >= 0 ? parseDecimal(b, tS, tE) : NaN;
    if (L.time >= 0 && !Number.isFinite(time))
      return this.bad.report(
        file,
        line,
        `${quoteField(b, tS, tE)} in time column ${L.header[L.time]} is not a number`,
      );
    const t = this.task(b, idS, idE);
    const { bound, divisor, scale } = this.conv;
    if (v > bound) {
      v = bound;
      this.clamped++;
    }
    if (this.avg && a > bound) {
      a = bound;
      this.clamped++;
    }
    const multiplier = m;
    if (this.multipliers) m = 1;
    const inst = (v / divisor) * scale * m;
    a = this.avg ? (a / divisor) * scale * m : NaN;
    if (this.time && this.repeated(file, line, t, time, inst, a, multiplier)) return;
    this.time?.push(time);
    this.taskOf.push(t);
    this.multipliers?.push(multiplier);
    this.inst.push(inst);
    this.avg?.push(a);
  }

  /** Whether the row repeats its task's last timestamp (merged or refused), else keeps it as last. */
  private repeated(
    file: string,
    line: number,
    t: number,
    time: number,
    inst: number,
    avg: number,
    multiplier: number,
  ): boolean {
    const last = this.last;
    if (time !== last.time[t]) {
      last.time[t] = time;
      last.inst[t] = inst;
      last.avg[t] = avg;
      last.scale[t] = multiplier;
      last.file[t] = file;
      last.line[t] = line;
      return false;
    }
    const same =
      sameValue(inst, last.inst[t]) &&
      sameValue(avg, last.avg[t]) &&
      sameValue(multiplier, last.scale[t]);
    const before = `${last.file[t] === file ? '' : `${last.file[t]}, `}line ${last.line[t]}`;
    const refused = this.repeats.add(this.ids[t], time, same, file, line, before);
    if (refused) this.bad.report(file, line, refused);
    return true;
  }

  private check(v: number): string | null {
    if (v >= 0 && (v <= this.conv.bound || (this.conv.clamp && v < Infinity))) return null;
    if (Number.isNaN(v)) return 'is not a number';
    if (v === Infinity) return 'is not finite';
    if (v < 0) return 'is negative';
    return `is above ${this.conv.label} (the clamp option caps such values)`;
  }

  /** The task number of an id field; consecutive rows of one task skip the text decoding. */
  private task(b: Uint8Array, s: number, e: number): number {
    const n = e - s;
    if (n === this.lastIdLength) {
      let same = true;
      for (let i = 0; i < n; i++)
        if (b[s + i] !== this.lastId[i]) {
          same = false;
          break;
        }
      if (same) return this.lastTask;
    }
    const id = fieldText(b, s, e);
    let t = this.index.get(id);
    if (t === undefined) {
      t = this.ids.length;
      this.index.set(id, t);
      this.ids.push(id);
    }
    if (n > this.lastId.length) this.lastId = new Uint8Array(n * 2);
    this.lastId.set(b.subarray(s, e));
    this.lastIdLength = n;
    this.lastTask = t;
    return t;
  }

  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    for (const f of this.files) {
      f.reader.end();
      if (f.reader.line === 0) throw new DataError(f.name, null, 'empty file');
    }
    const names = this.files.map((f) => f.name).join(', ') || 'long CSV';
    const n = this.ids.length;
    if (n === 0)
      throw new DataError(
        names,
        null,
        this.rows === 0 ? 'no data rows after the header' : 'every data row was skipped',
      );
    const { offsets, order } = groupByTask(this.taskOf.view(), n);
    const pick = (col: F64Column) => {
      const all = new Float64Array(order.length);
      for (let k = 0; k < order.length; k++) all[k] = col.data[order[k]];
      return Array.from({ length: n }, (_, t) => all.subarray(offsets[t], offsets[t + 1]));
    };
    const files = fileReports(this.files, 'inst');
    const filters = clampFilters(this.conv, this.clamped);
    return {
      samples: {
        ids: this.ids,
        inst: pick(this.inst),
        ...(this.avg ? { avg: pick(this.avg) } : {}),
        ...(this.time ? { times: pick(this.time) } : {}),
      },
      report: {
        format: 'long',
        files,
        records: this.rows,
        tasksRead: n,
        tasksKept: n,
        samplesKept: order.length,
        filters,
        skippedLines: this.bad.skipped,
        skippedExamples: this.bad.examples,
        units:
          describeUnit(this.conv) +
          (this.options.scaleColumn !== undefined
            ? ` × column ${String(this.options.scaleColumn)}`
            : ''),
        notes: this.repeats.notes(),
      },
      ...(this.multipliers ? { rawExtras: { multipliers: pick(this.multipliers) } } : {}),
    };
  }
}
