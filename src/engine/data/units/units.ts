/**
 * Units (SPEC §2): every loader turns a source value into machine units, a fraction of a reference
 * machine. Percent: value / 100 · scale; fraction: value · scale; absolute (e.g. MHz): value /
 * capacity · scale. A value above its unit (> 100 %, > 1, > capacity) is an error unless the user
 * explicitly asks to clamp it.
 */
import { setting } from '../../settings.ts';

export const UNITS = ['percent', 'fraction', 'absolute', 'cores'] as const;
export type Unit = (typeof UNITS)[number];

export interface UnitOptions {
  /** What the source values are. */
  readonly unit: Unit;
  /** Size of a task in machines (percent data: 0.25 = a quarter of the reference machine). */
  readonly scale: number;
  /** For `absolute`: the reference machine's capacity in the source's unit (e.g. 83200 MHz); for
   * `cores`: the reference machine's core count. */
  readonly capacity?: number;
  /** Clamp values above the unit to it instead of rejecting them. */
  readonly clamp?: boolean;
  /**
   * Keep the parsed values as they are (checked against the unit's bound, not divided, scaled or
   * clamped), for `applyUnits` to convert after the load: a page that changes the unit or the task
   * size then converts again without reading the files again.
   */
  readonly raw?: boolean;
}

/** Whether a load's options ask for the values kept raw (`rawSpec` in applyUnits.ts). */
export function loadsRaw(options: object): boolean {
  return (options as { raw?: boolean }).raw === true;
}

/** The checked conversion of one unit setting: v ≤ bound (or clamped), then v / divisor · scale. */
export interface Conversion {
  readonly unit: Unit;
  readonly bound: number;
  readonly divisor: number;
  readonly scale: number;
  readonly clamp: boolean;
  /** Human-readable bound for messages, e.g. "100 %". */
  readonly label: string;
}

/** Validates unit options (SPEC §2): a RangeError names the bad value. */
export function conversion(o: UnitOptions): Conversion {
  const c = checkedConversion(o);
  if (!o.raw) return c;
  // Clamped values are kept above the bound: the conversion after the load clamps them, to its bound.
  return { ...c, bound: c.clamp ? Infinity : c.bound, divisor: 1, scale: 1 };
}

function checkedConversion(o: UnitOptions): Conversion {
  if (!UNITS.includes(o.unit)) throw new RangeError(`invalid unit: ${String(o.unit)}`);
  if (!(o.scale > 0 && Number.isFinite(o.scale))) throw new RangeError(`invalid scale: ${o.scale}`);
  const clamp = o.clamp === true;
  switch (o.unit) {
    case 'percent':
      return { unit: o.unit, bound: 100, divisor: 100, scale: o.scale, clamp, label: '100 %' };
    case 'fraction':
      return { unit: o.unit, bound: 1, divisor: 1, scale: o.scale, clamp, label: '1' };
    case 'absolute': {
      const c = o.capacity;
      if (c === undefined || !(c > 0 && Number.isFinite(c)))
        throw new RangeError(
          `invalid capacity: ${c} (absolute values need the machine's capacity)`,
        );
      return { unit: o.unit, bound: c, divisor: c, scale: o.scale, clamp, label: `${c}` };
    }
    case 'cores': {
      const c = o.capacity;
      if (c === undefined || !(c > 0 && Number.isFinite(c)))
        throw new RangeError(
          c === undefined
            ? `cores per machine needed: the data are in cores; give the machine's cores (${setting('cores-per-machine N', '"cores per machine" in the upload options')})`
            : `invalid cores per machine: ${c} (${setting('cores-per-machine N', '"cores per machine" in the upload options')}: a positive number)`,
        );
      return { unit: o.unit, bound: c, divisor: c, scale: o.scale, clamp, label: `${c} cores` };
    }
  }
}

/** Why a raw value is unusable, or null when it is fine (after clamping, see `convert`). */
export function badValue(v: number, c: Conversion): string | null {
  if (Number.isNaN(v)) return 'is not a number';
  if (v < 0) return `is negative`;
  if (v === Infinity) return 'is not finite';
  if (v > c.bound && !c.clamp)
    return `is above ${c.label} (the unit's maximum; the clamp option caps such values)`;
  return null;
}

/** The value in machine units; assumes `badValue` passed. */
export function convert(v: number, c: Conversion): number {
  if (v > c.bound) v = c.bound;
  return (v / c.divisor) * c.scale;
}

/** Short description of a unit setting, for reports and sidecars. */
export function describeUnit(c: Conversion): string {
  switch (c.unit) {
    case 'percent':
      return `percent × scale ${c.scale} / 100`;
    case 'fraction':
      return c.scale === 1 ? 'fraction of a machine' : `fraction × scale ${c.scale}`;
    case 'absolute':
      return `absolute / capacity ${c.bound}${c.scale === 1 ? '' : ` × scale ${c.scale}`}`;
    case 'cores':
      return `cores / ${c.bound} cores per machine${c.scale === 1 ? '' : ` × scale ${c.scale}`}`;
  }
}
