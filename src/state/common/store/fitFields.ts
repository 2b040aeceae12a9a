/**
 * What the parameter panel offers for the fit test, read from the fit-test registry (options,
 * the spec picked on a switch, one input per parameter), and the panel's check of a typed value,
 * which refuses with the same message as the command line and the URL codec.
 */
import {
  fitEntries,
  fitEntry,
  textProblem,
  type FitInput,
  type FitSpec,
  type NumberRange,
} from '../../../engine/index.ts';

interface FitOption {
  readonly kind: string;
  readonly label: string;
}

/** The panel's fit-test options, in registry order. */
export function fitOptions(): readonly FitOption[] {
  return fitEntries().map((e) => ({ kind: e.kind, label: e.label }));
}

/** The spec the panel picks when the user switches to `kind`. */
export function fitExample(kind: string): FitSpec {
  const entry = fitEntry(kind);
  if (!entry) throw new RangeError(`unknown fit test: "${kind}"`);
  return entry.example;
}

interface FitField {
  readonly key: string;
  readonly value: number;
  readonly range: NumberRange;
  readonly input: FitInput;
}

/** One input per parameter of the spec's test, with the spec's current values. */
export function fitFields(spec: FitSpec): readonly FitField[] {
  const entry = fitEntry(spec.kind);
  const values = spec as unknown as Readonly<Record<string, number>>;
  return (entry?.parameters ?? []).map((p) => ({
    key: p.key,
    value: values[p.key],
    range: p.range,
    input: p.input,
  }));
}

/** The spec with one parameter changed. */
export function withFitValue(spec: FitSpec, key: string, value: number): FitSpec {
  return { ...spec, [key]: value } as FitSpec;
}

/** What is wrong with a value typed into a field of `range`, or null to accept it. */
export const fieldProblem: (range: NumberRange, raw: string) => string | null = textProblem;
