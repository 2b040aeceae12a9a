/**
 * Prometheus HTTP API `query_range` responses (SPEC §10): `{"status":"success","data":{"resultType":
 * "matrix","result":[{"metric":{…labels},"values":[[unix_s,"value"],…]},…]}}`, one series per
 * task, named by `idLabel` or else by all its labels. Anything else — an error response, another
 * result type, not JSON — is refused with the reason. Choice: a response is held whole and parsed
 * by the native JSON parser (query_range answers are capped at 11,000 points per series by the
 * server; a response above 1 GiB is refused).
 */
import { BadLines, F64Column, I32Column, latin1, type ChunkSink } from './bytes.ts';
import { scanMatrix } from './promScan.ts';
import { DataError } from './errors.ts';
import { TimedSeries } from './series.ts';
import { traceReport } from './traceCommon.ts';
import type { FileReport, LoadReport } from './report.ts';
import type { TaskSamples } from './samples.ts';
import { conversion, describeUnit, type Conversion, type Unit } from './units.ts';

export interface PrometheusOptions {
  /** cores (default; `capacity` = cores per machine), percent or fraction of a machine. */
  readonly unit?: Unit;
  readonly scale?: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** The label naming a task (default: every label, `a=x,b=y`). */
  readonly idLabel?: string;
}

const MAX_BYTES = 1 << 30;

/** A series' task id from its labels. */
export function seriesName(metric: Record<string, unknown>, idLabel?: string): string {
  if (idLabel !== undefined) {
    const v = metric[idLabel];
    if (typeof v === 'string') return v;
  }
  const keys = Object.keys(metric)
    .filter((k) => k !== '__name__')
    .sort();
  if (keys.length === 0) return String(metric.__name__ ?? 'series');
  return keys.map((k) => `${k}=${String(metric[k])}`).join(',');
}

export class PrometheusLoader {
  private readonly conv: Conversion;
  private readonly bad: BadLines;
  private readonly series: TimedSeries;
  private readonly files: { name: string; chunks: Uint8Array[]; bytes: number }[] = [];
  private clamped = 0;
  private records = 0;

  constructor(private readonly options: PrometheusOptions) {
    this.conv = conversion({
      unit: options.unit ?? 'cores',
      scale: options.scale ?? 1,
      capacity: options.capacity,
      clamp: options.clamp,
    });
    this.bad = new BadLines(options.skipBadLines === true);
    this.series = new TimedSeries(this.bad, false);
  }

  file(name: string): ChunkSink {
    const entry = { name, chunks: [] as Uint8Array[], bytes: 0 };
    this.files.push(entry);
    return {
      push(chunk) {
        entry.bytes += chunk.length;
        if (entry.bytes > MAX_BYTES)
          throw new DataError(name, null, 'a Prometheus response above 1 GiB');
        entry.chunks.push(chunk.slice());
      },
      end: () => {
        const all = new Uint8Array(entry.bytes);
        let at = 0;
        for (const c of entry.chunks) {
          all.set(c, at);
          at += c.length;
        }
        entry.chunks = [];
        if (!this.scan(name, all)) this.parse(name, latin1(all, 0, all.length));
      },
    };
  }

  /** The fast path (promScan.ts); false when the bytes need the full JSON parser. */
  private scan(name: string, all: Uint8Array): boolean {
    const labels: Record<string, unknown>[] = [];
    const seriesOf = new I32Column(1 << 16);
    const times = new F64Column(1 << 16);
    const values = new F64Column(1 << 16);
    const raws = new Map<number, string>();
    const ok = scanMatrix(
      all,
      (l) => labels.push(l),
      (s, _j, time, value, raw) => {
        if (!(value >= 0)) raws.set(seriesOf.length, latin1(raw.buf, raw.start, raw.end));
        seriesOf.push(s);
        times.push(time);
        values.push(value);
      },
    );
    if (ok === null) return false;
    const tasks = labels.map((l) => this.series.task(seriesName(l, this.options.idLabel)));
    let k = -1;
    let j = 0;
    for (let r = 0; r < seriesOf.length; r++) {
      const s = seriesOf.data[r];
      j = s === k ? j + 1 : 0;
      k = s;
      this.value(
        name,
        s,
        j,
        tasks[s],
        times.data[r],
        values.data[r],
        raws.get(r) ?? String(values.data[r]),
      );
    }
    return true;
  }

  private parse(name: string, text: string): void {
    if (text.trim() === '') throw new DataError(name, null, 'empty file');
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new DataError(name, null, `not JSON: ${(e as Error).message}`);
    }
    const d = doc as {
      status?: unknown;
      error?: unknown;
      errorType?: unknown;
      data?: { resultType?: unknown; result?: unknown };
    };
    if (typeof d !== 'object' || d === null || Array.isArray(d))
      throw new DataError(
        name,
        null,
        'not a Prometheus response (expected an object with status and data)',
      );
    if (d.status === 'error')
      throw new DataError(
        name,
        null,
        `a Prometheus error response (${String(d.errorType ?? 'error')}: ${String(d.error ?? 'no message')}), not data`,
      );
    if (d.status !== 'success' || typeof d.data !== 'object' || d.data === null)
      throw new DataError(
        name,
        null,
        'not a Prometheus query_range response (no "status":"success" with "data")',
      );
    if (d.data.resultType !== 'matrix')
      throw new DataError(
        name,
        null,
        `resultType is ${JSON.stringify(d.data.resultType)}, expected "matrix" (a query_range answer)`,
      );
    if (!Array.isArray(d.data.result))
      throw new DataError(name, null, 'data.result is not an array');
    d.data.result.forEach(
      (s: { metric?: Record<string, unknown>; values?: unknown }, k: number) => {
        if (!Array.isArray(s.values))
          throw new DataError(name, null, `series ${k + 1} has no "values" array`);
        const t = this.series.task(seriesName(s.metric ?? {}, this.options.idLabel));
        s.values.forEach((p: unknown, j: number) => this.point(name, k, j, t, p));
      },
    );
  }

  private point(name: string, k: number, j: number, t: number, p: unknown): void {
    if (!Array.isArray(p) || p.length !== 2) {
      this.records++;
      return this.bad.report(
        name,
        null,
        `series ${k + 1} (${this.series.ids[t]}), point ${j + 1}: expected [time, "value"]`,
      );
    }
    this.value(name, k, j, t, Number(p[0]), Number(p[1]), String(p[1]));
  }

  private value(
    name: string,
    k: number,
    j: number,
    t: number,
    time: number,
    v: number,
    raw: string,
  ): void {
    this.records++;
    const c = this.conv;
    if (!(v >= 0 && (v <= c.bound || c.clamp)))
      return this.bad.report(
        name,
        null,
        `series ${k + 1} (${this.series.ids[t]}), point ${j + 1}: value ${JSON.stringify(raw)} ${Number.isNaN(v) ? 'is not a number' : v < 0 ? 'is negative' : `is above ${c.label} (the clamp option caps such values)`}`,
      );
    if (v > c.bound) this.clamped++;
    this.series.add(t, time, (Math.min(v, c.bound) / c.divisor) * c.scale, NaN, name, j + 1);
  }

  finish(): { samples: TaskSamples; report: LoadReport } {
    const files: FileReport[] = this.files.map((f) => ({
      name: f.name,
      role: 'inst',
      bytes: f.bytes,
      lines: 0,
    }));
    const { samples, gaps } = this.series.finish((v) => v);
    return traceReport({
      format: 'prometheus',
      files,
      records: this.records,
      tasksRead: this.series.ids.length,
      samples,
      filters: this.conv.clamp
        ? [
            {
              id: 'clamped',
              label: `values above ${this.conv.label} clamped`,
              count: this.clamped,
              of: 'values',
            },
          ]
        : [],
      bad: this.bad,
      units: describeUnit(this.conv),
      gaps,
    });
  }
}
