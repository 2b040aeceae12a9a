/**
 * One declaration of each parameter of a wing: its key in a link, its default, the values it takes
 * (a number range with its unit, a list of choices, a flag, or a codec of its own) and whether a
 * change is a navigation (a history entry, so Back returns). The link's rows, the number boxes and
 * the checks of a value all derive from it; a wing's `params.ts` declares its parameters once.
 */
import { numberRange, type NumberRange } from '../../../engine/index.ts';
import { flag, oneOf, ranged, type UrlCodec } from '../link/codecs.ts';

export interface ParamSpec<T> {
  /** The key in a link. */
  readonly key: string;
  readonly default: T;
  /** How the link's text reads (with the check that refuses a bad value) and writes. */
  readonly codec: UrlCodec<T>;
  /** Numbers: the valid range (its name and symbol are the ones messages use). */
  readonly range?: NumberRange;
  /** Numbers: shown beside the box ("s", "%"). */
  readonly unit?: string;
  /** A change pushes a history entry. */
  readonly navigates?: boolean;
  /** Written only when it differs from its default, even in its own view (selections, long tables). */
  readonly onlyChanged?: boolean;
  /** Written only in its wing's own view (a lesson's state never rides in Pack's link). */
  readonly onlyInView?: boolean;
  /** The default in a notice, where its link text is too long to read ("the default"). */
  readonly defaultText?: string;
}

/** The declaration of a wing's parameters: one spec per field of `T`. */
export type ParamSpecs<T> = { readonly [K in keyof T]: ParamSpec<T[K]> };

type Extra = Pick<ParamSpec<number>, 'unit' | 'navigates' | 'onlyChanged' | 'onlyInView'>;

/** A number in `[min, max]` (bounds open where said), named as messages name it. */
export function numberParam(
  key: string,
  value: number,
  range: NumberRange,
  extra: Extra = {},
): ParamSpec<number> {
  return { key, default: value, range, codec: ranged(range), ...extra };
}

/** An integer in `[min, max]`. */
export function intParam(
  key: string,
  value: number,
  name: string,
  min: number,
  max: number,
  extra: Extra = {},
): ParamSpec<number> {
  return numberParam(key, value, numberRange(name, name, { min, max, integer: true }), extra);
}

/** A number that may be absent (null: not chosen); its range applies when present. */
export function optionalNumber(
  key: string,
  range: NumberRange,
  extra: Extra = {},
): ParamSpec<number | null> {
  const codec = ranged(range);
  return {
    key,
    default: null,
    range,
    codec: { read: codec.read, write: (v) => codec.write(v as number) },
    ...extra,
  };
}

export function choiceParam<T extends string>(
  key: string,
  value: T,
  name: string,
  values: readonly T[],
  extra: Pick<ParamSpec<T>, 'navigates' | 'onlyChanged' | 'onlyInView'> = {},
): ParamSpec<T> {
  return { key, default: value, codec: oneOf(name, values), ...extra };
}

export function flagParam(
  key: string,
  value: boolean,
  extra: Pick<ParamSpec<boolean>, 'navigates' | 'onlyChanged'> = {},
): ParamSpec<boolean> {
  return { key, default: value, codec: flag, ...extra };
}

export function customParam<T>(
  key: string,
  value: T,
  codec: UrlCodec<T>,
  extra: Pick<ParamSpec<T>, 'navigates' | 'onlyChanged' | 'onlyInView' | 'defaultText'> = {},
): ParamSpec<T> {
  return { key, default: value, codec, ...extra };
}

/** The defaults of a declaration, as the wing's parameter object. */
export function defaultsOf<T>(specs: ParamSpecs<T>): T {
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(specs)) out[field] = specs[field as keyof T].default;
  return out as T;
}

/** The default as a notice says it. */
export function defaultText<T>(spec: ParamSpec<T>): string {
  return spec.defaultText ?? spec.codec.write(spec.default);
}
