import { describe, expect, it } from 'vitest';
import {
  FAMILIES,
  FAMILY_INFO,
  checkFamily,
  familySpec,
  fitTest,
  formatFit,
  nominalSlo,
  numberRange,
  parseFit,
  registerFit,
  type FitPlugin,
  type FitFamily,
  type FitSpec,
  type FitTest,
} from '../../../engine/index.ts';
import { deterministicSlack, sizesFrom } from '../../../engine/fit/fitTest.ts';
import { parseOptions, UsageError } from '../../../cli/args.ts';
import { packOptions } from '../../../cli/commands/command.ts';
import { fitExample, fitFields, fitOptions } from './fitFields.ts';
import { DEFAULT_PARAMS } from './params.ts';
import { decode, encode } from '../link/url.ts';

// A toy fit test, the way a new one is added: its entry (what its own file would export) and one
// registry line (here `registerFit`, as the registry's list does for the built-in tests).
const SCALE = numberRange('toy scale', 'g', { min: 1, max: 3 });
const toySpec = (g: number) => ({ kind: 'toy', g }) as unknown as FitSpec;
function toy(g: number): FitTest {
  return {
    spec: toySpec(g),
    usesVariance: false,
    sizes: (stats, rows) => {
      stats.ensureMoments(rows);
      return sizesFrom(rows, (i) => g * stats.mean[i]);
    },
    slack: (load, _v, size, _tv, capacity) => deterministicSlack(load, size, capacity),
  };
}
const TOY_FIT: FitPlugin = {
  kind: 'toy',
  label: 'toy (g·μ)',
  group: 'tail-aware',
  family: { name: 'toy g' },
  slackMeaning: 'c − (Σ size + size)',
  sweep: [[2]],
  parameters: [
    {
      key: 'g',
      range: SCALE,
      input: { label: 'g', widget: 'number', min: 1, max: 3 },
      arbitrary: { min: 1, max: 3 },
    },
  ],
  example: toySpec(2),
  create: ([g]) => toy(g),
  tuning: {
    label: 'toy g',
    direction: 1,
    scale: 'linear',
    grid: [1, 2, 3],
    nominalSlo: () => null,
    nominalSloMeaning: 'toy requests none',
  },
};

describe('adding a fit test is one entry and one registry line', () => {
  registerFit(TOY_FIT);

  it('parses, prints and builds it, refusing values outside its range', () => {
    expect(parseFit('toy:1.5')).toEqual(toySpec(1.5));
    expect(formatFit(toySpec(1.5))).toBe('toy:1.5');
    expect(fitTest(toySpec(2.5)).spec).toEqual(toySpec(2.5));
    expect(() => parseFit('toy:4')).toThrow('invalid toy scale: 4 (need 1 ≤ g ≤ 3)');
    expect(() => parseFit('toy')).toThrow(/expected .*toy:g/);
  });

  it('carries it through a link, and refuses a bad one with the same message', () => {
    const p = { ...DEFAULT_PARAMS, fit: toySpec(2.5) };
    expect(decode(encode(p))).toEqual({ params: p, notices: [] });
    const bad = decode('?fit=toy:0');
    expect(bad.params.fit).toEqual(DEFAULT_PARAMS.fit);
    expect(bad.notices[0]).toContain('invalid toy scale: 0 (need 1 ≤ g ≤ 3)');
  });

  it('is a tuner family (and so a link may name it among the families)', () => {
    const family = 'toy' as FitFamily;
    expect(FAMILIES).toContain(family);
    expect(checkFamily('toy')).toBe('toy');
    expect(FAMILY_INFO[family]).toMatchObject({ label: 'toy g', parameter: 'g', min: 1, max: 3 });
    expect(familySpec(family, 3)).toEqual(toySpec(3));
    expect(nominalSlo(family, 2)).toBeNull();
    expect(decode('?view=tune&fam=toy&fams=gpa,toy').params).toMatchObject({
      tuneFamily: 'toy',
      tuneFamilies: ['gpa', 'toy'],
    });
  });

  it("is one of the panel's options, with one input for its parameter", () => {
    expect(fitOptions().at(-1)).toEqual({ kind: 'toy', label: 'toy (g·μ)' });
    expect(fitExample('toy')).toEqual(toySpec(2));
    expect(fitFields(toySpec(2))).toEqual([
      { key: 'g', value: 2, range: SCALE, input: TOY_FIT.parameters[0].input },
    ]);
  });

  it('is accepted by the command line, which refuses a bad value with the same message', () => {
    expect(parseOptions(['--fit', 'toy:2'], packOptions).fit).toBe('toy:2');
    expect(() => parseOptions(['--fit', 'toy:9'], packOptions)).toThrow(
      new UsageError('invalid toy scale: 9 (need 1 ≤ g ≤ 3)'),
    );
  });

  it('refuses a second test of the same name', () => {
    expect(() => registerFit(TOY_FIT)).toThrow('already registered');
  });
});
