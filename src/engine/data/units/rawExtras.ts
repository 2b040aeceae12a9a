/**
 * The parts of `applyUnits` that need more than the values a raw load kept (`RawExtras`): Alibaba's
 * cores per machine read from machine_meta when none are given, Bitbrains' other column, a long
 * CSV's scale column, a clamp to a fixed bound (Google 2019, Azure V2), a Prometheus counter.
 */
import { DataError } from '../streams/errors.ts';
import type { FilterCount, LoadReport, ParseClamp, RawExtras } from '../samples/report.ts';
import { compactSeries } from '../samples/coded.ts';
import {
  seriesAt,
  seriesLength,
  taskCount,
  type SeriesSet,
  type TaskSamples,
} from '../samples/samples.ts';
import { alibabaMetaNote, type BitbrainsOptions } from './traceUnits.ts';
import { counterReason, isCounter } from '../prometheus/counter.ts';
import type { Conversion } from './units.ts';

/**
 * An Alibaba spec with what the read found in place of what it leaves to the files: without cores
 * per machine it takes machine_meta's (a DataError, as the load's, when there were none).
 */
export function alibabaFilled<S extends { readonly coresPerMachine?: number }>(
  spec: S,
  extras: RawExtras,
  report: LoadReport,
): S {
  if (spec.coresPerMachine !== undefined) return spec;
  if (extras.metaCores === undefined)
    throw new DataError(
      report.files.map((f) => f.name).join(', '),
      null,
      'give the cores per machine, or machine_meta.csv to read them from',
    );
  return { ...spec, coresPerMachine: extras.metaCores };
}

/**
 * Alibaba's refusal of containers that use more than the machine's cores (without clamp), counted
 * and worded as its load words it (alibaba.ts): the first such value in task order as the example.
 */
export function refuseAboveMachine(samples: TaskSamples, c: Conversion, report: LoadReport): void {
  if (c.clamp) return;
  let over = 0;
  let example = '';
  for (let i = 0; i < taskCount(samples.inst); i++)
    for (const used of seriesAt(samples.inst, i))
      if (used > c.bound && over++ === 0)
        example = `container ${samples.ids[i]} uses ${used} cores`;
  if (over)
    throw new DataError(
      report.files.find((f) => f.role === 'usage')?.name ?? 'container_usage',
      null,
      `${over} value(s) above the ${c.bound} cores of a machine, e.g. ${example} (the clamp option caps such values)`,
    );
}

/** An Alibaba report's notes under `spec`: machine_meta's cores said when they are the ones used. */
export function alibabaNotes(
  notes: readonly string[],
  spec: { readonly coresPerMachine?: number },
  extras: RawExtras,
) {
  const meta = extras.metaCores === undefined ? null : alibabaMetaNote(extras.metaCores);
  const rest = notes.filter((n) => n !== meta);
  const given = spec.coresPerMachine !== undefined;
  return meta && !given ? [...rest, meta] : rest;
}

/**
 * The raw samples a Bitbrains spec converts: those of the load, or under the other unit the column
 * kept beside them (a sample that column could not give is a DataError naming its task, as the
 * load with that unit refuses its line).
 */
export function bitbrainsSource(
  samples: TaskSamples,
  loadedWith: BitbrainsOptions,
  spec: BitbrainsOptions,
  extras: RawExtras,
): TaskSamples {
  const unitOf = (s: BitbrainsOptions) => s.unit ?? 'cores';
  if (unitOf(spec) === unitOf(loadedWith)) return samples;
  const other = extras.otherUnit;
  if (!other || other.unit !== unitOf(spec))
    throw new RangeError('these options change how the files are parsed: they must be read again');
  checkUsable(
    other.inst,
    samples.ids,
    other.unit === 'cores' ? 'CPU usage [%] × CPU cores' : 'CPU usage [MHZ]',
  );
  return { ...samples, inst: other.inst };
}

function checkUsable(series: SeriesSet, ids: readonly string[], what: string): void {
  for (let i = 0; i < taskCount(series); i++) {
    const values = seriesAt(series, i);
    for (let k = 0; k < values.length; k++)
      if (!(values[k] >= 0 && values[k] < Infinity))
        throw new DataError(`task ${ids[i]}`, null, `${what} of sample ${k + 1} is not a number`);
  }
}

/**
 * A converted series times a long CSV's scale column, sample by sample: the load's very product
 * (`(v / divisor) · scale · m`, long.ts), coded again where exact as a load codes it.
 */
export function multiplied(series: SeriesSet, multipliers: SeriesSet | undefined): SeriesSet {
  if (!multipliers) return series;
  return compactSeries(
    Array.from({ length: taskCount(series) }, (_, i) => {
      const values = seriesAt(series, i);
      const m = seriesAt(multipliers, i);
      const out = new Float64Array(seriesLength(series, i));
      for (let k = 0; k < out.length; k++) out[k] = values[k] * m[k];
      return out;
    }),
  );
}

/**
 * The kept values under `clamp` for a format whose bound is fixed: without it, the first value above
 * the bound is refused as the load without clamp refuses its line; with it, each value is capped at
 * its task's bound, the load's very `min`.
 */
export function clampedAtParse(samples: TaskSamples, pc: ParseClamp, clamp: boolean): TaskSamples {
  if (!clamp) {
    if (pc.firstOver)
      throw new DataError(pc.firstOver.file, pc.firstOver.line, pc.firstOver.reason);
    return samples;
  }
  if (pc.filter.count === 0) return samples;
  const capped = (set: SeriesSet) =>
    compactSeries(
      Array.from({ length: taskCount(set) }, (_, i) => {
        const bound = typeof pc.bound === 'number' ? pc.bound : pc.bound[i];
        return seriesAt(set, i).map((v) => Math.min(v, bound));
      }),
    );
  return {
    ...samples,
    inst: capped(samples.inst),
    ...(samples.avg ? { avg: capped(samples.avg) } : {}),
  };
}

/** The report's filters under `clamp`: the clamp filter as its load places it (last) or none. */
export function parseClampFilters(
  filters: readonly FilterCount[],
  pc: ParseClamp,
  clamp: boolean,
): readonly FilterCount[] {
  const rest = filters.filter((f) => f.id !== 'clamped');
  return clamp ? [...rest, pc.filter] : rest;
}

/**
 * A Prometheus series that only grows past the machine is a counter read as a usage: refused as its
 * load refuses it (prometheus.ts), whatever the clamp. The check runs on each task's kept values,
 * so a counter split over several answers is judged as one series.
 */
export function refuseCounters(samples: TaskSamples, c: Conversion): void {
  for (let i = 0; i < taskCount(samples.inst); i++) {
    const values = seriesAt(samples.inst, i);
    const last = values[values.length - 1];
    if (last > c.bound && isCounter(values))
      throw new DataError(`task ${samples.ids[i]}`, null, counterReason(last, values.length));
  }
}
