/**
 * Every wing's declared number parameter with a command-line flag: each command offering that flag
 * refuses a value just outside the declared range with a message naming the flag, and accepts the
 * closed bounds (the values the page's box and a link accept).
 */
import { describe, expect, it } from 'vitest';
import type { NumberRange } from '../engine/index.ts';
import type { ParamSpecs } from '../state/common/paramSpec.ts';
import { CLUSTER_PARAMS } from '../state/cluster/params.ts';
import { PACK_PARAMS } from '../state/pack/params.ts';
import { PAPER_PARAMS } from '../state/paper/params.ts';
import { RESIZE_PARAMS } from '../state/resize/params.ts';
import { SCHEDULERS_PARAMS } from '../state/schedulers/params.ts';
import { TIMELINE_PARAMS } from '../state/timeline/params.ts';
import { TRADEOFF_PARAMS } from '../state/tradeoff/params.ts';
import { TUNE_PARAMS } from '../state/tune/params.ts';
import { LEARN_PARAMS } from '../state/learn/params.ts';
import { parseOptions, UsageError } from './args.ts';
import { COMMANDS } from './commands/index.ts';

const DECLARATIONS: Record<string, ParamSpecs<object>> = {
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

/**
 * Flags of the same word that are another parameter, checked by their command: `simulate --window`
 * is Timeline's window in seconds (the simulator refuses outside [0, 10⁹] s), not Resize's or the
 * paper lab's window in steps.
 */
const OTHER_PARAMETER = new Set(['simulate --window']);

/** The commands offering the flag, each with the range its option checks (undefined: none). */
function commandsWith(flag: string): [string, NumberRange | undefined][] {
  return Object.entries(COMMANDS)
    .filter(([name, c]) => flag in c.options && !OTHER_PARAMETER.has(`${name} --${flag}`))
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
