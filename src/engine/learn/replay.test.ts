import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPacking, type PackParams } from '../experiment.ts';
import type { FitSpec } from '../fit/index.ts';
import { PACKERS } from '../pack/pack.ts';
import type { PackTrace } from '../pack/trace.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import {
  explainPlacement,
  finalDecisions,
  firstDivergence,
  nonEmpty,
  placementCount,
  replayTrace,
  ruleChoice,
} from './replay.ts';

const fitArb: fc.Arbitrary<FitSpec> = fc.oneof(
  fc.constantFrom(0.3, 0.1, 0.01).map((rho) => ({ kind: 'gpa', rho }) as const),
  fc.constantFrom(0, 1, 1.7).map((b) => ({ kind: 'cantelli', b }) as const),
  fc.constantFrom(0.8, 1, 1.25).map((f) => ({ kind: 'av', f }) as const),
  fc.constantFrom(50, 90, 99).map((p) => ({ kind: 'perc', p }) as const),
  fc.constant({ kind: 'max' } as const),
  fc.constantFrom(0.1, 0.01).map((rho) => ({ kind: 'emp', rho }) as const),
);

const caseArb = fc.record({
  rows: fc.integer({ min: 1, max: 25 }).chain((n) =>
    fc.integer({ min: 2, max: 20 }).chain((r) =>
      fc.array(
        fc.array(
          fc.integer({ min: 0, max: 70 }).map((k) => k / 100),
          { minLength: r, maxLength: r },
        ),
        { minLength: n, maxLength: n },
      ),
    ),
  ),
  params: fc.record({
    packer: fc.constantFrom(...PACKERS),
    fit: fitArb,
    capacity: fc.constantFrom(0.5, 1, 1.5),
    clairvoyance: fc.constantFrom(1, 0.5),
    source: fc.constant('inst' as const),
    rebalance: fc.integer({ min: 0, max: 6 }),
  }),
});

function traced(rows: number[][], params: PackParams) {
  const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
  const trace: PackTrace = [];
  const result = runPacking(stats, identityRows(rows.length), params, trace);
  return { result, trace };
}

describe('the decision trace', () => {
  it('replays to the same packing as the packer', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        const { result, trace } = traced(rows, params);
        expect(nonEmpty(replayTrace(trace))).toEqual(
          result.machines.map((m) => Array.from(m.tasks)),
        );
        expect(trace.filter((s) => s.kind === 'rebalance' && s.moved)).toHaveLength(result.moves);
      }),
      { numRuns: 400 },
    );
  });

  it('finds the decision that put each task where it ends: after it the task sits there, and nothing moves it again', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        const { trace } = traced(rows, params);
        const steps = finalDecisions(trace, rows.length);
        const where = (machines: number[][], t: number) => machines.findIndex((m) => m.includes(t));
        const end = replayTrace(trace);
        for (let t = 0; t < rows.length; t++) {
          expect(steps[t]).toBeGreaterThan(0);
          expect(trace[steps[t] - 1].task).toBe(t);
          expect(where(replayTrace(trace, steps[t]), t)).toBe(where(end, t));
          expect(where(replayTrace(trace, steps[t] - 1), t)).not.toBe(where(end, t));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('places every task once, and each step follows the packer’s rule on the recorded slacks', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        const { result, trace } = traced(rows, params);
        const placed = trace.slice(0, placementCount(trace));
        expect(placed.map((s) => s.task).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
        let open = 0;
        for (const s of placed) {
          if (s.kind !== 'place') throw new Error('a rebalancing step among placements');
          // Every machine open before the step has a slack.
          expect(s.slacks.length).toBe(open);
          const feasible = Array.from(s.slacks.keys()).filter((j) => s.slacks[j] >= 0);
          if (s.opened) {
            expect(feasible).toEqual([]);
            expect(s.machine).toBe(open);
            open++;
          } else if (params.packer === 'ff' || params.packer === 'ffd') {
            expect(s.machine).toBe(feasible[0]);
          } else {
            // Best Fit: the smallest slack among the feasible, ties to the lowest number.
            for (const j of feasible) {
              expect(s.slacks[s.machine]).toBeLessThanOrEqual(s.slacks[j]);
              if (s.slacks[j] === s.slacks[s.machine]) expect(s.machine).toBeLessThanOrEqual(j);
            }
          }
          expect(ruleChoice(s.slacks, params.packer)).toBe(s.opened ? -1 : s.machine);
          const why = explainPlacement(s, params.packer);
          expect(why.feasible).toEqual(feasible);
          expect(why.chosen).toBe(s.machine);
        }
        expect(result.oversized).toEqual(
          placed.filter((s) => s.kind === 'place' && s.oversized).map((s) => s.task),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('moves in rebalancing only tasks that fit the last machine, earliest first', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        const { trace } = traced(rows, params);
        const start = placementCount(trace);
        let failures = 0;
        for (let k = start; k < trace.length; k++) {
          const s = trace[k];
          if (s.kind !== 'rebalance') throw new Error('a placement after rebalancing started');
          const before = replayTrace(trace, k);
          expect(s.to).toBe(before.length - 1);
          expect(before[s.from][0]).toBe(s.task);
          expect(s.moved).toBe(s.slack >= 0);
          if (!s.moved) failures++;
        }
        expect(failures).toBeLessThanOrEqual(params.rebalance);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the first step where First Fit and Best Fit part: the same state before, different choices there', () => {
    let parted = 0;
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        const ff = traced(rows, { ...params, packer: 'ff' }).trace;
        const bf = traced(rows, { ...params, packer: 'bf' }).trace;
        const k = firstDivergence(ff, bf);
        expect(firstDivergence(bf, ff)).toBe(k);
        expect(firstDivergence(ff, ff)).toBe(0);
        if (k === 0) {
          expect(replayTrace(bf)).toEqual(replayTrace(ff));
          return;
        }
        parted++;
        expect(replayTrace(bf, k - 1)).toEqual(replayTrace(ff, k - 1));
        const [x, y] = [ff[k - 1], bf[k - 1]];
        if (x.kind === 'place' && y.kind === 'place') {
          // Same state, same slacks: FF took the lowest feasible machine, BF a tighter one.
          expect(Array.from(y.slacks)).toEqual(Array.from(x.slacks));
          expect(x.machine).toBeLessThan(y.machine);
          expect(y.slacks[y.machine]).toBeLessThan(x.slacks[x.machine]);
        }
      }),
      { numRuns: 300 },
    );
    expect(parted).toBeGreaterThan(0);
  });

  it('replays any prefix: step by step, each state is the previous plus one decision', () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 8 }, (_, t) => ((i * 7 + t * 3) % 10) / 20),
    );
    const { trace } = traced(rows, {
      packer: 'bf',
      fit: { kind: 'gpa', rho: 0.1 },
      capacity: 1,
      clairvoyance: 1,
      source: 'inst',
      rebalance: 5,
    });
    for (let k = 0; k < trace.length; k++) {
      const before = replayTrace(trace, k).flat().length;
      const after = replayTrace(trace, k + 1).flat().length;
      expect(after - before).toBe(trace[k].kind === 'place' ? 1 : 0);
    }
    expect(() => replayTrace(trace, trace.length + 1)).toThrow(/invalid step/);
  });
});
