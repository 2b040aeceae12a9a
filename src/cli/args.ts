/** A small, strict `--key value` parser: unknown or malformed options are usage errors (exit 2). */
import { decimalOrNull, whyNotDecimal } from '../engine/numberText.ts';
import {
  inRange,
  isSubnormal,
  rangeProblem,
  rangeText,
  textProblem,
  type NumberRange,
} from '../engine/ranges.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

type OptionKind = 'string' | 'number' | 'integer' | 'flag';

export interface OptionSpec {
  readonly kind: OptionKind;
  readonly help: string;
  readonly default?: string | number | boolean;
  readonly required?: boolean;
  readonly choices?: readonly string[];
  /** The declared range the option checks against (`rangeOption`), where it has one. */
  readonly range?: NumberRange;
  /** A string option given more than once keeps every value, joined by REPEATED (`repeatedValues`). */
  readonly repeatable?: boolean;
  /** What is wrong with the text (a shared range's message), or null to accept it; runs first. */
  readonly check?: (raw: string) => string | null;
  /** A number option's reading of its text, after `check` accepted it (e.g. "60s" as 60). */
  readonly parse?: (raw: string) => number;
}

/**
 * The option of a declared parameter (its range carries the flag): refuses what the page's box and
 * a link refuse, with the range's message naming the flag ("invalid up-alpha: 2 (need -1 ≤ α ≤ 1)"
 * where the page says "FUSD ↑α").
 */
export function rangeOption(
  range: NumberRange,
  help: string,
  value?: number,
): OptionSpec & { readonly kind: 'number' | 'integer' } {
  const asFlag = { ...range, name: range.flag ?? range.name };
  return {
    kind: range.integer ? 'integer' : 'number',
    help,
    range,
    ...(value === undefined ? {} : { default: value }),
    check: (raw) => textProblem(asFlag, raw),
  };
}

/**
 * `rangeOption` whose refusal of a number out of range is `say(v)`, the wording of commands whose
 * messages users already read; text that is not a number gets the option's usual message.
 */
export function wordedRangeOption(
  range: NumberRange,
  help: string,
  value: number | undefined,
  say: (v: number) => string,
): OptionSpec & { readonly kind: 'number' | 'integer' } {
  return {
    ...rangeOption(range, help, value),
    check: (raw) => {
      const v = decimalOrNull(raw);
      if (v !== null && isSubnormal(v))
        return rangeProblem({ ...range, name: `--${range.flag ?? range.name}` }, v);
      return v === null || inRange(range, v) ? null : say(v);
    },
  };
}

/**
 * `wordedRangeOption` naming the flag in place of the symbol too ("invalid --target 2 (need
 * 0 < target < 1)").
 */
export function flagWordedRangeOption(
  range: NumberRange,
  help: string,
  value?: number,
): OptionSpec & { readonly kind: 'number' | 'integer' } {
  const flag = range.flag ?? range.name;
  const worded = { ...range, symbol: flag };
  return wordedRangeOption(
    range,
    help,
    value,
    (v) => `invalid --${flag} ${v} (need ${rangeText(worded)})`,
  );
}

export type Options = Record<string, string | number | boolean | undefined>;

/** Joins the values of a repeatable option (no argument can hold a NUL). */
const REPEATED = '\0';

/** Every value a repeatable option was given, in order. */
export function repeatedValues(value: unknown): string[] {
  return typeof value === 'string' ? value.split(REPEATED) : [];
}

/** The option named `name`, never a key every object inherits (`constructor`, `__proto__`). */
function ownOption(specs: Record<string, OptionSpec>, name: string): OptionSpec | undefined {
  return Object.hasOwn(specs, name) ? specs[name] : undefined;
}

export function parseOptions(argv: readonly string[], specs: Record<string, OptionSpec>): Options {
  const out: Options = Object.create(null) as Options;
  const given = new Set<string>();
  for (const [name, spec] of Object.entries(specs))
    if (spec.default !== undefined) out[name] = spec.default;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const spec = ownOption(specs, name);
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (spec.kind === 'flag') {
      if (eq > 0) throw new UsageError(`--${name} takes no value`);
      out[name] = true;
      continue;
    }
    const raw = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (raw === undefined || (eq < 0 && raw.startsWith('--')))
      throw new UsageError(`--${name} needs a value`);
    const problem = spec.check?.(raw);
    if (problem) throw new UsageError(problem);
    const value = convert(name, spec, raw);
    out[name] = spec.repeatable && given.has(name) ? `${out[name]}${REPEATED}${value}` : value;
    given.add(name);
  }
  for (const [name, spec] of Object.entries(specs))
    if (spec.required && out[name] === undefined) throw new UsageError(`--${name} is required`);
  return out;
}

function convert(name: string, spec: OptionSpec, raw: string): string | number {
  if (spec.kind === 'string') {
    if (spec.choices && !spec.choices.includes(raw))
      throw new UsageError(`invalid --${name} "${raw}" (expected ${spec.choices.join(' or ')})`);
    return raw;
  }
  const v = spec.parse ? spec.parse(raw) : decimalOrNull(raw);
  if (v === null) throw new UsageError(`invalid --${name} "${raw}": ${whyNotDecimal(raw)}`);
  if (spec.kind === 'integer' && !Number.isInteger(v))
    throw new UsageError(`invalid --${name} "${raw}": not an integer`);
  return v;
}

export function helpText(
  usage: string,
  summary: string,
  specs: Record<string, OptionSpec>,
): string {
  const lines = [`usage: ${usage}`, '', summary, '', 'options:'];
  for (const [name, spec] of Object.entries(specs)) {
    const value =
      spec.kind === 'flag'
        ? ''
        : ` ${spec.choices ? spec.choices.join('|') : spec.kind === 'string' ? 'TEXT' : 'N'}`;
    const notes = [
      spec.default !== undefined && spec.kind !== 'flag'
        ? `default ${spec.default}`
        : spec.required
          ? 'required'
          : '',
      spec.range ? rangeText(spec.range) : '',
    ].filter((note) => note !== '');
    const def = notes.length ? ` (${notes.join('; ')})` : '';
    lines.push(`${`  --${name}${value}`.padEnd(33)} ${spec.help}${def}`);
  }
  return lines.join('\n');
}
