/**
 * Every wing's declared number parameter with a command-line flag: each command offering that flag
 * refuses a value just outside the declared range with a message naming the flag, and accepts the
 * closed bounds (the values the page's box and a link accept). And every number option of every
 * command has a declared range it is checked against, the command line's own numbers included.
 */
import { describe, expect, it } from 'vitest';
import { inRange, rangeText, type NumberRange } from '../engine/index.ts';
import type { ParamSpecs } from '../state/common/store/paramSpec.ts';
import { CLUSTER_PARAMS } from '../state/cluster/params.ts';
import { PACK_PARAMS } from '../state/pack/params.ts';
import { PAPER_PARAMS } from '../state/paper/params.ts';
import { RESIZE_PARAMS } from '../state/resize/params.ts';
import { SCHEDULERS_PARAMS } from '../state/schedulers/params.ts';
import { TIMELINE_PARAMS } from '../state/timeline/params.ts';
import { TRADEOFF_PARAMS } from '../state/tradeoff/params.ts';
import { TUNE_PARAMS } from '../state/tune/params.ts';
import { LEARN_PARAMS } from '../state/learn/params.ts';
import { WORKLOAD_PARAMS } from '../state/common/store/params.ts';
import { helpText, parseOptions, UsageError, type OptionSpec } from './args.ts';
import { COMMANDS } from './commands/index.ts';

const DECLARATIONS: Record<string, ParamSpecs<object>> = {
  workload: WORKLOAD_PARAMS,
  pack: PACK_PARAMS,
  tradeoff: TRADEOFF_PARAMS,
  learn: LEARN_PARAMS,
  tune: TUNE_PARAMS,
  paper: PAPER_PARAMS,
  resize: RESIZE_PARAMS,
  timeline: TIMELINE_PARAMS,
  cluster: CLUSTER_PARAMS,
  schedulers: SCHEDULERS_PARAMS,
};

interface Flagged {
  readonly wing: string;
  readonly field: string;
  readonly flag: string;
  readonly range: NumberRange;
}

function flaggedParams(): Flagged[] {
  const out: Flagged[] = [];
  for (const [wing, specs] of Object.entries(DECLARATIONS))
    for (const [field, spec] of Object.entries(specs) as [string, { range?: NumberRange }][])
      if (spec.range?.flag) out.push({ wing, field, flag: spec.range.flag, range: spec.range });
  return out;
}

/** The values just outside a range's finite bounds (an open bound itself is outside). */
function outside(r: NumberRange): number[] {
  const step = r.integer ? 1 : Math.max(1e-9, (Math.abs(r.min) + Math.abs(r.max)) * 1e-9);
  const out: number[] = [];
  if (Number.isFinite(r.min)) out.push(r.minOpen ? r.min : r.min - step);
  if (Number.isFinite(r.max)) out.push(r.maxOpen ? r.max : r.max + step);
  return out;
}

const closedBounds = (r: NumberRange): number[] => [
  ...(Number.isFinite(r.min) && !r.minOpen ? [r.min] : []),
  ...(Number.isFinite(r.max) && !r.maxOpen ? [r.max] : []),
];

const isNumber = (spec: OptionSpec): boolean =>
  spec.kind === 'number' || spec.kind === 'integer' || spec.range !== undefined;

/**
 * The commands offering the flag as a number, each with the range its option checks (undefined:
 * none). A flag of the same word may be another parameter with a range of its own: `simulate
 * --window` is the simulator's window in seconds, not Resize's or the paper lab's window in steps;
 * `simulate --tasks` is a file.
 */
function commandsWith(flag: string): [string, NumberRange | undefined][] {
  return Object.entries(COMMANDS)
    .filter(([, c]) => flag in c.options && isNumber(c.options[flag]))
    .map(([name, c]) => [name, c.options[flag].range]);
}

function refusal(command: string, flag: string, value: number): string | null {
  try {
    parseOptions([`--${flag}`, String(value)], { [flag]: COMMANDS[command].options[flag] });
    return null;
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
}

describe('the command line checks its flags against the wings’ declarations', () => {
  const flagged = flaggedParams();

  it('finds declared flags in pack and common', () => {
    expect(flagged.map((f) => f.flag)).toEqual(
      expect.arrayContaining(['capacity', 'clairvoyance', 'rebalance']),
    );
  });

  for (const { wing, field, flag, range } of flagged)
    describe(`${wing}.${field} (--${flag})`, () => {
      const users = commandsWith(flag).filter(([, r]) => r === range);
      it('is the declaration some command checks its flag against', () => {
        expect(users).not.toEqual([]);
      });
      it(`every command offering --${flag} checks it against a declaration`, () => {
        expect(commandsWith(flag).filter(([, r]) => r === undefined)).toEqual([]);
      });
      for (const [command] of users) {
        it(`${command} refuses just outside the range, naming --${flag}`, () => {
          for (const v of outside(range)) {
            const message = refusal(command, flag, v);
            expect(message, `${command} --${flag} ${v}`).not.toBeNull();
            expect(message).toContain(flag);
          }
        });
        it(`${command} accepts the bounds`, () => {
          for (const v of closedBounds(range))
            expect(refusal(command, flag, v), `${command} --${flag} ${v}`).toBeNull();
        });
      }
    });
});

describe('every number option of every command is checked against a declared range', () => {
  const numberOptions = Object.entries(COMMANDS).flatMap(([command, c]) =>
    Object.entries(c.options)
      .filter(([, spec]) => isNumber(spec))
      .map(([flag, spec]) => ({ command, flag, spec })),
  );

  it('finds the number options, and none of them without a range', () => {
    expect(numberOptions.length).toBeGreaterThan(50);
    const undeclared = numberOptions.filter(({ spec }) => spec.range === undefined);
    expect(undeclared.map(({ command, flag }) => `${command} --${flag}`)).toEqual([]);
  });

  for (const { command, flag, spec } of numberOptions) {
    const range = spec.range;
    if (range === undefined) continue;
    describe(`${command} --${flag} (${range.name})`, () => {
      it('refuses just outside its range, naming the flag', () => {
        for (const v of outside(range)) {
          const message = refusal(command, flag, v);
          expect(message, `${command} --${flag} ${v}`).not.toBeNull();
          expect(message).toContain(flag);
        }
      });
      it('accepts its closed bounds and its default', () => {
        const values = [
          ...closedBounds(range),
          ...(spec.default === undefined ? [] : [spec.default]),
        ];
        for (const v of values)
          expect(refusal(command, flag, Number(v)), `${command} --${flag} ${v}`).toBeNull();
      });
      it('shows its range in the help', () => {
        const c = COMMANDS[command];
        const line = helpText(c.usage, c.summary, c.options)
          .split('\n')
          .find((l) => l.startsWith(`  --${flag} `));
        expect(line).toContain(rangeText(range));
      });
      it('keeps its default within the range', () => {
        if (spec.default !== undefined) expect(inRange(range, Number(spec.default))).toBe(true);
      });
    });
  }
});
