/**
 * Alibaba cluster-trace-v2018 (SPEC §10): `container_usage.csv` with no header — container_id,
 * machine_id, time_stamp, cpu_util_percent, mem_util_percent, … — with `container_meta.csv`
 * (container_id, machine_id, time_stamp, app_du, status, cpu_request, cpu_limit, mem_size; a
 * request of 100 is one core) and optionally `machine_meta.csv` (machine_id, time_stamp,
 * failure_domain_1, failure_domain_2, cpu_num, mem_size, status).
 * Choice (the trace's schema is silent): cpu_util_percent is a percent of the container's CPU
 * request, so cores used = pct / 100 × cpu_request / 100; machine units = cores / cores per machine
 * × scale, cores per machine given or else the most common cpu_num of machine_meta. A container's
 * last non-empty request wins. Usage above the machine's cores is refused unless clamped.
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
  checkCores,
  checkScale,
  endFiles,
  missingMeta,
  rawProblem,
  traceReport,
  type ReadFile,
  type TraceOptions,
} from './traceCommon.ts';
import type { LoadReport, RawExtras } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import { alibabaMetaNote, alibabaUnits } from '../units/traceUnits.ts';

// Under tsx (the CLI, the Node bench) an imported binding is read through a getter at every use;
// the ones used per value are bound once here.
const cursor = importedCursor;
const scanNumber = importedScanNumber;
const nextDelimiter = importedNextDelimiter;
export type AlibabaOptions = TraceOptions;
export type AlibabaRole = 'usage' | 'meta' | 'machines';

const MIN_USAGE_COLUMNS = 4;
const META_COLUMNS = 8;
const MACHINE_COLUMNS = 7;

export class AlibabaLoader {
  private readonly bad: BadLines;
  private readonly series: TimedSeries;
  private readonly request = new Map<string, number>();
  private readonly machineCores = new Map<number, number>();
  private readonly files: ReadFile[] = [];
  private readonly cuts = new Cuts(12);
  private readonly scale: number;
  private records = 0;

  constructor(private readonly options: AlibabaOptions) {
    this.bad = new BadLines(options.skipBadLines === true);
    this.series = new TimedSeries(this.bad, false, options.duplicates);
    this.scale = checkScale(options.scale);
    if (options.coresPerMachine !== undefined) checkCores(options.coresPerMachine, 1);
  }

  file(name: string, role: AlibabaRole): ChunkSink {
    const reader = new LineReader(name, (b, s, e, line) => {
      if (role === 'usage' && this.fastUsage(name, b, s, e, line)) return;
      if (s === e || blank(b, s, e)) return;
      const want =
        role === 'usage' ? MIN_USAGE_COLUMNS : role === 'meta' ? META_COLUMNS : MACHINE_COLUMNS;
      const got = this.cuts.cut(b, s, e, 44);
      if (role === 'usage' ? got < want : got !== want)
        return this.bad.report(
          name,
          line,
          wrongDelimiter(b, s, e, want, 44) ??
            `${got} columns, expected ${role === 'usage' ? `at least ${want}` : want}`,
        );
      if (role === 'usage') this.usage(name, line);
      else if (role === 'meta') this.meta(name, line);
      else this.machine(name, line);
    });
    this.files.push({ name, role, reader });
    return reader;
  }

  /**
   * A plain usage row (`id,machine,time,pct,…`, no spaces, a valid percent) read in one pass;
   * false leaves the row to the general path (which also names what is wrong).
   */
  private fastUsage(name: string, b: Uint8Array, s: number, e: number, line: number): boolean {
    const e0 = nextDelimiter(b, s, e, 44);
    if (e0 >= e || e0 === s || b[s] === 32 || b[e0 - 1] === 32 || b[s] === 9 || b[e0 - 1] === 9)
      return false;
    const e1 = nextDelimiter(b, e0 + 1, e, 44);
    if (e1 >= e) return false;
    const time = scanNumber(b, e1 + 1, e);
    if (cursor.end >= e) return false;
    const pct = scanNumber(b, cursor.end + 1, e);
    if (!(pct >= 0)) return false;
    this.records++;
    this.series.add(this.series.taskOfBytes(b, s, e0), time, pct, NaN, name, line);
    return true;
  }

  private usage(name: string, line: number): void {
    this.records++;
    const pct = this.cuts.num(3);
    const why = rawProblem(pct, Infinity, false, '');
    if (why)
      return this.bad.report(
        name,
        line,
        `cpu_util_percent ${JSON.stringify(this.cuts.text(3))} ${why}`,
      );
    const c = this.cuts;
    c.trim(0);
    const t = this.series.taskOfBytes(c.buf, c.s, c.e);
    this.series.add(t, this.cuts.num(2), pct, NaN, name, line);
  }

  private meta(name: string, line: number): void {
    const text = this.cuts.text(5);
    if (text === '') return;
    const req = this.cuts.num(5);
    if (!(req > 0 && Number.isFinite(req)))
      return this.bad.report(
        name,
        line,
        `cpu_request ${JSON.stringify(text)} is not a positive number`,
      );
    this.request.set(this.cuts.text(0), req);
  }

  private machine(name: string, line: number): void {
    const cores = this.cuts.num(4);
    if (!(cores > 0 && Number.isFinite(cores)))
      return this.bad.report(
        name,
        line,
        `cpu_num ${JSON.stringify(this.cuts.text(4))} is not a positive number`,
      );
    this.machineCores.set(cores, (this.machineCores.get(cores) ?? 0) + 1);
  }

  /** machine_meta's most common cpu_num, or 0 without machine_meta. */
  private metaCores(): number {
    let best = 0;
    let count = 0;
    for (const [c, n] of this.machineCores) if (n > count) [best, count] = [c, n];
    return best;
  }

  private referenceCores(): { cores: number; note: string } {
    if (this.options.coresPerMachine !== undefined)
      return { cores: this.options.coresPerMachine, note: '' };
    const best = this.metaCores();
    if (best === 0)
      throw new DataError(
        this.files.map((f) => f.name).join(', '),
        null,
        'give the cores per machine, or machine_meta.csv to read them from',
      );
    return { cores: best, note: alibabaMetaNote(best) };
  }

  finish(): { samples: TaskSamples; report: LoadReport; rawExtras?: RawExtras } {
    const files = endFiles(this.files);
    const ids = this.series.ids;
    const req = ids.map((id) => this.request.get(id) ?? NaN);
    const meta = this.files.filter((f) => f.role === 'meta').map((f) => f.name);
    if (meta.length === 0)
      throw new DataError(
        files.map((f) => f.name).join(', '),
        null,
        'container_usage needs container_meta.csv for each container’s CPU request',
      );
    const missing = ids.filter((_, t) => Number.isNaN(req[t]));
    const filters = missingMeta(missing, meta, 'container CPU requests', this.bad.skip);
    const { cores, note } = this.referenceCores();
    let over = 0;
    let overExample = '';
    const clamp = this.options.clamp === true;
    // Kept raw (for `applyUnits`): each container's cores used, whatever the machine (the cores per
    // machine are a unit field then: the conversion checks and clamps against the ones it is given).
    const raw = loadsRaw(this.options);
    const { samples, gaps } = this.series.finish(
      (pct, t) => {
        let used = (pct / 100) * (req[t] / 100);
        if (raw) return used;
        if (used > cores) {
          if (over++ === 0) overExample = `container ${ids[t]} uses ${used} cores`;
          used = cores;
        }
        return (used / cores) * this.scale;
      },
      (t) => !Number.isNaN(req[t]),
    );
    if (over && !clamp)
      throw new DataError(
        files.find((f) => f.role === 'usage')?.name ?? 'container_usage',
        null,
        `${over} value(s) above the ${cores} cores of a machine, e.g. ${overExample} (the clamp option caps such values)`,
      );
    if (clamp || raw)
      filters.push({
        id: 'clamped',
        label: `values above ${cores} cores clamped`,
        count: over,
        of: 'values',
      });
    const loaded = traceReport({
      format: 'alibaba',
      files,
      records: this.records,
      tasksRead: ids.length,
      samples,
      filters,
      bad: this.bad,
      units: alibabaUnits(cores, this.scale),
      gaps,
      notes: note ? [note] : [],
    });
    const metaCores = this.metaCores();
    return raw && metaCores > 0 ? { ...loaded, rawExtras: { metaCores } } : loaded;
  }
}
