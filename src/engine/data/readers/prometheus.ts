/**
 * Prometheus HTTP API `query_range` responses (SPEC §10): `{"status":"success","data":{"resultType":
 * "matrix","result":[{"metric":{…labels},"values":[[unix_s,"value"],…]},…]}}`, one series per
 * task, named by `idLabel` or else by all its labels. Anything else — an error response, another
 * result type, not JSON — is refused with the reason. The response is streamed (jsonScan.ts,
 * promStream.ts): memory is bounded by the samples kept, not by the response's size.
 */
import { BadLines, textStart, type ChunkSink } from '../streams/bytes.ts';
import { DataError } from '../streams/errors.ts';
import { JsonScanner } from '../streams/jsonScan.ts';
import { counterReason, isCounter } from '../prometheus/counter.ts';
import { nonFiniteKind, PromChecks, queryFindings } from '../prometheus/promChecks.ts';
import { PromStream, type PromHead, type PromSeries } from './promStream.ts';
import { TimedSeries } from '../samples/series.ts';
import type { RepeatRule } from '../samples/repeats.ts';
import { traceReport } from './traceCommon.ts';
import type { FileReport, LoadReport } from '../samples/report.ts';
import type { TaskSamples } from '../samples/samples.ts';
import { conversion, describeUnit, type Conversion, type Unit, loadsRaw } from '../units/units.ts';

export interface PrometheusOptions {
  /** cores (default; `capacity` = cores per machine), percent or fraction of a machine. */
  readonly unit?: Unit;
  readonly scale?: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** A repeated timestamp of a series: merged into the first sample (default) or refused. */
  readonly duplicates?: RepeatRule;
  /** The label naming a task (default: every label, `a=x,b=y`). */
  readonly idLabel?: string;
  /** The query and step the answer came from (a live source), for the checks of promChecks.ts. */
  readonly query?: string;
  readonly step?: number;
  /** The range asked for (unix s), for the coverage check; else the data's own span. */
  readonly rangeStart?: number;
  readonly rangeEnd?: number;
  /**
   * The range each answer was asked for, in the order the answers are read (a live source's chunks):
   * points outside it are left out and counted, an answer with none inside it is refused. Without
   * it, the whole range above (when given) stands for every answer.
   */
  readonly askedRanges?: readonly { readonly start: number; readonly end: number }[];
}

const isoTime = (t: number) =>
  Number.isFinite(t) && Math.abs(t) < 8.64e12 ? new Date(t * 1000).toISOString() : String(t);

/**
 * Refuses an answer whose every point lies outside the range asked for (the server answered
 * another range); an answer with no points at all is left to the reader's own checks.
 */
export function checkAskedRange(
  name: string,
  s: { inside: number; outside: number; outsideFirst: number; outsideLast: number },
  asked: { start: number; end: number } | undefined,
): void {
  if (!asked || s.inside > 0 || s.outside === 0) return;
  throw new DataError(
    name,
    null,
    `every point of the answer lies outside the range asked for, ${isoTime(asked.start)} to ${isoTime(asked.end)} (its ${s.outside} points run from ${isoTime(s.outsideFirst)} to ${isoTime(s.outsideLast)}): the server answered another range; refused`,
  );
}

/** The server's `warnings` of one answer as a note (Prometheus says so of a partial answer). */
export function warningsNote(
  name: string,
  s: { warnings: string[]; warningCount: number },
): string[] {
  if (s.warningCount === 0) return [];
  const more =
    s.warningCount > s.warnings.length ? ` and ${s.warningCount - s.warnings.length} more` : '';
  return [
    `${name}: the server warns that its answer may be partial: ${s.warnings.map((w) => JSON.stringify(w)).join('; ')}${more}`,
  ];
}

/** A series' task id from its labels. */
function seriesName(metric: Record<string, unknown>, idLabel?: string): string {
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
  /** The unit's bound a counter may not pass (the machine's, even when values are kept raw). */
  private readonly counterBound: number;
  private readonly raw: boolean;
  private readonly bad: BadLines;
  private readonly series: TimedSeries;
  private readonly files: { name: string; bytes: number }[] = [];
  private clamped = 0;
  private records = 0;
  /** Points left out for lying outside the range asked for, and the servers' warnings. */
  private outside = 0;
  private readonly warnings: string[] = [];
  private readonly checks = new PromChecks();

  constructor(private readonly options: PrometheusOptions) {
    const unit = {
      unit: options.unit ?? 'cores',
      scale: options.scale ?? 1,
      capacity: options.capacity,
      clamp: options.clamp,
    };
    this.raw = loadsRaw(options);
    this.conv = conversion({ ...unit, raw: this.raw });
    this.counterBound = conversion(unit).bound;
    this.bad = new BadLines(options.skipBadLines === true);
    this.series = new TimedSeries(this.bad, false, options.duplicates);
  }

  /** A sink for one answer; `also` sees each series as read (one parse for two readers). */
  file(name: string, also?: (s: PromSeries) => void): ChunkSink {
    const entry = { name, bytes: 0 };
    const o = this.options;
    const asked =
      o.askedRanges?.[this.files.length] ??
      (o.rangeStart !== undefined && o.rangeEnd !== undefined
        ? { start: o.rangeStart, end: o.rangeEnd }
        : undefined);
    this.files.push(entry);
    const stream = new PromStream(
      this.conv.bound,
      (s) => {
        this.takeSeries(name, s);
        also?.(s);
      },
      asked,
    );
    const scanner = new JsonScanner(name, stream);
    return {
      push(chunk) {
        const start = entry.bytes === 0 ? textStart(name, chunk) : 0;
        entry.bytes += chunk.length;
        scanner.push(start ? chunk.subarray(start) : chunk);
      },
      end: () => {
        if (scanner.blank) throw new DataError(name, null, 'empty file');
        scanner.end();
        checkHead(name, stream.head);
        checkAskedRange(name, stream, asked);
        stream.flush();
        this.outside += stream.outside;
        this.warnings.push(...warningsNote(name, stream));
      },
    };
  }

  private takeSeries(name: string, s: PromSeries): void {
    const k = s.index;
    if (!s.hasValues) throw new DataError(name, null, `series ${k + 1} has no "values" array`);
    const t = this.series.task(seriesName(s.labels, this.options.idLabel));
    const id = this.series.ids[t];
    this.checks.series(id, s.labels, s.times);
    if (isCounter(s.values)) {
      this.checks.counter(id);
      const last = lastFinite(s.values);
      if (last > this.counterBound)
        throw new DataError(
          name,
          null,
          `series ${k + 1} (${id}) ${counterReason(last, s.values.length)}`,
        );
    }
    for (let j = 0; j < s.times.length; j++) {
      if (s.malformed.has(j)) {
        this.records++;
        this.bad.report(
          name,
          null,
          `series ${k + 1} (${this.series.ids[t]}), point ${j + 1}: expected [time, "value"]`,
        );
        continue;
      }
      const v = s.values[j];
      this.value(name, k, j, t, s.times[j], v, s.raws);
    }
  }

  private value(
    name: string,
    k: number,
    j: number,
    t: number,
    time: number,
    v: number,
    raws: ReadonlyMap<number, string>,
  ): void {
    this.records++;
    const c = this.conv;
    const kind = Number.isFinite(v) ? null : nonFiniteKind(raws.get(j));
    if (kind !== null) return this.checks.notANumber(this.series.ids[t], kind, time);
    if (!(v >= 0 && (v <= c.bound || (c.clamp && v < Infinity))))
      return this.bad.report(
        name,
        null,
        `series ${k + 1} (${this.series.ids[t]}), point ${j + 1}: value ${JSON.stringify(raws.get(j) ?? String(v))} ${Number.isNaN(v) ? 'is not a number' : v === Infinity ? 'is not finite' : v < 0 ? 'is negative' : `is above ${c.label} (the clamp option caps such values)`}`,
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
    const doubled = this.checks.doubleCountProblem();
    if (doubled) throw new DataError(files.map((f) => f.name).join(', '), null, doubled);
    const o = this.options;
    const range =
      o.rangeStart !== undefined && o.rangeEnd !== undefined
        ? { start: o.rangeStart, end: o.rangeEnd }
        : undefined;
    const notes = [
      ...(o.query !== undefined ? queryFindings(o.query, o.step) : []),
      ...this.checks.notes(range),
      ...this.warnings,
    ];
    const { samples, gaps } = this.series.finish((v) => v);
    return traceReport({
      notes,
      format: 'prometheus',
      files,
      records: this.records,
      tasksRead: this.series.ids.length,
      samples,
      filters: [
        // Kept raw, the clamped count is the conversion's to make (applyUnits), in this place.
        ...(this.conv.clamp || this.raw
          ? [
              {
                id: 'clamped',
                label: `values above ${this.conv.label} clamped`,
                count: this.clamped,
                of: 'values' as const,
              },
            ]
          : []),
        ...(this.checks.dropped
          ? [
              {
                id: 'not-a-number',
                label: 'samples that are not numbers (NaN, ±Inf, null) dropped',
                count: this.checks.dropped,
                of: 'values' as const,
              },
            ]
          : []),
        ...(this.outside
          ? [
              {
                id: 'outside-range',
                label: 'samples outside the range asked for left out',
                count: this.outside,
                of: 'values' as const,
              },
            ]
          : []),
      ],
      bad: this.bad,
      units: describeUnit(this.conv),
      gaps,
    });
  }
}

function lastFinite(values: Float64Array): number {
  for (let j = values.length - 1; j >= 0; j--) if (Number.isFinite(values[j])) return values[j];
  return NaN;
}

/** The structural checks of a whole response, in the order a reader would make them. */
function checkHead(name: string, d: PromHead): void {
  if (!d.rootIsObject)
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
  if (d.status !== 'success' || !d.dataIsObject)
    throw new DataError(
      name,
      null,
      'not a Prometheus query_range response (no "status":"success" with "data")',
    );
  if (d.resultType !== 'matrix')
    throw new DataError(
      name,
      null,
      `resultType is ${JSON.stringify(d.resultType)}, expected "matrix" (a query_range answer)`,
    );
  if (!d.resultIsArray) throw new DataError(name, null, 'data.result is not an array');
}
