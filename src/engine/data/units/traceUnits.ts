/**
 * The small, loader-free part of the trace formats: their common options and checks, and the units
 * of the Bitbrains and Azure V2 loads, which `applyUnits` also needs to convert values kept as read
 * (so the first page does not pull in the loaders themselves).
 */
import type { Conversion } from './units.ts';
import type { RepeatRule } from '../samples/repeats.ts';

/** Options every trace format takes. */
export interface TraceOptions {
  /** Multiplies every value (a task's share of the reference machine per source unit). */
  readonly scale?: number;
  /** Cap values above their unit's maximum instead of refusing them. */
  readonly clamp?: boolean;
  /** Skip (and count) bad lines instead of stopping at the first. */
  readonly skipBadLines?: boolean;
  /** Cores of the reference machine (the formats that measure cores or a VM's share). */
  readonly coresPerMachine?: number;
  /** A repeated timestamp of a series: merged into the first sample (default) or refused. */
  readonly duplicates?: RepeatRule;
}

export function checkScale(scale: number | undefined): number {
  const s = scale ?? 1;
  if (!(s > 0 && Number.isFinite(s))) throw new RangeError(`invalid scale: ${scale}`);
  return s;
}

export function checkCores(cores: number | undefined, fallback: number): number {
  const c = cores ?? fallback;
  if (!(c > 0 && Number.isFinite(c))) throw new RangeError(`invalid cores per machine: ${cores}`);
  return c;
}

export const BITBRAINS_HEADER = 'Timestamp [ms]';
const BITBRAINS_DEFAULT_CORES = 32;
const AZURE_DEFAULT_CORES = 64;

export interface BitbrainsOptions extends TraceOptions {
  /** `cores` (percent × the VM's cores) or `absolute` (MHz over `capacity`). */
  readonly unit?: 'cores' | 'absolute';
  /** For `absolute`: the reference machine's capacity in MHz. */
  readonly capacity?: number;
  /**
   * Keep each VM's usage as read (cores or MHz, neither clamped nor divided by the machine nor
   * scaled), for `applyUnits` to convert with `bitbrainsConversion`; without clamp the machine's
   * bound is still checked, so the load refuses what a converting load refuses.
   */
  readonly raw?: boolean;
}

/** The machine a Bitbrains load divides by: its cores (unit cores) or its MHz (unit absolute). */
export function bitbrainsBound(o: BitbrainsOptions): number {
  const unit = o.unit ?? 'cores';
  if (unit !== 'cores' && unit !== 'absolute')
    throw new RangeError(`invalid unit for Bitbrains data: ${String(unit)} (cores or absolute)`);
  return unit === 'cores'
    ? checkCores(o.coresPerMachine, BITBRAINS_DEFAULT_CORES)
    : checkCores(o.capacity, NaN);
}

/**
 * A Bitbrains load's conversion in `units.ts` terms: min(usage, machine) · (scale / machine), the
 * very product the loader computes (so a conversion after the load gives the same float64 values).
 */
export function bitbrainsConversion(o: BitbrainsOptions): Conversion {
  const bound = bitbrainsBound(o);
  const scale = checkScale(o.scale);
  const unit = o.unit ?? 'cores';
  return {
    unit,
    bound,
    divisor: 1,
    scale: scale / bound,
    clamp: o.clamp === true,
    label: 'the machine',
  };
}

/** The report's units of a Bitbrains load. */
export function bitbrainsUnits(o: BitbrainsOptions): string {
  const bound = bitbrainsBound(o);
  const scale = checkScale(o.scale);
  const scaled = scale === 1 ? '' : ` × scale ${scale}`;
  return (o.unit ?? 'cores') === 'cores'
    ? `CPU usage [%] × CPU cores / ${bound} cores per machine${scaled}`
    : `CPU usage [MHZ] / capacity ${bound} MHz${scaled}`;
}

/** The options of an Azure V2 load (those of every trace format). */
type AzureUnitOptions = TraceOptions;

/** What a VM's CPU % × its cores is multiplied by: scale / 100 / the machine's cores. */
export function azure2Factor(o: AzureUnitOptions): number {
  return checkScale(o.scale) / 100 / checkCores(o.coresPerMachine, AZURE_DEFAULT_CORES);
}

/** The report's units of an Azure V2 load. */
export function azure2Units(o: AzureUnitOptions): string {
  const scale = checkScale(o.scale);
  const cores = checkCores(o.coresPerMachine, AZURE_DEFAULT_CORES);
  return `CPU % of the VM × its cores / ${cores} cores per machine${scale === 1 ? '' : ` × scale ${scale}`}; max as inst, avg as avg`;
}

/** The report's units of a Google 2019 load (normalized units: fractions of the largest machine). */
export function google2019Units(scale: number | undefined): string {
  const s = checkScale(scale);
  return `Google normalized units${s === 1 ? '' : ` × scale ${s}`}`;
}

/** The report's units of an Alibaba load: the containers' cores used over the machine's. */
export function alibabaUnits(cores: number, scale: number | undefined): string {
  const s = checkScale(scale);
  return `cpu_util_percent of the container's request (cpu_request / 100 cores) / ${cores} cores per machine${s === 1 ? '' : ` × scale ${s}`}`;
}

/** The note of an Alibaba load whose cores per machine come from machine_meta. */
export const alibabaMetaNote = (cores: number) =>
  `cores per machine: ${cores}, the most common cpu_num of machine_meta`;
