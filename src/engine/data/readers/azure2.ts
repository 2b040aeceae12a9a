/**
 * Azure Public Dataset V2 (SPEC §10): `vm_cpu_readings-file-*.csv(.gz)` with no header —
 * timestamp, vm id, min, max, avg CPU % of the VM — and `vmtable.csv` (no header; the 10th column
 * is the VM's core-count bucket). As the Azure V1 preset: max is inst, avg is avg. A VM's percent
 * becomes machine units as pct / 100 × its cores / cores per machine × scale. The bucket ">24"
 * has no exact count: read as 32 (choice written here, SPEC silent), noted in the report.
 */
import { loadsRaw } from '../units/units.ts';
import {
  BadLines,
  LineReader,
  blank,
  cursor as importedCursor,
  scanNumber as importedScanNumber,
  type ChunkSink,
} from '../streams/bytes.ts';
import { DataError } from '../streams/errors.ts';
import { Cuts, nextDelimiter as importedNextDelimiter, wrongDelimiter } from '../streams/rows.ts';
import { TimedSeries } from '../samples/series.ts';
import {
  endFiles,
  missingMeta,
  rawProblem,
  traceReport,
  type ReadFile,
  type TraceOptions,
} from './traceCommon.ts';
import type { FilterCount, LoadReport, ParseClamp, RawExtras } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import { azure2Factor, azure2Units } from '../units/traceUnits.ts';

// Under tsx (the CLI, the Node bench) an imported binding is read through a getter at every use;
// the ones used per value are bound once here.
const cursor = importedCursor;
const scanNumber = importedScanNumber;
const nextDelimiter = importedNextDelimiter;
export type AzureV2Options = TraceOptions;

const READING_COLUMNS = 5;
const VMTABLE_COLUMNS = 11;
const CORE_BUCKET = 9;
const ABOVE_24 = 32;

export class AzureV2Loader {
  private readonly bad: BadLines;
  private readonly series: TimedSeries;
  private readonly cores = new Map<string, number>();
  private readonly files: ReadFile[] = [];
  private readonly cuts = new Cuts(VMTABLE_COLUMNS + 1);
  private above24 = 0;
  private clamped = 0;
  private firstOver: ParseClamp['firstOver'] = null;
  /** A raw load without skipped lines keeps values above 100 % as read, for a later clamp. */
  private readonly keepOver: boolean;
  private records = 0;

  constructor(private readonly options: AzureV2Options) {
    this.bad = new BadLines(options.skipBadLines === true);
    this.series = new TimedSeries(this.bad, true, options.duplicates);
    azure2Factor(options); // a bad scale or core count is refused before any file is read
    this.keepOver = loadsRaw(options) && options.skipBadLines !== true;
  }

  file(name: string, role: 'usage' | 'meta'): ChunkSink {
    const reader = new LineReader(name, (b, s, e, line) => {
      if (s === e || blank(b, s, e)) return;
      if (role === 'meta') this.vm(name, b, s, e, line);
      else if (!this.fastReading(name, b, s, e, line)) this.reading(name, b, s, e, line);
    });
    this.files.push({ name, role, reader });
    return reader;
  }

  private columns(name: string, b: Uint8Array, s: number, e: number, line: number, n: number) {
    const got = this.cuts.cut(b, s, e, 44);
    if (got === n) return true;
    if (line === 1 && got > 1 && Number.isNaN(this.cuts.num(0)) && Number.isNaN(this.cuts.num(2)))
      return false; // a header line someone added: skipped
    this.bad.report(name, line, wrongDelimiter(b, s, e, n, 44) ?? `${got} columns, expected ${n}`);
    return false;
  }

  private vm(name: string, b: Uint8Array, s: number, e: number, line: number): void {
    if (!this.columns(name, b, s, e, line, VMTABLE_COLUMNS)) return;
    const bucket = this.cuts.text(CORE_BUCKET);
    let cores = Number(bucket);
    if (bucket === '>24') {
      cores = ABOVE_24;
      this.above24++;
    }
    if (!(cores > 0 && Number.isFinite(cores)))
      return this.bad.report(
        name,
        line,
        `core count bucket ${JSON.stringify(bucket)} is not a number`,
      );
    this.cores.set(this.cuts.text(0), cores);
  }

  /**
   * A plain reading (`time,id,min,max,avg`, no spaces, percents in [0, 100]) in one pass; false
   * leaves it to the general path (which also names what is wrong).
   */
  private fastReading(name: string, b: Uint8Array, s: number, e: number, line: number): boolean {
    const time = scanNumber(b, s, e);
    const e0 = cursor.end;
    if (e0 >= e) return false;
    const e1 = nextDelimiter(b, e0 + 1, e, 44);
    if (e1 >= e || e1 === e0 + 1 || b[e0 + 1] === 32 || b[e1 - 1] === 32) return false;
    if (b[e0 + 1] === 9 || b[e1 - 1] === 9) return false;
    const e2 = nextDelimiter(b, e1 + 1, e, 44);
    if (e2 >= e) return false;
    const max = scanNumber(b, e2 + 1, e);
    if (cursor.end >= e || !(max >= 0 && max <= 100)) return false;
    const avg = scanNumber(b, cursor.end + 1, e);
    if (cursor.end !== e || !(avg >= 0 && avg <= 100)) return false;
    this.records++;
    this.series.add(this.series.taskOfBytes(b, e0 + 1, e1), time, max, avg, name, line);
    return true;
  }

  private reading(name: string, b: Uint8Array, s: number, e: number, line: number): void {
    if (!this.columns(name, b, s, e, line, READING_COLUMNS)) return;
    this.records++;
    const time = this.cuts.num(0);
    const max = this.cuts.num(3);
    const avg = this.cuts.num(4);
    const clamp = this.options.clamp === true || this.keepOver;
    const whyMax = rawProblem(max, 100, clamp, '100 %');
    if (whyMax) return this.bad.report(name, line, `max CPU ${this.cuts.text(3)} ${whyMax}`);
    const whyAvg = rawProblem(avg, 100, clamp, '100 %');
    if (whyAvg) return this.bad.report(name, line, `avg CPU ${this.cuts.text(4)} ${whyAvg}`);
    if (max > 100) this.clamped++;
    if (this.keepOver && !this.firstOver && (max > 100 || avg > 100))
      this.firstOver = {
        file: name,
        line,
        reason:
          max > 100
            ? `max CPU ${this.cuts.text(3)} ${rawProblem(max, 100, false, '100 %')}`
            : `avg CPU ${this.cuts.text(4)} ${rawProblem(avg, 100, false, '100 %')}`,
      };
    const c = this.cuts;
    c.trim(1);
    const t = this.series.taskOfBytes(c.buf, c.s, c.e);
    const cap = this.keepOver ? Infinity : 100;
    this.series.add(t, time, Math.min(max, cap), Math.min(avg, cap), name, line);
  }

  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    const files = endFiles(this.files);
    const ids = this.series.ids;
    const coresOf = ids.map((id) => this.cores.get(id) ?? NaN);
    const missing = ids.filter((_, t) => Number.isNaN(coresOf[t]));
    const meta = this.files.filter((f) => f.role === 'meta').map((f) => f.name);
    if (meta.length === 0)
      throw new DataError(
        files.map((f) => f.name).join(', '),
        null,
        'Azure V2 readings need vmtable.csv for the VMs’ core counts',
      );
    const filters = missingMeta(missing, meta, 'vmtable core counts', this.bad.skip);
    // Kept raw (for `applyUnits`): each VM's usage in its own cores, pct × cores, left to scale.
    const k = loadsRaw(this.options) ? 1 : azure2Factor(this.options);
    const { samples, gaps, kept } = this.series.finish(
      (raw, t) => raw * coresOf[t] * k,
      (t) => !Number.isNaN(coresOf[t]),
    );
    const clamped: FilterCount = {
      id: 'clamped',
      label: 'values above 100 % clamped',
      count: this.clamped,
      of: 'values',
    };
    if (this.options.clamp) filters.push(clamped);
    const loaded = traceReport({
      format: 'azure2',
      files,
      records: this.records,
      tasksRead: ids.length,
      samples,
      filters,
      bad: this.bad,
      units: azure2Units(this.options),
      gaps,
      notes: this.above24
        ? [`${this.above24} VM(s) in the ">24" core bucket read as ${ABOVE_24} cores`]
        : [],
    });
    if (!this.keepOver) return loaded;
    // Kept raw, a VM's values are in its own cores: 100 % of the VM is its core count × 100.
    const bound = Float64Array.from(kept, (t) => coresOf[t] * 100);
    return {
      ...loaded,
      rawExtras: { clamp: { filter: clamped, firstOver: this.firstOver, bound } },
    };
  }
}
