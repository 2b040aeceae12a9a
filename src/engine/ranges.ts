/**
 * Valid ranges of numeric parameters, one definition each, so that the engine, the command line, the
 * URL codec and the parameter panel accept and refuse the same values with the same message.
 */
import { decimalOrNull, whyNotDecimal } from './numberText.ts';

export interface NumberRange {
  /** The name in messages, e.g. "ρ", "capacity". */
  readonly name: string;
  /** The symbol in the condition, e.g. "ρ", "c". */
  readonly symbol: string;
  readonly min: number;
  readonly max: number;
  /** Whether `min` (`max`) itself is refused: 0 < ρ is open, 0 ≤ p is not. */
  readonly minOpen: boolean;
  readonly maxOpen: boolean;
  readonly integer?: boolean;
  /**
   * The command line's option for this parameter (`capacity` for `--capacity`), where it has one: a
   * wing's declaration and the command's flag check read the same range, so the page's box and the
   * flag accept the same values.
   */
  readonly flag?: string;
}

/** A range from min (inclusive unless `minOpen`) up to max (default +∞, never reached). */
export function numberRange(
  name: string,
  symbol: string,
  bounds: Partial<Omit<NumberRange, 'name' | 'symbol'>>,
): NumberRange {
  return {
    name,
    symbol,
    min: bounds.min ?? -Infinity,
    max: bounds.max ?? Infinity,
    minOpen: bounds.minOpen ?? false,
    maxOpen: bounds.maxOpen ?? false,
    integer: bounds.integer ?? false,
    ...(bounds.flag === undefined ? {} : { flag: bounds.flag }),
  };
}

/** The condition in words, e.g. "0 < ρ < 1", "b ≥ 0", "an integer R ≥ 2". */
export function rangeText(r: NumberRange): string {
  const lowOp = r.minOpen ? '<' : '≤';
  const highOp = r.maxOpen ? '<' : '≤';
  const low = Number.isFinite(r.min);
  const high = Number.isFinite(r.max);
  const body =
    low && high
      ? `${r.min} ${lowOp} ${r.symbol} ${highOp} ${r.max}`
      : low
        ? `${r.symbol} ${r.minOpen ? '>' : '≥'} ${r.min}`
        : high
          ? `${r.symbol} ${highOp} ${r.max}`
          : `${r.symbol} finite`;
  return r.integer ? `an integer ${body}` : body;
}

/** The smallest normal double; a nonzero value below it has lost precision (a subnormal). */
export const SMALLEST_NORMAL = 2 ** -1022;

/**
 * Whether `v` is a subnormal: nonzero and below 2.2e-308 in size. No parameter means such a value,
 * and dividing by one overflows (1 / 2.5e-324 is Infinity), so no range accepts it.
 */
export function isSubnormal(v: number): boolean {
  return v !== 0 && Math.abs(v) < SMALLEST_NORMAL;
}

export function inRange(r: NumberRange, v: number): boolean {
  return (
    Number.isFinite(v) &&
    !isSubnormal(v) &&
    (r.minOpen ? v > r.min : v >= r.min) &&
    (r.maxOpen ? v < r.max : v <= r.max) &&
    (!r.integer || Number.isInteger(v))
  );
}

/** What is wrong with `v` ("invalid ρ: 2 (need 0 < ρ < 1)"), or null when it is in range. */
export function rangeProblem(r: NumberRange, v: number): string | null {
  if (inRange(r, v)) return null;
  const tiny = isSubnormal(v)
    ? `; a nonzero value below ${SMALLEST_NORMAL.toPrecision(2)} is too small to compute with`
    : '';
  return `invalid ${r.name}: ${v} (need ${rangeText(r)}${tiny})`;
}

/** `v` when in range, else a RangeError saying what is wrong. */
export function checkRange(r: NumberRange, v: number): number {
  const problem = rangeProblem(r, v);
  if (problem !== null) throw new RangeError(problem);
  return v;
}

/** Machine capacity c (SPEC §2): any positive size. */
export const CAPACITY = numberRange('capacity', 'c', { min: 0, minOpen: true, flag: 'capacity' });
/** Clairvoyance κ (SPEC §3): the share of the R columns observed, in (0, 1]. */
export const CLAIRVOYANCE = numberRange('clairvoyance', 'κ', {
  min: 0,
  minOpen: true,
  max: 1,
  flag: 'clairvoyance',
});
/** Rebalancing's max_failures (SPEC §6): 0 turns it off; 1000 bounds the work of one packing. */
export const REBALANCE = numberRange('rebalance', 'rebalance', {
  min: 0,
  max: 1000,
  integer: true,
  flag: 'rebalance',
});
/** Realizations R per task (SPEC §3): at least 2, so that κ < 1 leaves columns to evaluate. */
export const REALIZATIONS = numberRange('realizations', 'R', {
  min: 2,
  integer: true,
  flag: 'realizations',
});

/** Instants per block of the joint block bootstrap (`--mode blocks`). */
export const BLOCK_LENGTH = numberRange('block', 'block', {
  min: 1,
  max: 1_000_000,
  integer: true,
  flag: 'block',
});

/** What is wrong with typed text for a value of `r` (not a number, or out of range), or null. */
export function textProblem(r: NumberRange, raw: string): string | null {
  const v = decimalOrNull(raw);
  if (v === null)
    return `invalid ${r.name}: "${raw}" (${whyNotDecimal(raw) === 'not finite' ? 'not finite' : 'not a number'})`;
  return rangeProblem(r, v);
}
/** Instances K of a grid of packings (Trade-off, the tuner): 500 bounds the work of one grid. */
export const INSTANCES = numberRange('instances K', 'instances K', {
  min: 1,
  max: 500,
  integer: true,
  flag: 'instances',
});

/** The seed of every random stream (SPEC §3): what `Rng` takes, a safe integer ≥ 0. */
export const SEED = numberRange('seed', 'seed', {
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
  flag: 'seed',
});
/** Tasks N' per instance (the page's N, a grid's tasks): at most 100,000 bounds one packing. */
export const TASK_COUNT = numberRange('tasks', 'tasks', {
  min: 1,
  max: 100_000,
  integer: true,
  flag: 'tasks',
});
/** Which instance of N' tasks is drawn (the page's instance; `realize --instance`). */
export const INSTANCE = numberRange('instance', 'instance', {
  min: 0,
  max: 10_000,
  integer: true,
  flag: 'instance',
});
/** The task size s in machines (SPEC §10): a positive share, up to 1000 machines. */
export const TASK_SCALE = numberRange('scale', 's', {
  min: 0,
  minOpen: true,
  max: 1000,
  flag: 'scale',
});
