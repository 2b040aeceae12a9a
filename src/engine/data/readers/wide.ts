/**
 * Wide CSV (SPEC §10): a header, then one row per task: leading id columns, then samples. Sample
 * columns are those from the first header of the form `t<digits>`; when none is, the columns after
 * the first. Units per SPEC §2 (percent: value / 100 · scale). Several files append their tasks.
 */
import { IdPlaces } from '../samples/duplicates.ts';
import { DataError } from '../streams/errors.ts';
import {
  BadLines,
  F64Pool,
  LineReader,
  blank,
  encodeUtf8,
  fieldEnd,
  fieldText,
  quoteField,
  splitFields,
  type ChunkSink,
} from '../streams/bytes.ts';
import { POW10, cursor, scanNumber } from '../streams/decimal.ts';
import { clampFilters, fileReports, type FilterCount, type LoadReport } from '../samples/report.ts';
import { SeriesBuilder } from '../samples/coded.ts';
import type { SampleStorage, SeriesSet, TaskSamples } from '../samples/samples.ts';
import { conversion, describeUnit, type Conversion, type Unit } from '../units/units.ts';

export interface WideOptions {
  /** Size of a task in machines; 0.25 = a quarter of the reference machine. */
  readonly scale: number;
  /** Source unit (default percent). */
  readonly unit?: Unit;
  /** Deprecated spelling of `unit`: false means fractions. */
  readonly percent?: boolean;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** Keep only the first N tasks; later rows are counted, not parsed. */
  readonly maxTasks?: number;
  /** 0-based index of the first sample column (default: detected from the header). */
  readonly firstSampleColumn?: number;
  /** Coded where exact (default, `CodedSeries`) or float64 arrays per task. */
  readonly storage?: SampleStorage;
}

/** The most samples `reserve` makes room for ahead (1 GiB of one-byte codes). */
const MAX_RESERVED_SAMPLES = 2 ** 30;

function unitOf(o: WideOptions): Unit {
  return o.unit ?? (o.percent === false ? 'fraction' : 'percent');
}

/** Loads wide CSV files chunk by chunk. */
export class WideLoader {
  private readonly conv: Conversion;
  readonly bad: BadLines;
  private readonly maxTasks: number;
  private readonly files: { name: string; reader: LineReader }[] = [];
  private readonly ids: string[] = [];
  private readonly idPlaces = new IdPlaces();
  private readonly inst: SeriesBuilder;
  /** A row's codes as `fillRow` writes them (see `SeriesBuilder.pushPartlyCoded`), when coding. */
  private codes: Int32Array | null;
  private rows = 0;
  private values = 0;
  private clamped = 0;
  private readonly pool = new F64Pool();

  constructor(private readonly options: WideOptions) {
    this.conv = conversion({ ...options, unit: unitOf(options) });
    this.bad = new BadLines(options.skipBadLines === true);
    this.inst = new SeriesBuilder(options.storage !== 'float64');
    this.codes = options.storage !== 'float64' ? new Int32Array(0) : null;
    const m = options.maxTasks ?? Infinity;
    if (!(m >= 1)) throw new RangeError(`invalid maxTasks: ${m}`);
    this.maxTasks = m;
    const f = options.firstSampleColumn;
    if (f !== undefined && !(Number.isInteger(f) && f >= 1))
      throw new RangeError(`invalid firstSampleColumn: ${f} (column 0 holds the task id)`);
  }

  file(name: string): ChunkSink {
    let header: string[] | null = null;
    let first = 0;
    let width = 0;
    const reader = new LineReader(name, (b, s, e, line) => {
      if (header === null) {
        if (blank(b, s, e)) throw new DataError(name, line, 'empty header line');
        header = splitFields(b, s, e);
        width = header.length;
        first =
          this.options.firstSampleColumn ??
          Math.max(
            1,
            header.findIndex((h) => /^t\d+$/.test(h)),
          );
        if (first >= width)
          throw new DataError(
            name,
            line,
            `the header has ${width} column(s); no sample columns after the id column(s)`,
          );
        return;
      }
      if (s === e || blank(b, s, e)) return;
      this.rows++;
      if (this.inst.length >= this.maxTasks) return;
      this.row(name, header, first, width, b, s, e, line);
    });
    this.files.push({ name, reader });
    return reader;
  }

  /**
   * Room for the samples of `bytes` of wide CSV, allocated once instead of grown as rows come (a
   * sample takes at least two bytes: a digit and a comma or line end); memory is committed only as
   * samples are stored.
   */
  reserve(bytes: number): void {
    this.inst.reserve(Math.min(Math.floor(bytes / 2), MAX_RESERVED_SAMPLES));
  }

  /** The ids of the tasks kept so far, in row order. */
  get taskIds(): readonly string[] {
    return this.ids;
  }

  /** Tasks kept so far; each is final once counted (a row is one whole task). */
  get tasksKept(): number {
    return this.inst.length;
  }

  /** Kept tasks `from … to − 1` as a series of their own (`SeriesBuilder.take`). */
  takeTasks(from: number, to: number): SeriesSet {
    return this.inst.take(from, to);
  }

  private row(
    file: string,
    header: string[],
    first: number,
    width: number,
    b: Uint8Array,
    s: number,
    e: number,
    line: number,
  ): void {
    let p = s;
    let id = '';
    for (let c = 0; c < first; c++) {
      const q = fieldEnd(b, p, e);
      id += (c ? ':' : '') + fieldText(b, p, q);
      if (q >= e) return this.bad.report(file, line, `${c + 1} columns, the header has ${width}`);
      p = q + 1;
    }
    const out = this.pool.take(width - first);
    const byKey = this.inst.keyCodes;
    if (byKey && this.codes!.length < out.length) this.codes = new Int32Array(out.length);
    const c = fillRow(b, p, e, out, this.conv, byKey && this.codes, byKey);
    this.clamped += row.clamped;
    if (c < 0) {
      this.pool.giveBack(out);
      return this.badValue(file, line, header[first - c - 1], row.value, b, row.from, row.to);
    }
    if (c + first !== width) {
      this.pool.giveBack(out);
      return this.bad.report(file, line, `${c + first} columns, the header has ${width}`);
    }
    this.idPlaces.add(id, file, line);
    this.values += width - first;
    this.ids.push(id);
    if (byKey) {
      this.inst.pushPartlyCoded(out, this.codes!, out.length);
      this.pool.giveBack(out);
    } else this.inst.push(out, true);
  }

  private badValue(
    file: string,
    line: number,
    column: string,
    v: number,
    b: Uint8Array,
    s: number,
    e: number,
  ): void {
    const why = Number.isNaN(v)
      ? 'is not a number'
      : v === Infinity
        ? 'is not finite'
        : v < 0
          ? 'is negative'
          : `is above ${this.conv.label} (the clamp option caps such values)`;
    this.bad.report(file, line, `${quoteField(b, s, e)} in column ${column} ${why}`);
  }

  /**
   * Ends the files and throws the `DataError` `finish` would for an empty file or no task kept,
   * without building the samples (for a reader that used the tasks as they came).
   */
  checkComplete(): void {
    for (const f of this.files) f.reader.end();
    const names = this.files.map((f) => f.name).join(', ') || 'wide CSV';
    for (const f of this.files)
      if (f.reader.line === 0) throw new DataError(f.name, null, 'empty file');
    if (this.inst.length === 0)
      throw new DataError(
        names,
        null,
        this.rows === 0 ? 'no data rows after the header' : 'every data row was skipped',
      );
  }

  finish(): { samples: TaskSamples; report: LoadReport } {
    this.checkComplete();
    const files = fileReports(this.files, 'inst');
    const filters: FilterCount[] = [];
    if (this.rows > this.inst.length + this.bad.skipped)
      filters.push({
        id: 'maxTasks',
        label: `rows after the first ${this.maxTasks} tasks, not kept`,
        count: this.rows - this.inst.length - this.bad.skipped,
        of: 'tasks' as const,
      });
    filters.push(...clampFilters(this.conv, this.clamped));
    return {
      samples: { ids: this.ids, inst: this.inst.finish() },
      report: {
        format: 'wide',
        files,
        records: this.rows,
        tasksRead: this.rows,
        tasksKept: this.inst.length,
        samplesKept: this.values,
        filters,
        skippedLines: this.bad.skipped,
        skippedExamples: this.bad.examples,
        units: describeUnit(this.conv),
        notes: [],
      },
    };
  }
}

/** Details of the last `fillRow`: values clamped, and the bad value with its field. */
const row = { clamped: 0, value: 0, from: 0, to: 0 };

/**
 * Reads the comma-separated numbers of `b[i..e)` into `out` (checked and converted), and returns
 * how many fields there were; coding (`codes`, `byKey`: `SeriesBuilder.pushPartlyCoded`), an
 * integer of at most 4 digits seen before goes straight to its code, the others to `out`, or −(k + 1) when field k is a bad value (details in `row`). A small
 * function of its own, so the engine compiles the hot loop tightly.
 */
function fillRow(
  b: Uint8Array,
  i: number,
  e: number,
  out: Float64Array,
  conv: Conversion,
  codes: Int32Array | null,
  byKey: Int32Array | null,
): number {
  const { bound, divisor, scale, clamp } = conv;
  const n = out.length;
  let c = 0;
  row.clamped = 0;
  for (;;) {
    // Plain decimals inline (one pass, exact for ≤ 15 digits); anything else via scanNumber.
    const from = i;
    let m = 0;
    let ch = 0;
    while (i < e) {
      ch = b[i];
      if (ch < 48 || ch > 57) break;
      m = m * 10 + (ch - 48);
      i++;
    }
    let digits = i - from;
    let fraction = 0;
    if (i < e && ch === 46) {
      const f = ++i;
      while (i < e) {
        ch = b[i];
        if (ch < 48 || ch > 57) break;
        m = m * 10 + (ch - 48);
        i++;
      }
      fraction = i - f;
      digits += fraction;
    }
    let v: number;
    let key = -1;
    if ((i === e || b[i] === 44) && digits > 0 && digits <= 15) {
      if (fraction === 0 && digits <= 4 && byKey !== null && c < n) {
        // An integer seen before: its code, without converting it (it passed the checks then).
        const hit = byKey[m];
        if (hit !== 0) {
          if (m > bound) row.clamped++;
          codes![c++] = hit - 1;
          if (i >= e) return c;
          i++;
          continue;
        }
        key = m;
      }
      v = fraction === 0 ? m : m / POW10[fraction];
    } else {
      v = scanNumber(b, from, e);
      i = cursor.end;
    }
    if (c < n) {
      if (!(v >= 0 && v <= bound)) {
        if (v > bound && clamp && v < Infinity) {
          v = bound;
          row.clamped++;
        } else {
          row.value = v;
          row.from = from;
          row.to = i;
          return -(c + 1);
        }
      }
      out[c] = (v / divisor) * scale;
      if (codes !== null) codes[c] = key >= 0 ? -2 - key : -1;
    }
    c++;
    if (i >= e) return c;
    i++;
  }
}

/** Parses a whole wide CSV (text or bytes) at once; see `WideLoader` for the streaming form. */
export function parseWideCsv(
  text: string | Uint8Array,
  file: string,
  options: WideOptions,
): TaskSamples {
  const loader = new WideLoader(options);
  const sink = loader.file(file);
  const bytes = typeof text === 'string' ? encodeUtf8(text) : text;
  if (bytes.length === 0) throw new DataError(file, null, 'empty file');
  sink.push(bytes);
  sink.end();
  return loader.finish().samples;
}
