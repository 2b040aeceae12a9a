/**
 * The schedulers' rules as fit tests make the admission decisions their projects' rules make:
 * against the direct implementations of `byHand.ts`, slack sign by slack sign on random small
 * machines, and node by node through the real First Fit packer, on random matrices and on real Azure
 * VM traces (5-minute samples, so the default step of 300 s is theirs).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFrom, type RealizationMatrix } from '../../matrix.ts';
import { packAligned, tuneAligned } from '../../replay/tuneAligned.ts';
import { FAMILIES, familySpec } from '../../tune/families.ts';
import { TaskStats } from '../../stats/taskStats.ts';
import { fitTest, formatFit, parseFit, type FitSpec } from '../index.ts';
import * as byHand from './byHand.ts';
import { CRANE_DEFAULTS } from '../entries/crane.ts';
import { kthSmallest } from './usage.ts';

interface Case {
  readonly spec: FitSpec;
  /** The rule by hand on a matrix of `cols` columns (window lengths in columns, step 300 s). */
  readonly rule: (cols: number) => byHand.Rule;
}

const hour = CRANE_DEFAULTS.hour;
const CASES: readonly Case[] = [
  { spec: parseFit('koord:65'), rule: () => byHand.koordinator(65, 85, 0, 1) },
  { spec: parseFit('koord:40.7:60'), rule: () => byHand.koordinator(40, 60, 0, 1) },
  { spec: parseFit('koord:70:85:90:3600'), rule: () => byHand.koordinator(70, 85, 90, 12) },
  { spec: parseFit('koord:55:100:50'), rule: (n) => byHand.koordinator(55, 100, 50, n) },
  { spec: parseFit('tlp:40'), rule: () => byHand.targetLoadPacking(40, 1.5, 3) },
  { spec: parseFit('tlp:75:1:0'), rule: (n) => byHand.targetLoadPacking(75, 1, n) },
  { spec: parseFit('lvrb:1:1'), rule: () => byHand.loadVariationRisk(1, 1, 3) },
  { spec: parseFit('lvrb:1:2:3600'), rule: () => byHand.loadVariationRisk(1, 2, 12) },
  { spec: parseFit('lvrb:0.5:2:0'), rule: (n) => byHand.loadVariationRisk(0.5, 2, n) },
  { spec: parseFit('crane:0.65'), rule: () => byHand.crane([0.65, 0.65 * hour, 0], 1, [1, 12, 0]) },
  {
    spec: parseFit('crane:0.5:1.2:1.4:60'),
    rule: () => byHand.crane([0.5, 0.6, 0.7], 5, [1, 60, 1440]),
  },
  { spec: parseFit('oc:1.2'), rule: () => byHand.overcommit(1.2) },
  { spec: parseFit('oc:0.8'), rule: () => byHand.overcommit(0.8) },
  { spec: parseFit('vpa:0.9'), rule: () => byHand.vpa(0.9, 0.15) },
  { spec: parseFit('vpa:0.5:0'), rule: () => byHand.vpa(0.5, 0) },
];

/** Columns a case needs (Crane's day at 60 s: 1440 + 5 − 1). */
const needs = (spec: FitSpec) => (spec.kind === 'crane' && spec.day > 0 ? 1444 : 24);

const matrixArb = (cols: number) =>
  fc.record({ rows: fc.integer({ min: 2, max: 9 }), seed: fc.integer() }).map(({ rows, seed }) => {
    let s = seed >>> 0 || 1;
    const next = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32) * 0.4;
    return matrixFrom(rows, cols, Float32Array.from({ length: rows * cols }, next));
  });

/** The fit test's slack for task t beside `node` (all of them placed on machine 0 first). */
function slackOf(spec: FitSpec, m: RealizationMatrix, node: number[], t: number, c: number) {
  const test = fitTest(spec);
  const rows = Int32Array.from({ length: m.rows }, (_, i) => i);
  const sizes = test.sizes(new TaskStats(m, 0, m.cols), rows);
  if (!sizes.machineState) {
    const load = node.reduce((s, i) => s + sizes.size[i], 0);
    return test.slack(load, 0, sizes.size[t], 0, c);
  }
  const state = sizes.machineState({ load: new Float64Array(1), variance: new Float64Array(1) }, c);
  if (node.length === 0) return state.slack(-1, t);
  state.open(0, node[0]);
  for (const i of node.slice(1)) state.add(0, i);
  return state.slack(0, t);
}

const packed = (m: RealizationMatrix, spec: FitSpec, capacity: number) =>
  packAligned(m, spec, { packer: 'ff', capacity, rebalance: 0 }).map((r) => Array.from(r));

describe('scheduler rules against their direct implementations', () => {
  for (const { spec, rule } of CASES)
    it(`${formatFit(spec)}: the same slack sign as the rule by hand, node by node`, () => {
      const cols = needs(spec);
      fc.assert(
        fc.property(
          matrixArb(cols),
          fc.double({ min: 0.3, max: 2, noNaN: true }),
          fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
          (m, c, on) => {
            const node = on.slice(0, m.rows - 1).flatMap((x, i) => (x ? [i] : []));
            const t = m.rows - 1;
            const fits = slackOf(spec, m, node, t, c) >= 0;
            expect(fits).toBe(rule(cols)(m, node, t, c));
          },
        ),
        { numRuns: spec.kind === 'crane' ? 15 : 60 },
      );
    });

  for (const { spec, rule } of CASES)
    it(`${formatFit(spec)}: First Fit through the packer places every task as First Fit by hand`, () => {
      const cols = needs(spec);
      fc.assert(
        fc.property(matrixArb(cols), fc.double({ min: 0.4, max: 1.5, noNaN: true }), (m, c) => {
          expect(packed(m, spec, c)).toEqual(byHand.firstFitByHand(m, rule(cols), c));
        }),
        { numRuns: spec.kind === 'crane' ? 8 : 30 },
      );
    });
});

/** The first `vms` Azure VMs over the first `instants` 5-minute instants, CPU % / 100 × 0.25. */
function azure(vms: number, instants: number): RealizationMatrix {
  const file = resolve(
    import.meta.dirname,
    '../../../../../shared/data/azure-v1-datacentersim/microsoft_max_100.csv.gz',
  );
  const lines = gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .slice(1, instants + 1);
  const data = new Float32Array(vms * instants);
  lines.forEach((line, col) => {
    const cells = line.split(',');
    for (let i = 0; i < vms; i++) data[i * instants + col] = (Number(cells[i + 1]) / 100) * 0.25;
  });
  return matrixFrom(vms, instants, data);
}

describe('scheduler rules on real VM traces (Azure V1, 5-minute samples)', () => {
  const m = azure(40, 600);
  for (const { spec, rule } of CASES.filter((c) => needs(c.spec) <= 600))
    it(`${formatFit(spec)}: First Fit places the 40 VMs as the rule by hand`, () => {
      const nodes = packed(m, spec, 1);
      expect(nodes).toEqual(byHand.firstFitByHand(m, rule(600), 1));
      expect(nodes.length).toBeGreaterThan(1);
    });
});

describe('scheduler rules refuse bad input with the value and the history named', () => {
  const stats = (cols: number) =>
    new TaskStats(matrixFrom(2, cols, new Float32Array(2 * cols).fill(0.1)), 0, cols);
  const sums = { load: new Float64Array(2), variance: new Float64Array(2) };
  const sizes = (text: string, cols: number) =>
    fitTest(parseFit(text)).sizes(stats(cols), Int32Array.of(0, 1)).machineState!(sums, 1);

  it("knobs out of their projects' ranges", () => {
    expect(() => parseFit('koord:120')).toThrow(
      'invalid usageThresholds[cpu]: 120 (need 0 ≤ T ≤ 100)',
    );
    expect(() => parseFit('koord:65:0')).toThrow(/invalid estimatedScalingFactors\[cpu\]: 0/);
    expect(() => parseFit('tlp:0')).toThrow(/invalid targetUtilization: 0/);
    expect(() => parseFit('lvrb:-1:2')).toThrow(/invalid safeVarianceMargin: -1/);
    expect(() => parseFit('lvrb:1:0')).toThrow(/invalid safeVarianceSensitivity: 0/);
    expect(() => parseFit('lvrb:1')).toThrow(/invalid fit test: "lvrb:1"/);
    expect(() => parseFit('crane:1.5')).toThrow(/invalid maxLimitPecent of cpu_usage_avg_5m: 1.5/);
    expect(() => parseFit('crane:0.6:-1')).toThrow(
      'invalid cpu_usage_max_avg_1h limit as a multiple of L: -1 (need h ≥ 0)',
    );
    expect(() => parseFit('oc:0')).toThrow(/invalid overcommit ratio: 0/);
    expect(() => parseFit('vpa:1.2')).toThrow(/invalid target-cpu-percentile: 1.2/);
    expect(() => parseFit('koord:65:85:90:3600:0')).toThrow(/invalid sampling step: 0/);
  });

  it('a window shorter than one step', () => {
    expect(() => sizes('koord:65:85:90:60', 100)).toThrow(
      'usageAggregatedDuration (1 min) is shorter than one sampling step (5 min)',
    );
    expect(() => sizes('crane:0.65:1:0:600', 100)).toThrow(
      'cpu_usage_avg_5m (5 min) is shorter than one sampling step (10 min): give a finer step or a longer window',
    );
  });

  it('a history shorter than the window', () => {
    expect(() => sizes('koord:65:85:95:7200', 20)).toThrow(
      'usageAggregatedDuration needs 2 h of history (24 columns of 5 min); the learned part has 20 columns (100 min)',
    );
    expect(() => sizes('tlp:40:1.5:3600', 10)).toThrow(/load-watcher window needs 1 h of history/);
    expect(() => sizes('crane:0.65', 11)).toThrow(
      'cpu_usage_max_avg_1h needs 1 h of history (12 columns of 5 min); the learned part has 11 columns (55 min)',
    );
    expect(() => sizes('crane:0.65:1:1', 200)).toThrow(/cpu_usage_max_avg_1d needs 1 d of history/);
    expect(() => sizes('crane:0.65', 12)).not.toThrow();
  });

  it('both LVRB parameters are always written, and the defaults left out elsewhere', () => {
    expect(formatFit(parseFit('lvrb:1:1'))).toBe('lvrb:1:1');
    expect(formatFit(parseFit('lvrb:1:2:900:300'))).toBe('lvrb:1:2');
    expect(formatFit(parseFit('koord:65:85:0:0:300'))).toBe('koord:65');
    expect(formatFit(parseFit('crane:0.65:2'))).toBe('crane:0.65:2');
  });
});

describe('scheduler rules in the tuner', () => {
  const learn = azure(40, 600);
  const config = { packer: 'ff', capacity: 1, rebalance: 0, target: 0.05, scope: 'mean' } as const;

  it('each rule is a tuner family; LVRB tunes its margin at sensitivity 2', () => {
    for (const kind of ['koord', 'tlp', 'lvrb', 'crane', 'oc', 'vpa'])
      expect(FAMILIES).toContain(kind);
    expect(familySpec('lvrb', 1.5)).toEqual({
      kind: 'lvrb',
      margin: 1.5,
      sensitivity: 2,
      window: 900,
      step: 300,
    });
  });

  for (const family of ['koord', 'tlp', 'lvrb', 'crane', 'oc', 'vpa'])
    it(`${family}: the tuned value meets the target on the fold, or none is found`, () => {
      const r = tuneAligned(learn, family, config);
      if (r.value === null) expect(r.machines).toEqual([]);
      else {
        expect(r.cv!.mean).toBeLessThanOrEqual(config.target);
        expect(r.machines.length).toBeGreaterThan(0);
      }
    });
});

describe('the selection behind percentiles of a node', () => {
  it('kthSmallest is the k-th value of the sorted series, ties and all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (xs, k0) => {
          const k = k0 % xs.length;
          const sorted = [...xs].sort((a, b) => a - b);
          expect(kthSmallest(Float64Array.from(xs), k)).toBe(sorted[k]);
        },
      ),
    );
  });
});
