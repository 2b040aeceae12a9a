/**
 * The unit and the task size applied after parsing. A load made with `raw` (units.ts) keeps each
 * parsed value as it is; `applyUnits` turns those values into machine units with any unit setting,
 * exactly as a load with that setting would have (the same `(v / divisor) · scale` on the same
 * float64 value, clamped to the same bound), so the page converts again without reading the files.
 * Only formats whose loader converts every value that way take part (`unitsAfterParsing`).
 */
import { DataError } from '../streams/errors.ts';
import { clampFilters, type LoadResult, type LoadReport } from '../samples/report.ts';
import {
  isCoded,
  seriesLength,
  taskCount,
  type SeriesSet,
  type TaskSamples,
} from '../samples/samples.ts';
import type { Conversion } from './units.ts';
import { clampedAtParse, parseClampFilters, multiplied } from './rawExtras.ts';
import { formatOf } from '../formats/registry.ts';
import type { LoadSpec } from '../formats/spec.ts';
import type { UnitFields } from '../formats/unitRules.ts';

export { UNIT_OPTIONS } from '../formats/unitRules.ts';

/** The unit fields of `spec`: the options its format converts after parsing. */
const unitFieldsOf = (spec: LoadSpec): readonly string[] => formatOf(spec).units.fields(spec);

/**
 * Whether `spec`'s values can be kept raw and converted after the load (its format's rules,
 * `UnitRules.afterParsing`). The wide, column-per-task and long CSVs take every unit field (a long
 * CSV's per-task scale column is kept beside the values, `RawExtras.multipliers`, for it multiplies
 * after the task size), unless bad lines are skipped: a value above the unit is a bad line, so
 * which rows are kept would depend on the unit. Bitbrains likewise (its unit too: the raw load
 * keeps the other column, `RawExtras.otherUnit`), and Prometheus JSON (unless bad points are
 * skipped). Google 2011 and 2019 take the task size and the clamp, Azure V2 the task size, cores
 * per machine and clamp: their bound (1, 100 % of the VM) is fixed, so the raw load keeps the
 * values above it as read with their count and the first such line (`RawExtras.clamp`); when bad
 * lines are skipped the clamp stays a parsing option. Alibaba takes the task size, the clamp and
 * the cores per machine: its raw load keeps each container's cores used and machine_meta's most
 * common cpu_num (`RawExtras.metaCores`), the cores of a spec that gives none. An .npy of samples
 * takes every unit field (its report counts no clamped values, converted or not). The compact
 * format is in machine units already and its loader takes no unit field: every unit setting
 * converts it to itself.
 */
export function unitsAfterParsing(spec: LoadSpec): boolean {
  return formatOf(spec).units.afterParsing(spec);
}

/** The spec that loads `spec`'s files raw (values checked against its unit, not converted). */
export function rawSpec(spec: LoadSpec): LoadSpec {
  return { ...spec, raw: true } as unknown as LoadSpec;
}

/** The conversion `spec` stands for (its RangeError names a bad unit, capacity or task size). */
export function conversionOf(spec: LoadSpec, raw = false): Conversion {
  return formatOf(spec).units.conversion(spec, raw);
}

/** `spec` with the unit fields of `next`, copied as they are (the rest unchanged). */
function plainWithUnitsOf(spec: LoadSpec, next: Readonly<Record<string, unknown>>): LoadSpec {
  const out: Record<string, unknown> = { ...spec };
  const fields = unitFieldsOf(spec);
  for (const k of fields) delete out[k];
  for (const k of fields) {
    const v = next[k];
    if (v !== undefined) out[k] = v;
  }
  // A clamp while parsing: a new one stays in the spec, for `sameParsing` to see.
  const clamp = (next as UnitFields).clamp;
  if (formatOf(spec).units.clampedWhileParsing && clamp !== undefined) out.clamp = clamp;
  return out as unknown as LoadSpec;
}

/** `spec` with the unit fields of `next` (the rest, and so the parsing, unchanged). */
export function withUnitsOf(spec: LoadSpec, next: LoadSpec): LoadSpec {
  const rules = formatOf(spec).units;
  if (rules.asStored) return spec;
  const fields = next as unknown as Readonly<Record<string, unknown>>;
  return rules.withUnitsOf
    ? rules.withUnitsOf(spec, fields, plainWithUnitsOf)
    : plainWithUnitsOf(spec, fields);
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
const unitsText = (spec: LoadSpec, c: Conversion) => formatOf(spec).units.text(spec, c);

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
  loadedWithGiven: LoadSpec,
  given: LoadSpec,
): Extract<LoadResult, { kind: 'samples' }> {
  const rules = formatOf(given).units;
  if (rules.asStored) return { kind: 'samples', samples: raw.samples, report: raw.report };
  const extras = raw.rawExtras ?? {};
  const filled = (s: LoadSpec) => rules.filled?.(s, extras, raw.report) ?? s;
  const spec = filled(given);
  const loadedWith = filled(loadedWithGiven);
  const c = conversionOf(spec);
  const clampsNow = (spec as UnitFields).clamp === true;
  const parsed = rules.source?.(raw.samples, loadedWith, spec, extras) ?? raw.samples;
  const samples = extras.clamp ? clampedAtParse(parsed, extras.clamp, clampsNow) : parsed;
  rules.refuse?.(samples, c, raw.report);
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
  // A fixed bound's clamp is the parse's, and an .npy's report counts none: those filters stay.
  const keeps = rules.clampedWhileParsing || rules.keepsFilters;
  const filters = extras.clamp
    ? parseClampFilters(raw.report.filters, extras.clamp, clampsNow)
    : keeps
      ? raw.report.filters
      : raw.report.filters.flatMap((f) => (f.id !== 'clamped' ? [f] : clamp ? [clamp] : []));
  const report: LoadReport = {
    ...raw.report,
    filters: clamp && !filters.includes(clamp) && !keeps ? [...filters, clamp] : filters,
    units: unitsText(spec, c) + rest,
    ...(rules.notes ? { notes: rules.notes(raw.report.notes, given, extras) } : {}),
  };
  return { kind: 'samples', samples: converted, report };
}
