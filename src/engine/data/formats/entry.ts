/**
 * What a trace format is, in one place: its entry (one module per format in this folder, one line
 * in `registry.ts`). Everything that once switched over format names — detection, the spec from
 * loose options, the loader, the file roles, the units converted after parsing, the preview, the
 * size estimate, the time axis — asks the format's entry instead.
 */
import type { RawExtras, LoadReport } from '../samples/report.ts';
import type { SampleStorage, TaskSamples } from '../samples/samples.ts';
import type { SpecOptions } from '../load/specOptions.ts';
import type { Conversion, Unit } from '../units/units.ts';
import type { WideLoader } from '../readers/wide.ts';
import type { Probe } from './probe.ts';
import type { FileRole, FormatReader, LoadSpec } from './spec.ts';

/** Any format's spec: its name and its options. */
export type FormatSpec = { readonly format: string };

/** One detection rule: the reason when the probe looks like the format, else null. */
export interface DetectRule {
  /**
   * Where the rule runs among every format's rules (lower first): a file matching two rules is the
   * format of the first. The built-in ranks: 10s JSON answers, 20s file names of the traces, 30s a
   * trace's first line, 40s binary files and shard names, 50s CSV headers and shapes.
   */
  readonly rank: number;
  readonly test: (probe: Probe) => string | null;
}

/** What a format's files can hold, as its loader keeps it. */
export interface Carries {
  /** CPU usage samples per task (every format). */
  readonly cpu: boolean;
  /** A second, averaged CPU series beside the instantaneous one (`TaskSamples.avg`). */
  readonly avg: boolean;
  /** Memory usage samples (none of the loaders keeps them yet: the packing is CPU-only). */
  readonly memory: boolean;
  /** Per-task CPU and memory requests (`TaskSamples.requests`). */
  readonly requests: boolean;
  /** Which machine ran a task (none of the loaders keeps it yet). */
  readonly placement: boolean;
}

/** How a format's samples lie in time. */
export interface TimeAxis {
  /**
   * `timestamps`: each sample carries its time (`TaskSamples.times` on a load that keeps them);
   * `column`: only when the spec names a time column (a long CSV's `timeColumn`); `steps`: samples
   * are consecutive steps without a time of their own.
   */
  readonly kind: 'timestamps' | 'column' | 'steps';
}

/** How a format's unit setting applies to values kept raw (applyUnits.ts). */
export interface UnitRules<S extends FormatSpec> {
  /** The spec fields that are its unit setting; every other option needs the files read again. */
  readonly fields: (spec: S) => readonly string[];
  /** Whether `spec`'s values can be kept raw and converted after the load. */
  readonly afterParsing: (spec: S) => boolean;
  /** The conversion `spec` stands for (with `raw`, the one its raw load checked against). */
  readonly conversion: (spec: S, raw: boolean) => Conversion;
  /** The report's words for the unit setting. */
  readonly text: (spec: S, c: Conversion) => string;
  /** Its bound is fixed (100 %, the largest machine): clamping is parsing, the filters stay. */
  readonly clampedWhileParsing?: boolean;
  /** The report's clamp count is the parse's, kept as it is (an .npy's counts none). */
  readonly keepsFilters?: boolean;
  /** The loaded values are in machine units already: every unit setting converts to itself. */
  readonly asStored?: boolean;
  /**
   * `spec` with the unit fields of `next`, where the plain copy of `fields` (`plain`) is not all
   * of it.
   */
  readonly withUnitsOf?: (
    spec: S,
    next: Readonly<Record<string, unknown>>,
    plain: (spec: S, next: Readonly<Record<string, unknown>>) => S,
  ) => S;
  /** `spec` with what the read found in place of what it leaves to the files. */
  readonly filled?: (spec: S, extras: RawExtras, report: LoadReport) => S;
  /** The raw samples `spec` converts, where they may differ from those loaded (another column). */
  readonly source?: (
    samples: TaskSamples,
    loadedWith: S,
    spec: S,
    extras: RawExtras,
  ) => TaskSamples;
  /** A refusal the load would make under `spec` that converting must make as well. */
  readonly refuse?: (samples: TaskSamples, c: Conversion, report: LoadReport) => void;
  /** The report's notes under `given`. */
  readonly notes?: (notes: readonly string[], given: S, extras: RawExtras) => string[];
}

/** The file and head a spec is resolved from. */
interface FirstFile {
  readonly name: string;
  readonly head: Uint8Array;
}

export interface FormatEntry<S extends FormatSpec = LoadSpec> {
  readonly id: S['format'];
  readonly title: string;
  /**
   * A file of this layout: its name and first lines (two, or as many as detection needs), as told
   * to a user whose file no rule recognised; detected as this format (load/layouts.test.ts). None
   * for a binary format.
   */
  readonly example?: { readonly name: string; readonly lines: readonly string[] };
  /** The roles its files play; the first is the role of a file whose name says nothing. */
  readonly roles: readonly FileRole[];
  /** A file's role from its lower-case base name (default: the first role). */
  readonly roleFromName?: (base: string) => FileRole;
  readonly detect: readonly DetectRule[];
  /** Its full spec from loose options; unset options get its defaults. */
  readonly specFrom: (o: SpecOptions, first: FirstFile) => S;
  /** Its reader for `spec`; option errors are RangeErrors naming the bad value. */
  readonly read: (spec: S, storage: SampleStorage) => FormatReader;
  /** Its reader codes samples row by row as it reads (the others are coded when they finish). */
  readonly codesWhileReading?: boolean;
  readonly units: UnitRules<S>;
  /** Whether the user chooses its unit (else the format has its own). */
  readonly userUnit: boolean;
  /** Its values are fractions of a machine already: an auto-detected load drops the page's scale. */
  readonly fractionsOfMachine?: boolean;
  readonly timeAxis: TimeAxis;
  readonly carries: Carries;
  /** Its file heads are read whole, never cut at their last newline (binary or JSON). */
  readonly wholeHeads?: boolean;
  /** Its heads cut to whole series before a preview (a JSON answer, `wholeSeriesHeads`). */
  readonly seriesHeads?: boolean;
  /**
   * Its samples are a .npy array in the file of `role` (sized from the header alone, with the
   * task count from the file of `taskCountRole` when given).
   */
  readonly arrayFile?: { readonly role: FileRole; readonly taskCountRole?: FileRole };
  /** A reader of one task per row, whose realizations may stream row by row (the wide CSV). */
  readonly taskRows?: (spec: S) => WideLoader;
  /** Its loads may keep only the first tasks (`maxTasks`): a load too large can be cut. */
  readonly limitsTasks?: boolean;
}

/** A unit of `o`, else `defaultUnit`, with the unit fields every plain CSV and array takes. */
export function unitSpec(o: SpecOptions, defaultUnit: Unit) {
  const unit = o.unit ?? defaultUnit;
  return {
    unit,
    scale: o.scale ?? 1,
    ...(o.capacity !== undefined
      ? { capacity: o.capacity }
      : unit === 'cores' && o.coresPerMachine !== undefined
        ? { capacity: o.coresPerMachine }
        : {}),
    ...(o.clamp !== undefined ? { clamp: o.clamp } : {}),
    ...(o.skipBadLines !== undefined ? { skipBadLines: o.skipBadLines } : {}),
  };
}

/** The options every trace format takes from loose options. */
export function traceCommon(o: SpecOptions) {
  return {
    ...(o.scale !== undefined ? { scale: o.scale } : {}),
    ...(o.clamp !== undefined ? { clamp: o.clamp } : {}),
    ...(o.skipBadLines !== undefined ? { skipBadLines: o.skipBadLines } : {}),
    ...(o.coresPerMachine !== undefined ? { coresPerMachine: o.coresPerMachine } : {}),
    ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
  };
}

/** A trace's spec from loose options: a unit given is refused, the format has its own. */
export function ownUnitTrace(id: string, o: SpecOptions) {
  if (o.unit !== undefined)
    throw new RangeError(`the ${id} format has its own unit; give scale or cores per machine`);
  return traceCommon(o);
}
