/**
 * Prometheus series kept with their labels and timestamps, and their time-aligned usage matrix:
 * row i a series, column t one instant of the union of every series' instants, the value 0 where a
 * series has no sample (the pod did not exist then). That matrix is an ordinary realization matrix
 * (SPEC §2) whose column t is one instant, so every measure of q applies to it unchanged. Kept small
 * on purpose: a general aligned realization for every format may replace `alignSeries`.
 */
import type { ChunkSink } from '../data/streams/bytes.ts';
import { DataError } from '../data/streams/errors.ts';
import { JsonScanner } from '../data/streams/jsonScan.ts';
import { PromStream, type PromSeries } from '../data/readers/promStream.ts';
import { checkAskedRange, warningsNote } from '../data/readers/prometheus.ts';
import { matrixFrom, type RealizationMatrix } from '../matrix.ts';

export interface LabeledSeries {
  readonly labels: Record<string, string>;
  readonly times: Float64Array;
  readonly values: Float64Array;
}

/** The identity of a series: its labels but `__name__`, sorted. */
function keyOf(labels: Record<string, unknown>): string {
  return Object.keys(labels)
    .filter((k) => k !== '__name__')
    .sort()
    .map((k) => `${k}=${String(labels[k])}`)
    .join(',');
}

/**
 * Series of one or more query_range answers (a range fetched in chunks, or files exported so),
 * merged by labels; an instant read again at a chunk boundary is kept once; samples that are not
 * numbers (NaN, ±Inf, null) are dropped and counted, never read as 0.
 */
export class SeriesCollector {
  private readonly byKey = new Map<
    string,
    { labels: Record<string, string>; t: number[]; v: number[] }
  >();
  notNumbers = 0;
  /** Points left out for lying outside the range their answer was asked for, and what the servers
   * warned of (a partial answer): one note per answer. */
  readonly notes: string[] = [];

  /** One series of answer `name`, as read (the Prometheus reader hands them over too). */
  take(name: string, s: PromSeries): void {
    const key = keyOf(s.labels);
    let e = this.byKey.get(key);
    if (!e) {
      const labels: Record<string, string> = {};
      for (const [k, v] of Object.entries(s.labels)) labels[k] = String(v);
      this.byKey.set(key, (e = { labels, t: [], v: [] }));
    }
    for (let j = 0; j < s.times.length; j++) {
      const t = s.times[j];
      const v = s.values[j];
      if (!Number.isFinite(v) || !Number.isFinite(t)) {
        this.notNumbers++;
        continue;
      }
      const last = e.t.length ? e.t[e.t.length - 1] : -Infinity;
      if (t === last) continue;
      if (t < last)
        throw new DataError(
          name,
          null,
          `series ${key}: timestamp ${t} is out of order (after ${last})`,
        );
      e.t.push(t);
      e.v.push(v);
    }
  }

  /** A sink for one answer; `asked`, the range it was asked for (points outside it left out). */
  file(name: string, asked?: { start: number; end: number }): ChunkSink {
    const stream = new PromStream(Infinity, (s) => this.take(name, s), asked);
    const scanner = new JsonScanner(name, stream);
    return {
      push: (chunk) => scanner.push(chunk),
      end: () => {
        scanner.end();
        const h = stream.head;
        if (h.status === 'error')
          throw new DataError(
            name,
            null,
            `a Prometheus error response (${String(h.errorType)}: ${String(h.error)})`,
          );
        if (h.status !== 'success' || h.resultType !== 'matrix')
          throw new DataError(
            name,
            null,
            `not a query_range answer (status ${JSON.stringify(h.status)}, resultType ${JSON.stringify(h.resultType)}; expected "success" and "matrix")`,
          );
        checkAskedRange(name, stream, asked);
        stream.flush();
        if (stream.outside)
          this.notes.push(
            `${name}: ${stream.outside} samples outside the range asked for left out`,
          );
        this.notes.push(...warningsNote(name, stream));
      },
    };
  }

  series(): LabeledSeries[] {
    return [...this.byKey.values()]
      .filter((e) => e.t.length > 0)
      .map((e) => ({
        labels: e.labels,
        times: Float64Array.from(e.t),
        values: Float64Array.from(e.v),
      }));
  }
}

/** The aligned usage of `series`: instants (sorted union) and the (series × instants) matrix. */
export function alignSeries(series: readonly LabeledSeries[]): {
  instants: Float64Array;
  usage: RealizationMatrix;
} {
  const all = new Set<number>();
  for (const s of series) for (const t of s.times) all.add(t);
  const instants = Float64Array.from(all).sort();
  const col = new Map<number, number>();
  instants.forEach((t, j) => col.set(t, j));
  const data = new Float32Array(series.length * instants.length);
  series.forEach((s, i) => {
    const row = i * instants.length;
    for (let k = 0; k < s.times.length; k++) data[row + col.get(s.times[k])!] = s.values[k];
  });
  return { instants, usage: matrixFrom(series.length, instants.length, data) };
}
