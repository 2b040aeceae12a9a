import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitTest, type FitSpec, type MachineState, type TaskSizes } from '../fit/index.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import { Machines } from './machines.ts';
import { PACKERS, pack } from './pack.ts';

type Call =
  | { op: 'open' | 'add'; j: number; t: number }
  | { op: 'remove'; j: number; t: number; remaining: number[] };

const stateful: fc.Arbitrary<FitSpec> = fc.oneof(
  fc.constantFrom(0.3, 0.05, 0.01).map((rho) => ({ kind: 'cf', rho }) as const),
  fc.constantFrom(0.3, 0.05, 0.01).map((rho) => ({ kind: 'emp', rho }) as const),
  fc.constantFrom(0.3, 0.05, 0.01).map((rho) => ({ kind: 'conv', rho, bin: 0.01 }) as const),
  fc.constantFrom(0.3, 0.05, 0.01).map((rho) => ({ kind: 'bern', rho }) as const),
);

const caseArb = fc.record({
  rows: fc.integer({ min: 1, max: 30 }).chain((n) =>
    fc.integer({ min: 2, max: 30 }).chain((r) =>
      fc.array(
        fc.array(
          fc.integer({ min: 0, max: 50 }).map((k) => k / 100),
          { minLength: r, maxLength: r },
        ),
        { minLength: n, maxLength: n },
      ),
    ),
  ),
  fit: stateful,
  packer: fc.constantFrom(...PACKERS),
  capacity: fc.constantFrom(0.6, 1, 1.5),
  rebalance: fc.integer({ min: 0, max: 8 }),
  kappa: fc.constantFrom(1, 0.5),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** Packs through the per-machine state, recording every hook call. */
function packRecorded(c: Case) {
  const stats = new WorkloadStats({ inst: matrixOfRows(c.rows), avg: null });
  const ts = stats.taskStats('inst', stats.split(c.kappa));
  const order = identityRows(c.rows.length);
  const fit = fitTest(c.fit);
  const sizes = fit.sizes(ts, order);
  const calls: Call[] = [];
  const recorded: TaskSizes = {
    ...sizes,
    machineState: (sums, capacity) => {
      const inner = sizes.machineState!(sums, capacity);
      return {
        open: (j, t) => (calls.push({ op: 'open', j, t }), inner.open(j, t)),
        add: (j, t) => (calls.push({ op: 'add', j, t }), inner.add(j, t)),
        remove: (j, t, remaining) => (
          calls.push({ op: 'remove', j, t, remaining: [...remaining] }),
          inner.remove(j, t, remaining)
        ),
        slack: (j, t) => inner.slack(j, t),
      } satisfies MachineState;
    },
  };
  let state: MachineState | null = null;
  const packing = pack(
    { ...recorded, machineState: (s, cap) => (state = recorded.machineState!(s, cap)) },
    fit,
    { packer: c.packer, capacity: c.capacity, rebalance: c.rebalance },
  );
  return { sizes, packing, calls, state: state! };
}

describe('per-machine state hooks', () => {
  it('see every task placed once, and replay to the packing', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { packing, calls } = packRecorded(c);
        const placed = packing.machines.flatMap((m) => Array.from(m)).sort((a, b) => a - b);
        expect(placed).toEqual(c.rows.map((_, i) => i));
        const lists: number[][] = [];
        const where = new Map<number, number>();
        for (const call of calls) {
          if (call.op === 'remove') {
            expect(lists[call.j][0]).toBe(call.t);
            lists[call.j].shift();
            where.delete(call.t);
            expect(call.remaining).toEqual(lists[call.j]);
            continue;
          }
          // A task is on at most one machine at any time.
          expect(where.has(call.t)).toBe(false);
          where.set(call.t, call.j);
          if (call.op === 'open') {
            expect(call.j).toBe(lists.length);
            lists.push([call.t]);
          } else lists[call.j].push(call.t);
        }
        expect(where.size).toBe(c.rows.length);
        expect(lists.filter((l) => l.length > 0)).toEqual(
          packing.machines.map((m) => Array.from(m)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('stay consistent after rebalancing: the same slacks as a state built afresh', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { sizes, calls, state } = packRecorded(c);
        // The final contents per machine number (empty machines included), from the hook calls.
        const lists: number[][] = [];
        for (const call of calls)
          if (call.op === 'open') lists.push([call.t]);
          else if (call.op === 'add') lists[call.j].push(call.t);
          else lists[call.j].shift();
        const fresh = new Machines(c.rows.length);
        const again = sizes.machineState!(fresh, c.capacity);
        fresh.state = again;
        lists.forEach((l) => {
          // An emptied machine is rebuilt as opened and emptied again.
          const [first, ...rest] = l.length ? l : [0];
          const j = fresh.open(first, sizes.size[first], sizes.variance[first]);
          if (l.length === 0) fresh.removeFirst(j, sizes.size[first], sizes.variance[first]);
          for (const t of rest) fresh.add(j, t, sizes.size[t], sizes.variance[t]);
        });
        const exact = c.fit.kind === 'emp' || c.fit.kind === 'conv';
        lists.forEach((l, j) => {
          if (l.length === 0) return;
          for (let t = 0; t < c.rows.length; t++) {
            const a = state.slack(j, t);
            const b = again.slack(j, t);
            if (exact) expect(a).toBe(b);
            else expect(a).toBeCloseTo(b, 9);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
