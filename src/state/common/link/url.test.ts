import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAMILIES,
  PACKERS,
  REALIZATION_MODES,
  fitEntries,
  fitSpec,
  type FitSpec,
} from '../../../engine/index.ts';
import { DEFAULT_PARAMS, TUNE_MODES, pinnedOf, type Params } from '../store/params.ts';
import { VIEWS } from '../views/views.ts';
import { URL_VERSION, decode, encode } from './url.ts';
import { URL_FIELDS } from './urlFields.ts';
import { resizeParamsArb } from '../../resize/testing.ts';
import { DEFAULT_CLUSTER } from '../../cluster/params.ts';
import { schedulersArb } from '../../schedulers/testing.ts';
import { requestsArb } from '../../requests/testing.ts';
import { whatifArb } from '../../whatif/testing.ts';
import { LEARN_PARAMS } from '../../learn/params.ts';
import { FIGURE_IDS } from '../../../engine/analysis/paperFigures.ts';
import { timelineParamsArb } from '../../timeline/testing.ts';
import { isSubnormal } from '../../../engine/ranges.ts';

// Every registered fit test, its parameters drawn from the values its entry declares for property tests.
const fitArb: fc.Arbitrary<FitSpec> = fc.oneof(
  ...fitEntries().map((e) =>
    fc
      .tuple(
        ...e.parameters.map(({ arbitrary: { min, max } }) =>
          fc
            .double({ min, max, noNaN: true, noDefaultInfinity: true })
            .filter((v) => !isSubnormal(v)),
        ),
      )
      .map((values) => fitSpec(e, values)),
  ),
);

const baseParamsArb = fc.record({
  dataset: fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/),
  upload: fc.option(
    fc.record({
      names: fc.array(fc.stringMatching(/^[A-Za-z0-9 _.,()-]{1,20}$/), {
        minLength: 1,
        maxLength: 3,
      }),
      hash: fc.stringMatching(/^[0-9a-f]{64}$/),
      format: fc.constantFrom('wide', 'google', 'auto'),
      options: fc.option(
        fc.record(
          {
            unit: fc.constantFrom('percent', 'fraction', 'absolute', 'cores'),
            capacity: fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
            clamp: fc.boolean(),
            idColumn: fc.oneof(
              fc.nat(99),
              fc.stringMatching(/^[A-Za-z_][A-Za-z0-9 _.,:|-]{0,15}$/),
            ),
            idLabel: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/),
          },
          { requiredKeys: [] },
        ),
        { nil: null },
      ),
    }),
    { nil: null },
  ),
  scale: fc.double({ min: 1e-3, max: 100, noNaN: true }),
  tasks: fc.integer({ min: 1, max: 100_000 }),
  realizations: fc.integer({ min: 2, max: 100_000 }),
  seed: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  instance: fc.integer({ min: 0, max: 10_000 }),
  packer: fc.constantFrom(...PACKERS),
  fit: fitArb,
  capacity: fc.double({ min: 0.01, max: 1000, noNaN: true }),
  clairvoyance: fc.double({ min: 1e-4, max: 1, noNaN: true }),
  source: fc.constantFrom('inst' as const, 'avg' as const),
  rebalance: fc.integer({ min: 0, max: 1000 }),
  realization: fc.constantFrom(...REALIZATION_MODES),
  block: fc.integer({ min: 1, max: 1_000_000 }),
  instances: fc.integer({ min: 1, max: 500 }),
  tail: fc.boolean(),
  view: fc.constantFrom(...VIEWS),
  machine: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  moves: fc.array(
    fc.record({
      task: fc.integer({ min: 0, max: 99_999 }),
      to: fc.integer({ min: 0, max: 9_999 }),
    }),
    { maxLength: 8 },
  ),
  lesson: fc.integer({ min: 1, max: 8 }),
  step: fc.integer({ min: 0, max: 1_000_000 }),
  guess: fc.integer({ min: 0, max: 19 }),
  lessonRho: fc.double({ min: 1e-6, max: 0.99, noNaN: true }),
  lessonPacker: fc.constantFrom('ff' as const, 'bf' as const),
  lessonWindow: fc.integer({ min: 0, max: 3600 }),
  hand: fc.stringMatching(/^[.1-9a-z]{0,20}$/),
  tuneMode: fc.constantFrom(...TUNE_MODES),
  tuneFamily: fc.constantFrom(...FAMILIES),
  tuneFamilies: fc.shuffledSubarray([...FAMILIES], { minLength: 1 }),
  target: fc.double({ min: 1e-9, max: 0.5, noNaN: true }),
  confidence: fc.double({ min: 0.501, max: 0.999, noNaN: true }),
  paperFigure: fc.constantFrom(...FIGURE_IDS),
  paperOverlay: fc.boolean(),
  paperInstances: fc.integer({ min: 1, max: 500 }),
  paperSums: fc.integer({ min: 1, max: 100_000 }),
  paperN: fc.integer({ min: 1, max: 100_000 }),
  paperExample: fc.integer({ min: 0, max: 1_000_000 }),
  paperWindow: fc.integer({ min: 2, max: 10_000 }),
  resize: resizeParamsArb,
  cluster: fc.constant(DEFAULT_CLUSTER), // round-tripped in cluster/urlFields.test.ts
  schedulers: schedulersArb,
  requests: requestsArb,
  whatif: whatifArb,
});

/** The Learn view's fields written only in its own link, at their defaults. */
const LEARN_ONLY = Object.fromEntries(
  Object.entries(LEARN_PARAMS)
    .filter(([, spec]) => spec.onlyInView)
    .map(([field, spec]) => [field, spec.default]),
) as Partial<Params>;

/** Any parameters without a pinned side, the Timeline view's included. */
const promArb = fc.option(
  fc.record({
    url: fc.constantFrom(
      'http://127.0.0.1:9090',
      'https://grafana.example/api/datasources/proxy/uid/x',
    ),
    query: fc.string({ minLength: 1 }),
    start: fc.integer({ min: 0, max: 2e9 }),
    end: fc.integer({ min: 0, max: 2e9 }),
    step: fc.integer({ min: 1, max: 86400 }),
  }),
  { nil: null },
);

const unpinnedArb: fc.Arbitrary<Omit<Params, 'pinned'>> = fc
  .tuple(baseParamsArb, timelineParamsArb, promArb)
  .map(([base, timeline, prom]) => ({
    ...base,
    ...timeline,
    prom,
    // The lessons' state rides only in the Learn view's link.
    ...(base.view === 'learn' ? {} : LEARN_ONLY),
  }));

/** Any parameters, with or without a pinned A/B side. */
const paramsArb: fc.Arbitrary<Params> = fc
  .tuple(unpinnedArb, fc.option(unpinnedArb, { nil: null }))
  .map(([p, a]) => ({ ...p, pinned: a && pinnedOf({ ...a, pinned: null }) }));

describe('the URL codec', () => {
  it('decodes what it encodes, exactly and without notices', () => {
    fc.assert(
      fc.property(paramsArb, (p) => {
        const d = decode(encode(p));
        expect(d.notices).toEqual([]);
        expect(d.params).toEqual(p);
      }),
      { numRuns: 500 },
    );
  });

  it('writes a lesson and its state only in the Learn view’s link', () => {
    const lesson = { ...DEFAULT_PARAMS, lesson: 6, guess: 12, lessonRho: 0.001, hand: '12.3' };
    expect(encode({ ...lesson, view: 'learn' })).toMatch(
      /lesson=6.*guess=12.*lrho=0.001.*hand=12.3/,
    );
    expect(encode({ ...lesson, view: 'pack' })).toBe(encode({ ...DEFAULT_PARAMS, view: 'pack' }));
  });

  it('reads the pinned A/B side as a link of its own, a bad value in it named by ab', () => {
    const d = decode(`?v=2&n=200&ab=${encodeURIComponent('n=300&fit=gpa:0.001&c=-2')}`);
    expect(d.params.tasks).toBe(200);
    expect(d.params.pinned).toMatchObject({ tasks: 300, fit: { kind: 'gpa', rho: 0.001 } });
    expect(d.params.pinned?.capacity).toBe(DEFAULT_PARAMS.capacity);
    expect(d.notices.join('\n')).toMatch(/ab: c="-2"/);
  });

  it('reads the realization switch, and refuses a bad mode or block length with the default', () => {
    const d = decode('?v=2&rz=blocks&bl=48');
    expect(d.params).toMatchObject({ realization: 'blocks', block: 48 });
    expect(d.notices).toEqual([]);
    expect(encode(DEFAULT_PARAMS)).not.toMatch(/rz=|bl=/);
    const bad = decode('?v=2&rz=sideways&bl=0');
    expect(bad.params).toMatchObject({ realization: 'independent', block: 12 });
    expect(bad.notices.join('\n')).toMatch(/rz="sideways"/);
    expect(bad.notices.join('\n')).toMatch(/bl="0"/);
  });

  it('reads Pack’s hand moves counted from 1, and refuses a malformed one naming it', () => {
    const d = decode('?v=2&moves=17%3A3,4%3A1');
    expect(d.params.moves).toEqual([
      { task: 16, to: 2 },
      { task: 3, to: 0 },
    ]);
    expect(encode(d.params)).toMatch(/moves=17%3A3%2C4%3A1/);
    expect(encode(DEFAULT_PARAMS)).not.toMatch(/moves=/);
    for (const raw of ['17%3A0', '17', '1.5%3A2', '1%3A2%3A3']) {
      const bad = decode(`?v=2&moves=${raw}`);
      expect(bad.params.moves).toEqual([]);
      expect(bad.notices.join('\n')).toMatch(
        /moves=.*is not a hand move \(task:machine, both from 1\)/,
      );
    }
  });

  it('gives the defaults for a bare link', () => {
    expect(decode('')).toEqual({ params: DEFAULT_PARAMS, notices: [] });
  });

  it('replaces bad values by defaults, says which, and ignores unknown keys', () => {
    const d = decode('?v=1&n=-5&fit=gpa:7&algo=worst&c=abc&foo=bar&seed=3');
    expect(d.params).toEqual({ ...DEFAULT_PARAMS, seed: 3 });
    expect(d.notices).toHaveLength(4);
    expect(d.notices.join('\n')).toMatch(/n="-5"/);
    expect(d.notices.join('\n')).toMatch(/fit="gpa:7".*gpa:0\.01/);
    expect(d.notices.join('\n')).toMatch(/algo="worst"/);
    expect(d.notices.join('\n')).toMatch(/c="abc"/);
  });

  it('never throws, whatever the query', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const d = decode(s);
        expect(d.params.tasks).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it('opens a lesson from its link, and falls back to lesson 1 for a bad one', () => {
    expect(decode('?view=learn&lesson=4&step=7').params).toMatchObject({
      view: 'learn',
      lesson: 4,
      step: 7,
    });
    const past = LEARN_PARAMS.lesson.range!.max + 1;
    const bad = decode(`?view=learn&lesson=${past}`);
    expect(bad.params.lesson).toBe(1);
    expect(bad.notices.join('\n')).toMatch(new RegExp(`lesson="${past}"`));
  });

  it('reproduces a tuning from its link, and falls back for bad tuning values', () => {
    expect(
      decode('?view=tune&tm=auto&qt=0.001&conf=0.99&fams=cf,gpa&fam=perc').params,
    ).toMatchObject({
      view: 'tune',
      tuneMode: 'auto',
      target: 0.001,
      confidence: 0.99,
      tuneFamilies: ['cf', 'gpa'],
      tuneFamily: 'perc',
    });
    const bad = decode('?view=tune&qt=1&conf=0.4&fams=gpa,nope&fam=x&tm=z');
    expect(bad.params).toMatchObject({
      target: DEFAULT_PARAMS.target,
      confidence: DEFAULT_PARAMS.confidence,
      tuneFamilies: DEFAULT_PARAMS.tuneFamilies,
      tuneFamily: DEFAULT_PARAMS.tuneFamily,
      tuneMode: DEFAULT_PARAMS.tuneMode,
    });
    const text = bad.notices.join('\n');
    for (const key of ['qt="1"', 'conf="0.4"', 'fams="gpa,nope"', 'fam="x"', 'tm="z"'])
      expect(text).toContain(key);
  });

  it('opens a paper-lab figure with its sizes from a link, and falls back for bad ones', () => {
    expect(
      decode('?view=paper&fig=table1&paper=0&pK=5&pS=200&pN=10&pE=3&pW=24').params,
    ).toMatchObject({
      view: 'paper',
      paperFigure: 'table1',
      paperOverlay: false,
      paperInstances: 5,
      paperSums: 200,
      paperN: 10,
      paperExample: 3,
      paperWindow: 24,
    });
    const bad = decode('?view=paper&fig=fig99&pS=0&paper=yes');
    expect(bad.params).toMatchObject({
      paperFigure: DEFAULT_PARAMS.paperFigure,
      paperSums: DEFAULT_PARAMS.paperSums,
      paperOverlay: DEFAULT_PARAMS.paperOverlay,
    });
    for (const key of ['fig="fig99"', 'pS="0"', 'paper="yes"'])
      expect(bad.notices.join('\n')).toContain(key);
  });

  it('flags a link from an unknown future version', () => {
    expect(decode('?v=99&seed=2').notices[0]).toMatch(/v=99/);
  });

  it('has one row per parameter, and no key twice', () => {
    const fields = URL_FIELDS.map((r) => r.field).sort();
    expect(fields).toEqual(Object.keys(DEFAULT_PARAMS).sort());
    const keys = URL_FIELDS.flatMap((r) => r.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('v');
  });

  it('writes the current version, and migrates links of version 1 (with or without v=1)', () => {
    expect(new URLSearchParams(encode(DEFAULT_PARAMS)).get('v')).toBe(String(URL_VERSION));
    for (const link of ['?v=1&view=paper&paper=0&pK=5', '?view=paper&paper=0&pK=5']) {
      const d = decode(link);
      expect(d.notices).toEqual([]);
      expect(d.params).toEqual({
        ...DEFAULT_PARAMS,
        view: 'paper',
        paperOverlay: false,
        paperInstances: 5,
      });
      expect(decode(encode(d.params)).params).toEqual(d.params);
      expect(encode(d.params)).toContain('overlay=0');
      expect(encode(d.params)).not.toContain('paper=');
    }
    // In a version-2 link "paper" means nothing: it is not migrated again.
    expect(decode(`?v=${URL_VERSION}&view=paper&paper=0`).params.paperOverlay).toBe(true);
  });

  it('names a bad value by the key the old link used', () => {
    const d = decode('?v=1&paper=yes');
    expect(d.notices).toHaveLength(1);
    expect(d.notices[0]).toMatch(/^Ignored paper="yes"/);
  });

  it('refuses an out-of-range parameter with the range message', () => {
    const d = decode('?c=-1&k=1.5&r=1&fit=perc:120');
    expect(d.params).toEqual(DEFAULT_PARAMS);
    const text = d.notices.join('\n');
    expect(text).toContain('invalid capacity: -1 (need c > 0)');
    expect(text).toContain('invalid clairvoyance: 1.5 (need 0 < κ ≤ 1)');
    expect(text).toContain('invalid realizations: 1 (need an integer R ≥ 2)');
    expect(text).toContain('invalid percentile: 120 (need 0 ≤ p ≤ 100)');
  });
});
