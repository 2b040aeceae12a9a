import { CAPACITY, CLAIRVOYANCE, REBALANCE, fitNotation, fitProblem } from '../../engine/index.ts';
import { UsageError, rangeOption, type OptionSpec, type Options } from '../args.ts';

/**
 * A command of the command line: its usage line, one-line summary, options, and what it does:
 * result lines to `out`, notes and progress to `err` (stderr when not given).
 */
export interface Command {
  readonly usage: string;
  readonly summary: string;
  readonly options: Record<string, OptionSpec>;
  run(
    options: Options,
    out: (line: string) => void,
    err?: (line: string) => void,
  ): void | Promise<void>;
}

/** Turns an engine RangeError (a bad parameter) into a usage error: one line, exit code 2. */
export function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

/** Options shared by every command that packs. */
export const packOptions = {
  algo: { kind: 'string', help: 'packer', default: 'bf', choices: ['ff', 'bf', 'ffd', 'bfd'] },
  fit: {
    kind: 'string',
    // Read at each use: a fit test registered after this module loads is in the help too.
    get help() {
      return `fit test: ${fitNotation()}`;
    },
    default: 'gpa:0.01',
    check: fitProblem,
  },
  capacity: rangeOption(CAPACITY, 'machine capacity c', 1),
  clairvoyance: rangeOption(CLAIRVOYANCE, 'share κ of the columns observed (1: all)', 1),
  source: {
    kind: 'string',
    help: 'estimates from inst or avg',
    default: 'inst',
    choices: ['inst', 'avg'],
  },
  rebalance: rangeOption(REBALANCE, 'rebalancing max_failures (0: off)', 5),
} as const satisfies Record<string, OptionSpec>;
