/** The unit rules most formats share (their `UnitRules`, entry.ts), for applyUnits.ts to ask. */
import { conversion, describeUnit, type Unit } from '../units/units.ts';
import type { FormatSpec, UnitRules } from './entry.ts';

/** The options a plain load's unit setting is made of; every other option needs the files read again. */
export const UNIT_OPTIONS = ['unit', 'percent', 'scale', 'capacity', 'clamp'] as const;

export interface UnitFields {
  readonly unit?: Unit;
  readonly percent?: boolean;
  readonly scale?: number;
  readonly capacity?: number;
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
}

/**
 * A fixed bound's clamp is a unit field where the raw load keeps the values above it
 * (`RawExtras.clamp`): unless bad lines are skipped, for then the lines kept depend on the clamp.
 */
export const clampLater = (spec: UnitFields, fields: readonly string[]): readonly string[] =>
  spec.skipBadLines === true ? fields : [...fields, 'clamp'];

/** A value above the unit is a bad line: skipped, the rows kept would depend on the unit. */
export const unlessSkipping = (spec: UnitFields) => spec.skipBadLines !== true;

/**
 * The rules of a load whose every value converts as `(v / divisor) · scale` under the plain unit
 * fields (`UNIT_OPTIONS`), its own unit `defaultUnit` when the spec names none.
 */
export function plainUnits<S extends FormatSpec & UnitFields>(
  defaultUnit: (spec: S) => Unit,
  afterParsing: (spec: S) => boolean,
): UnitRules<S> {
  return {
    fields: () => UNIT_OPTIONS,
    afterParsing,
    conversion: (spec, raw) =>
      conversion({
        unit: spec.unit ?? defaultUnit(spec),
        scale: spec.scale ?? 1,
        capacity: spec.capacity,
        clamp: spec.clamp,
        raw,
      }),
    text: (_spec, c) => describeUnit(c),
  };
}
