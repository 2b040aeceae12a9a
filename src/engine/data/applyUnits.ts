/**
 * The unit and the task size applied after parsing. A load made with `raw` (units.ts) keeps each
 * parsed value as it is; `applyUnits` turns those values into machine units with any unit setting,
 * exactly as a load with that setting would have (the same `(v / divisor) · scale` on the same
 * float64 value, clamped to the same bound), so the page converts again without reading the files.
 * Only formats whose loader converts every value that way take part (`unitsAfterParsing`).
 */
import { DataError } from './errors.ts';
import type { LoadSpec } from './loader.ts';
import { clampFilters, type LoadResult, type LoadReport } from './report.ts';
import { isCoded, seriesLength, taskCount, type SeriesSet, type TaskSamples } from './samples.ts';
import { conversion, describeUnit, type Conversion, type Unit } from './units.ts';

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
  return spec.format === 'wide' && spec.percent === false ? 'fraction' : 'percent';
}

/**
 * Whether `spec`'s values can be kept raw and converted after the load: the wide, column-per-task
 * and long CSVs (a long CSV without a per-task scale column, which multiplies after the task size).
 */
export function unitsAfterParsing(spec: LoadSpec): boolean {
  if (spec.format === 'long') return spec.scaleColumn === undefined;
  return spec.format === 'wide' || spec.format === 'columns';
}

/** The spec that loads `spec`'s files raw (values checked against its unit, not converted). */
export function rawSpec(spec: LoadSpec): LoadSpec {
  return { ...spec, raw: true } as unknown as LoadSpec;
}

/** The conversion `spec` stands for (its RangeError names a bad unit, capacity or task size). */
export function conversionOf(spec: LoadSpec, raw = false): Conversion {
  const o = spec as LoadSpec & UnitFields;
  const unit = unitOf(o);
  return conversion({ unit, scale: o.scale ?? 1, capacity: o.capacity, clamp: o.clamp, raw });
}

/** `spec` with the unit fields of `next` (the rest, and so the parsing, unchanged). */
export function withUnitsOf(spec: LoadSpec, next: LoadSpec): LoadSpec {
  const out: Record<string, unknown> = { ...spec };
  for (const k of UNIT_OPTIONS) delete out[k];
  for (const k of UNIT_OPTIONS) {
    const v = (next as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as unknown as LoadSpec;
}

/** Whether two specs parse alike (they differ at most in their unit fields). */
export function sameParsing(a: LoadSpec, b: LoadSpec): boolean {
  const strip = (s: LoadSpec) => {
    const o: Record<string, unknown> = { ...s };
    for (const k of [...UNIT_OPTIONS, 'raw']) delete o[k];
    return JSON.stringify(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)));
  };
  return a.format === b.format && strip(a) === strip(b);
}

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
 * The samples of a raw load (`rawSpec(loaded with)`) in machine units under `spec`'s unit
 * setting, with the report's units and clamp count for it. A value above the unit's bound (without
 * the clamp option) is a DataError naming the task and the sample.
 */
export function applyUnits(
  raw: Extract<LoadResult, { kind: 'samples' }>,
  loadedWith: LoadSpec,
  spec: LoadSpec,
): Extract<LoadResult, { kind: 'samples' }> {
  const c = conversionOf(spec);
  const { samples } = raw;
  const inst = convertSeries(samples.inst, c, samples.ids, 'inst');
  const avg = samples.avg && convertSeries(samples.avg, c, samples.ids, 'avg');
  const converted: TaskSamples = {
    ...samples,
    inst: inst.series,
    ...(avg ? { avg: avg.series } : {}),
  };
  const before = describeUnit(conversionOf(loadedWith, true));
  const rest = raw.report.units.startsWith(before) ? raw.report.units.slice(before.length) : '';
  const [clamp] = clampFilters(c, inst.clamped + (avg?.clamped ?? 0));
  const filters = raw.report.filters.flatMap((f) =>
    f.id !== 'clamped' ? [f] : clamp ? [clamp] : [],
  );
  const report: LoadReport = {
    ...raw.report,
    filters: clamp && !filters.includes(clamp) ? [...filters, clamp] : filters,
    units: describeUnit(c) + rest,
  };
  return { kind: 'samples', samples: converted, report };
}
