import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAPACITY,
  CLAIRVOYANCE,
  REALIZATIONS,
  fitEntries,
  type FitEntry,
  type NumberRange,
} from '../../../engine/index.ts';
import { parseOptions, type OptionSpec } from '../../../cli/args.ts';
import { packOptions } from '../../../cli/commands/command.ts';
import { poolOptions } from '../../../cli/io.ts';
import { fieldProblem } from './fitFields.ts';
import { decode } from '../link/url.ts';

/** Values across a range and just outside it: bounds, their neighbours, and beyond. */
function around(r: NumberRange): fc.Arbitrary<number> {
  const lo = Number.isFinite(r.min) ? r.min : -1e6;
  const hi = Number.isFinite(r.max) ? r.max : lo + 1e6;
  const edges = [lo, hi].flatMap((b) => [b, b - 1e-9, b + 1e-9, b - 1, b + 1, -b]);
  const inside = r.integer
    ? fc.integer({ min: Math.ceil(lo) - 3, max: Math.min(Math.floor(hi), lo + 1e5) + 3 })
    : fc.double({ min: lo - 1, max: hi + 1, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(fc.constantFrom(...edges), inside);
}

/** Text for a value of `r`: mostly numbers around its range, sometimes not a number at all. */
function textAround(r: NumberRange): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 9, arbitrary: around(r).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('', 'abc', '1e', 'NaN', 'Infinity', '-Infinity', ' ') },
  );
}

/** The command line's verdict: null, or the usage error's message. */
function cli(specs: Record<string, OptionSpec>, option: string, text: string): string | null {
  try {
    parseOptions([`--${option}`, text], specs);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The link's verdict: null, or its notice (which quotes the refusal). */
function link(key: string, text: string): string | null {
  const { notices } = decode(`?${key}=${encodeURIComponent(text)}`);
  return notices.length === 0 ? null : notices.join('\n');
}

/** The same verdict from all three: accept, or refuse with the same message. */
function agree(panel: string | null, cliVerdict: string | null, linkVerdict: string | null): void {
  expect(cliVerdict).toBe(panel);
  if (panel === null) expect(linkVerdict).toBeNull();
  else expect(linkVerdict).toContain(panel);
}

/** A fit test's text with parameter k at `value` and the others at the entry's example values. */
function fitText(entry: FitEntry, k: number, value: number): string {
  const example = entry.example as unknown as Record<string, number>;
  const values = entry.parameters.map((p, j) => (j === k ? value : example[p.key]));
  return [entry.kind, ...values].join(':');
}

describe('the CLI, the URL codec and the panel accept and refuse the same values', () => {
  const scalars = [
    { range: CAPACITY, option: 'capacity', key: 'c', specs: packOptions },
    { range: CLAIRVOYANCE, option: 'clairvoyance', key: 'k', specs: packOptions },
    { range: REALIZATIONS, option: 'realizations', key: 'r', specs: poolOptions },
  ] as const;
  for (const { range, option, key, specs } of scalars)
    it(`${range.name} ${range.symbol}`, () => {
      fc.assert(
        fc.property(textAround(range), (text) => {
          agree(fieldProblem(range, text), cli(specs, option, text), link(key, text));
        }),
        { numRuns: 300 },
      );
    });

  const parameters = fitEntries().flatMap((entry) =>
    entry.parameters.map((p, k) => ({ entry, p, k })),
  );
  it('every fit test parameter, through its notation', () => {
    expect(parameters.length).toBeGreaterThanOrEqual(10);
    fc.assert(
      fc.property(
        fc
          .constantFrom(...parameters)
          .chain(({ entry, p, k }) => around(p.range).map((v) => ({ entry, p, k, v }))),
        ({ entry, p, k, v }) => {
          const text = fitText(entry, k, v);
          agree(fieldProblem(p.range, String(v)), cli(packOptions, 'fit', text), link('fit', text));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the cases named in the brief', () => {
    const verdict = (text: string) => cli(packOptions, 'fit', text);
    expect(verdict('av:0')).toBeNull();
    expect(verdict('gpa:-0.01')).toMatch(/invalid ρ/);
    expect(verdict('gpa:1')).toMatch(/invalid ρ/);
    expect(verdict('perc:-1')).toMatch(/invalid percentile/);
    expect(verdict('perc:100.5')).toMatch(/invalid percentile/);
    expect(cli(packOptions, 'capacity', '0')).toMatch(/invalid capacity/);
    expect(cli(packOptions, 'clairvoyance', '0')).toMatch(/invalid clairvoyance/);
    expect(cli(packOptions, 'clairvoyance', '1')).toBeNull();
    expect(cli(poolOptions, 'realizations', '1')).toMatch(/invalid realizations/);
  });
});
