import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classOf } from './bins.ts';
import { visbpViolations } from './invariants.ts';
import { Visbp } from './visbp.ts';

type Op = { kind: 'insert' | 'change' | 'remove'; pick: number; size: number };

const sizeArb = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.constantFrom(1 / 3, 0.5, 2 / 3, 1, 0.01, 0.34, 0.51, 0.49, 0.17),
);
const opArb = fc.record({
  kind: fc.constantFrom<Op['kind']>('insert', 'insert', 'change', 'change', 'change', 'remove'),
  pick: fc.nat(),
  size: sizeArb,
});

/** Runs a sequence, checking every invariant after every event; returns the packer and ids. */
function run(ops: Op[]): { v: Visbp; live: Map<number, number> } {
  const v = new Visbp();
  const live = new Map<number, number>();
  let next = 0;
  for (const op of ops) {
    const ids = [...live.keys()];
    let event;
    if (op.kind === 'insert' || ids.length === 0) {
      const id = next++;
      v.insert(id, op.size);
      live.set(id, op.size);
      event = { kind: 'insert' as const, from: 0, to: classOf(op.size) };
    } else {
      const id = ids[op.pick % ids.length];
      if (op.kind === 'change') {
        const from = classOf(live.get(id)!);
        v.change(id, op.size);
        live.set(id, op.size);
        event = { kind: 'change' as const, from, to: classOf(op.size) };
      } else {
        v.remove(id);
        live.delete(id);
        event = { kind: 'remove' as const, from: 0, to: 0 };
      }
    }
    const bad = visbpViolations(v, event);
    if (bad.length > 0) throw new Error(`after ${JSON.stringify(op)}: ${bad.join('; ')}`);
  }
  return { v, live };
}

describe('VISBP', () => {
  it('keeps every invariant and movement bound after every random event', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), (ops) => {
        run(ops);
      }),
      { numRuns: 3000 },
    );
  });

  it('conserves sizes and stays within 3/2 of the Σ-sizes lower bound (+ the additive 1)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 200 }), (ops) => {
        const { v, live } = run(ops);
        let total = 0;
        for (const [id, s] of live) {
          expect(v.sizeOf(id)).toBe(s);
          total += s;
        }
        const packed = v.store.live.reduce((a, b) => a + b.load, 0);
        expect(packed).toBeCloseTo(total, 9);
        // Theorem 1 with footnote 2's constant, against OPT ≥ ⌈Σ sizes⌉.
        expect(v.binCount).toBeLessThanOrEqual(1.5 * Math.ceil(total - 1e-9) + 2);
      }),
      { numRuns: 1000 },
    );
  });

  it('reaches 3/2 on the tight example: n L-items and n S-items', () => {
    const n = 40;
    const v = new Visbp();
    for (let i = 0; i < n; i++) v.insert(i, 0.5 + 0.01);
    for (let i = 0; i < n; i++) v.insert(n + i, 0.5 - 0.01);
    expect(v.binCount / n).toBe(1.5);
    expect(visbpViolations(v)).toEqual([]);
  });

  it('counts a group movement once but all its items as migrated', () => {
    const v = new Visbp();
    // Ten tiny items in one T-bin (groups of ≤ 1/3), then an L-item pulls groups in.
    for (let i = 0; i < 10; i++) v.insert(i, 0.05);
    v.insert(10, 0.55);
    expect(v.lastMoves).toBeGreaterThan(0);
    expect(v.lastMigrated).toBeGreaterThan(v.lastMoves);
    expect(visbpViolations(v, { kind: 'insert', from: 0, to: 2 })).toEqual([]);
  });

  it('rejects sizes outside [0, 1] and unknown items with a clear error', () => {
    const v = new Visbp();
    expect(() => v.insert(0, 1.2)).toThrow(/item 0: size 1.2/);
    expect(() => v.change(5, 0.2)).toThrow(/item 5 is not packed/);
  });
});
