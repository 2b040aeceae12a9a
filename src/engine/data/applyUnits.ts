/**
 * The unit and the task size applied after parsing. A load made with `raw` (units.ts) keeps each
 * parsed value as it is; `applyUnits` turns those values into machine units with any unit setting,
 * exactly as a load with that setting would have (the same `(v / divisor) · scale` on the same
 * float64 value, clamped to the same bound), so the page converts again without reading the files.
 * Only formats whose loader converts every value that way take part (`unitsAfterParsing`).
 */
import {
  azure2Factor,
  azure2Units,
  alibabaUnits,
  bitbrainsConversion,
  bitbrainsUnits,
  google2019Units,
  type BitbrainsOptions,
} from './traceUnits.ts';
import { DataError } from './errors.ts';
import { counterReason, isCounter } from './counter.ts';
import type { LoadSpec } from './loader.ts';
import { clampFilters, type LoadResult, type LoadReport } from './report.ts';
import {
  isCoded,
  seriesAt,
  seriesLength,
  taskCount,
  type SeriesSet,
  type TaskSamples,
} from './samples.ts';
import { conversion, describeUnit, type Conversion, type Unit } from './units.ts';
import {
  alibabaNotes,
  bitbrainsSource,
  clampedAtParse,
  filledSpec,
  parseClampFilters,
  multiplied,
  refuseAboveMachine,
} from './rawExtras.ts';

/** The options a load's unit setting is made of; every other option needs the files read again. */
export const UNIT_OPTIONS = ['unit', 'percent', 'scale', 'capacity', 'clamp'] as const;

type UnitFields = {
  unit?: Unit;
  percent?: boolean;
  scale?: number;
  capacity?: number;
  clamp?: boolean;
};

/** The format's own unit when the spec names none (as its loader and `resolveSpec` default). */
function unitOf(spec: LoadSpec & UnitFields): Unit {
  if (spec.unit) return spec.unit;
  if (spec.format === 'prometheus') return 'cores';
  if (spec.format === 'npy') return 'fraction';
  return spec.format === 'wide' && spec.percent === false ? 'fraction' : 'percent';
}

/**
 * A Bitbrains load's unit fields. Its unit picks the column read (cores or MHz): a raw load keeps
 * the other column as well (`RawExtras.otherUnit`), so the unit converts after parsing too.
 */
const BITBRAINS_UNIT_OPTIONS = ['unit', 'scale', 'coresPerMachine', 'capacity', 'clamp'] as const;

/**
 * A fixed bound's clamp is a unit field where the raw load keeps the values above it
 * (`RawExtras.clamp`): unless bad lines are skipped, for then the lines kept depend on the clamp.
 */
const clampLater = (spec: LoadSpec, fields: readonly string[]) =>
  (spec as { skipBadLines?: boolean }).skipBadLines === true ? fields : [...fields, 'clamp'];

const unitFieldsOf = (spec: LoadSpec): readonly string[] =>
  spec.format === 'bitbrains'
    ? BITBRAINS_UNIT_OPTIONS
    : spec.format === 'google' || spec.format === 'google2019'
      ? clampLater(spec, ['scale'])
      : spec.format === 'alibaba'
        ? ['scale', 'clamp', 'coresPerMachine']
        : spec.format === 'azure2'
          ? clampLater(spec, ['scale', 'coresPerMachine'])
          : UNIT_OPTIONS;

/** Formats whose bound is fixed (100 %, or Google's largest machine): clamping is parsing there. */
const clampedWhileParsing = (spec: LoadSpec) =>
  spec.format === 'google' || spec.format === 'google2019' || spec.format === 'azure2';

/**
 * Whether `spec`'s values can be kept raw and converted after the load. The wide, column-per-task
 * and long CSVs take every unit field (a long CSV's per-task scale column is kept beside the values,
 * `RawExtras.multipliers`, for it multiplies after the task size), unless bad lines are skipped: a
 * value above the unit is a bad line, so which rows are kept would depend on the unit. Bitbrains
 * likewise (its unit too: the raw load keeps the other column, `RawExtras.otherUnit`), and
 * Prometheus JSON (unless bad points are skipped). Google 2011 and 2019 take the task size and the
 * clamp, Azure V2 the task size, cores per machine and clamp: their bound (1, 100 % of the VM) is
 * fixed, so the raw load keeps the values above it as read with their count and the first such
 * line (`RawExtras.clamp`); when bad lines are skipped the clamp stays a parsing option. Alibaba
 * takes the task size, the clamp and the cores per machine: its raw load keeps each container's
 * cores used and machine_meta's most common cpu_num (`RawExtras.metaCores`), the cores of a spec
 * that gives none. An .npy of samples takes every unit field (its report counts no clamped values,
 * converted or not). The compact format is in machine units already and its loader takes no unit
 * field: every unit setting converts it to itself.
 */
export function unitsAfterParsing(spec: LoadSpec): boolean {
  if (spec.format === 'compact' || spec.format === 'alibaba') return true;
  if (spec.format === 'npy') return (spec.kind ?? 'samples') === 'samples';
  if (spec.format === 'bitbrains' || spec.format === 'prometheus')
    return spec.skipBadLines !== true;
  if (spec.format === 'google' || spec.format === 'google2019' || spec.format === 'azure2')
    return true;
  // A value above the unit is a bad line: skipped, the rows kept would depend on the unit.
  const csv = spec.format === 'wide' || spec.format === 'columns' || spec.format === 'long';
  return csv && spec.skipBadLines !== true;
}

/** The spec that loads `spec`'s files raw (values checked against its unit, not converted). */
export function rawSpec(spec: LoadSpec): LoadSpec {
  return { ...spec, raw: true } as unknown as LoadSpec;
}

/** The conversion `spec` stands for (its RangeError names a bad unit, capacity or task size). */
export function conversionOf(spec: LoadSpec, raw = false): Conversion {
  // Google's values are fractions of its largest machine, clamped (or refused) while parsing.
  if (spec.format === 'google' || spec.format === 'google2019')
    return {
      ...conversion({ unit: 'fraction', scale: raw ? 1 : (spec.scale ?? 1) }),
      bound: Infinity,
    };
  if (spec.format === 'bitbrains') {
    const c = bitbrainsConversion(spec);
    return raw ? { ...c, bound: c.clamp ? Infinity : c.bound, scale: 1 } : c;
  }
  if (spec.format === 'alibaba') {
    const { coresPerMachine: capacity, clamp } = spec;
    return conversion({ unit: 'cores', capacity, scale: raw ? 1 : (spec.scale ?? 1), clamp, raw });
  }
  if (spec.format === 'azure2')
    return {
      unit: 'cores',
      bound: Infinity,
      divisor: 1,
      scale: raw ? 1 : azure2Factor(spec),
      clamp: false,
      label: '100 %',
    };
  const o = spec as LoadSpec & UnitFields;
  const unit = unitOf(o);
  return conversion({ unit, scale: o.scale ?? 1, capacity: o.capacity, clamp: o.clamp, raw });
}

/**
 * Bitbrains with the loose unit fields of a request (`capacity` stands for the cores when the unit
 * is cores, as `resolveSpec` reads a cores unit); its unit is taken along, for `sameParsing` to see.
 */
function bitbrainsWithUnitsOf(spec: BitbrainsOptions, next: UnitFields): LoadSpec {
  const out: Record<string, unknown> = { ...spec, format: 'bitbrains' };
  for (const k of BITBRAINS_UNIT_OPTIONS) delete out[k];
  const o = next as UnitFields & { coresPerMachine?: number };
  const unit = o.unit ?? spec.unit;
  const fields = {
    unit,
    scale: o.scale,
    clamp: o.clamp,
    ...((unit ?? 'cores') === 'cores'
      ? { coresPerMachine: o.capacity ?? o.coresPerMachine }
      : { capacity: o.capacity }),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out as unknown as LoadSpec;
}

/** `spec` with the unit fields of `next` (the rest, and so the parsing, unchanged). */
export function withUnitsOf(spec: LoadSpec, next: LoadSpec): LoadSpec {
  if (spec.format === 'compact') return spec;
  if (spec.format === 'bitbrains') return bitbrainsWithUnitsOf(spec, next as UnitFields);
  const unit = (next as UnitFields).unit;
  // Google has no unit to choose: another one stays in the spec, to be read (and refused) again.
  if (spec.format === 'google' && unit !== undefined && unit !== 'fraction')
    return { ...withUnitsOf(spec, { format: 'google' }), unit } as LoadSpec;
  const out: Record<string, unknown> = { ...spec };
  const fields = unitFieldsOf(spec);
  for (const k of fields) delete out[k];
  for (const k of fields) {
    const v = (next as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  // Their clamp is parsing: a new one stays in the spec, for `sameParsing` to see.
  const clamp = (next as UnitFields).clamp;
  if (clampedWhileParsing(spec) && clamp !== undefined) out.clamp = clamp;
  return out as unknown as LoadSpec;
}

/** Whether two specs parse alike (they differ at most in their unit fields). */
export function sameParsing(a: LoadSpec, b: LoadSpec): boolean {
  const strip = (s: LoadSpec) => {
    const o: Record<string, unknown> = { ...s };
    for (const k of [...unitFieldsOf(s), 'raw']) delete o[k];
    return JSON.stringify(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)));
  };
  return a.format === b.format && strip(a) === strip(b);
}

/** The report's words for a unit setting. */
const unitsText = (spec: LoadSpec, c: Conversion) =>
  spec.format === 'bitbrains'
    ? bitbrainsUnits(spec)
    : spec.format === 'azure2'
      ? azure2Units(spec)
      : spec.format === 'google2019'
        ? google2019Units(spec.scale)
        : spec.format === 'alibaba'
          ? alibabaUnits(Number(spec.coresPerMachine), spec.scale)
          : describeUnit(c);

interface Converted {
  readonly series: SeriesSet;
  readonly clamped: number;
}

/** One series converted; a value above the bound (not clamped) is a DataError naming its task. */
function convertSeries(
  s: SeriesSet,
  c: Conversion,
  ids: readonly string[],
  what: string,
): Converted {
  const check = (v: number, task: number, k: number) => {
    if (v > c.bound && !c.clamp)
      throw new DataError(
        `task ${ids[task] ?? task}`,
        null,
        `${what} sample ${k + 1} (${v}) is above ${c.label} (the unit's maximum; the clamp option caps such values)`,
      );
  };
  const to = (v: number) => ((v > c.bound ? c.bound : v) / c.divisor) * c.scale;
  let clamped = 0;
  if (isCoded(s)) {
    const over = new Uint8Array(s.dictionary.length);
    s.dictionary.forEach((v, j) => (over[j] = v > c.bound ? 1 : 0));
    if (over.includes(1))
      for (let i = 0; i < taskCount(s); i++)
        for (let k = s.offsets[i]; k < s.offsets[i + 1]; k++)
          if (over[s.codes[k]]) {
            check(s.dictionary[s.codes[k]], i, k - s.offsets[i]);
            clamped++;
          }
    return { series: { ...s, dictionary: s.dictionary.map(to) }, clamped };
  }
  const out = s.map((values, i) => {
    const next = new Float64Array(seriesLength(s, i));
    for (let k = 0; k < next.length; k++) {
      const v = values[k];
      if (v > c.bound) {
        check(v, i, k);
        clamped++;
      }
      next[k] = to(v);
    }
    return next;
  });
  return { series: out, clamped };
}

/**
 * A Prometheus series that only grows past the machine is a counter read as a usage: refused as its
 * load refuses it (prometheus.ts), whatever the clamp. The check runs on each task's kept values,
 * so a counter split over several answers is judged as one series.
 */
function refuseCounters(samples: TaskSamples, c: Conversion): void {
  for (let i = 0; i < taskCount(samples.inst); i++) {
    const values = seriesAt(samples.inst, i);
    const last = values[values.length - 1];
    if (last > c.bound && isCounter(values))
      throw new DataError(`task ${samples.ids[i]}`, null, counterReason(last, values.length));
  }
}

/**
 * The samples of a raw load (`rawSpec(loaded with)`) in machine units under `spec`'s unit
 * setting, with the report's units and clamp count for it. A value above the unit's bound (without
 * the clamp option) is a DataError naming the task and the sample.
 */
export function applyUnits(
  raw: Extract<LoadResult, { kind: 'samples' }>,
  loadedWithGiven: LoadSpec,
  given: LoadSpec,
): Extract<LoadResult, { kind: 'samples' }> {
  if (given.format === 'compact')
    return { kind: 'samples', samples: raw.samples, report: raw.report };
  const extras = raw.rawExtras ?? {};
  const spec = filledSpec(given, extras, raw.report);
  const loadedWith = filledSpec(loadedWithGiven, extras, raw.report);
  const c = conversionOf(spec);
  const clampsNow = (spec as UnitFields).clamp === true;
  const parsed =
    spec.format === 'bitbrains'
      ? bitbrainsSource(raw.samples, loadedWith, spec, extras)
      : raw.samples;
  const samples = extras.clamp ? clampedAtParse(parsed, extras.clamp, clampsNow) : parsed;
  if (spec.format === 'prometheus') refuseCounters(samples, c);
  if (spec.format === 'alibaba') refuseAboveMachine(samples, c, raw.report);
  const inst = convertSeries(samples.inst, c, samples.ids, 'inst');
  const avg = samples.avg && convertSeries(samples.avg, c, samples.ids, 'avg');
  const scaled = (set: SeriesSet) => multiplied(set, extras.multipliers);
  const converted: TaskSamples = {
    ...samples,
    inst: scaled(inst.series),
    ...(avg ? { avg: scaled(avg.series) } : {}),
  };
  const before = unitsText(loadedWith, conversionOf(loadedWith, true));
  const rest = raw.report.units.startsWith(before) ? raw.report.units.slice(before.length) : '';
  const [clamp] = clampFilters(c, inst.clamped + (avg?.clamped ?? 0));
  const filters = extras.clamp
    ? parseClampFilters(raw.report.filters, extras.clamp, clampsNow)
    : clampedWhileParsing(spec) || spec.format === 'npy'
      ? raw.report.filters
      : raw.report.filters.flatMap((f) => (f.id !== 'clamped' ? [f] : clamp ? [clamp] : []));
  const report: LoadReport = {
    ...raw.report,
    filters:
      clamp && !filters.includes(clamp) && !clampedWhileParsing(spec) && spec.format !== 'npy'
        ? [...filters, clamp]
        : filters,
    units: unitsText(spec, c) + rest,
    ...(spec.format === 'alibaba' ? { notes: alibabaNotes(raw.report.notes, given, extras) } : {}),
  };
  return { kind: 'samples', samples: converted, report };
}
