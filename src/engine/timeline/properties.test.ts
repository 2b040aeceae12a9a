import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityLimit } from '../capacity.ts';
import { normalQuantile } from '../stats/normal.ts';
import type { Machine, PolicyContext } from './cluster.ts';
import { fitTest } from './fit.ts';
import { mergeBins } from './fmf.ts';
import {
  DEFAULT_PARAMS,
  ORDERS,
  POLICIES,
  loadLowerBound,
  simulateTimeline,
  simulateTimelineSummary,
  stepSeries,
  summarizeTimeline,
  tasksFromRows,
  type TimelineParams,
  type TimelineResult,
  type TimelineTasks,
} from './index.ts';

const tasksArb = fc
  .array(
    fc.record({
      arrival: fc.integer({ min: 0, max: 400 }).map((x) => x / 4),
      duration: fc.integer({ min: 0, max: 300 }),
      size: fc.integer({ min: 1, max: 80 }).map((x) => x / 100),
      spread: fc.double({ min: 0, max: 0.5, noNaN: true }),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((rows) =>
    tasksFromRows(
      rows.map((r, i) => ({ id: `t${i}`, ...r, mean: r.size * 0.7, sd: r.size * r.spread })),
      'arb',
    ),
  );

const paramsArb: fc.Arbitrary<TimelineParams> = fc.record({
  policy: fc.constantFrom(...POLICIES),
  order: fc.constantFrom(...ORDERS),
  window: fc.constantFrom(0, 0.5, 1, 2, 5, 30),
  capacity: fc.constantFrom(1, 0.8),
  fit: fc.oneof(
    fc.constant({ kind: 'size' } as const),
    fc.constantFrom(0.01, 0.1).map((rho) => ({ kind: 'gpa', rho }) as const),
  ),
  durationError: fc.constantFrom(0, 0.5, 2),
  seed: fc.integer({ min: 0, max: 1000 }),
  remainingFloor: fc.constantFrom('zero', 'window'),
});

/** The largest load a machine ever carries at once, per machine (sweep over starts and ends). */
function peakLoads(t: TimelineTasks, r: TimelineResult, load: (i: number) => [number, number]) {
  const byMachine = new Map<number, { time: number; i: number; up: boolean }[]>();
  for (let i = 0; i < t.count; i++) {
    if (r.end[i] === r.start[i]) continue;
    const list = byMachine.get(r.machineOf[i]) ?? [];
    list.push({ time: r.start[i], i, up: true }, { time: r.end[i], i, up: false });
    byMachine.set(r.machineOf[i], list);
  }
  const peaks: [number, number, number][] = [];
  for (const list of byMachine.values()) {
    list.sort((a, b) => a.time - b.time || Number(a.up) - Number(b.up));
    let a = 0;
    let b = 0;
    let k = 0;
    for (const e of list) {
      const [x, y] = load(e.i);
      a += e.up ? x : -x;
      b += e.up ? y : -y;
      k += e.up ? 1 : -1;
      if (e.up) peaks.push([a, b, k]);
    }
  }
  return peaks;
}

describe('timeline properties', () => {
  it('hard sizes: no machine ever carries more than c', () => {
    fc.assert(
      fc.property(tasksArb, paramsArb, (t, p0) => {
        const p = { ...p0, fit: { kind: 'size' } as const };
        const r = simulateTimeline(t, p);
        for (const [q] of peakLoads(t, r, (i) => [t.size[i], 0]))
          expect(q).toBeLessThanOrEqual(capacityLimit(p.capacity));
      }),
    );
  });

  it('GPA: co-located running tasks always pass Σμ + z·√Σσ² ≤ c', () => {
    fc.assert(
      fc.property(tasksArb, paramsArb, (t, p0) => {
        const p = { ...p0, fit: { kind: 'gpa', rho: 0.05 } as const };
        const z = normalQuantile(0.95);
        const r = simulateTimeline(t, p);
        const load = (i: number): [number, number] => [t.mean![i], t.sd![i] ** 2];
        // A task that fails the test alone runs alone on its own machine.
        for (const [mu, v, k] of peakLoads(t, r, load))
          if (k > 1)
            expect(mu + z * Math.sqrt(Math.max(0, v))).toBeLessThanOrEqual(p.capacity + 1e-7);
      }),
    );
  });

  it('every task placed once, starting within 2·tw of arrival; machine-time ≥ bounds', () => {
    fc.assert(
      fc.property(tasksArb, paramsArb, (t, p) => {
        const r = simulateTimeline(t, p);
        for (let i = 0; i < t.count; i++) {
          expect(r.machineOf[i]).toBeGreaterThanOrEqual(0);
          const delay = r.start[i] - t.arrival[i];
          expect(delay).toBeGreaterThan(p.window > 0 ? p.window - 1e-9 : -1e-9);
          expect(delay).toBeLessThanOrEqual(2 * p.window + 1e-9);
          expect(r.end[i] - r.start[i]).toBeCloseTo(t.duration[i], 9);
        }
        const placed = new Map<number, number>();
        for (const m of r.machineOf) placed.set(m, (placed.get(m) ?? 0) + 1);
        expect([...placed.values()].reduce((a, b) => a + b, 0)).toBe(t.count);
        if (p.fit.kind === 'size') {
          expect(r.machineSeconds).toBeGreaterThanOrEqual(r.lowerBoundSeconds - 1e-6);
          expect(r.lowerBoundSeconds).toBeGreaterThanOrEqual(r.areaBoundSeconds - 1e-6);
        }
      }),
    );
  });

  it('same seed, same numbers (duration error, RAND order)', () => {
    fc.assert(
      fc.property(tasksArb, paramsArb, (t, p) => {
        const q = { ...p, durationError: 1, order: 'rand' as const };
        const a = simulateTimeline(t, q);
        const b = simulateTimeline(t, q);
        expect(b.machineSeconds).toBe(a.machineSeconds);
        expect(Array.from(b.machineOf)).toEqual(Array.from(a.machineOf));
      }),
      { numRuns: 30 },
    );
  });

  it('FMF’s general merge with one incoming task: the running machine with the largest l_m that has room, else new', () => {
    const machineArb = fc.record({
      l: fc.integer({ min: 0, max: 50 }),
      q: fc.integer({ min: 1, max: 100 }).map((x) => x / 100),
    });
    fc.assert(
      fc.property(
        fc.array(machineArb, { maxLength: 12 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 100 }).map((x) => x / 100),
        (ms, r, q) => {
          const machines: Machine[] = ms
            .map((m, id) => ({
              id,
              l: m.l,
              q: m.q,
              mu: m.q,
              v: 0,
              maxEstEnd: 0,
              sortKey: 0,
              tasks: [0],
              dirty: false,
              open: 0,
              close: 0,
            }))
            .sort((a, b) => b.l - a.l || a.id - b.id);
          const expected = machines.find((m) => m.q + q <= capacityLimit(1)) ?? null;
          let got: Machine | 'new' | null = null;
          const task = { index: 0, r, arrival: 0, q, mu: q, v: 0 };
          const ctx: PolicyContext = {
            machines: machines.slice(),
            batch: [task],
            fits: fitTest({ kind: 'size' }, 1),
            capacity: 1,
            memory: { nextFit: -1 },
            put: (_t, m) => void (got = m),
            open: () => {
              got = 'new';
              return machines[0];
            },
          };
          mergeBins(ctx);
          expect(got).toBe(expected ?? 'new');
        },
      ),
    );
  });

  it('online (tw = 0) FMF equals FF: both take the first machine in l_m order with room', () => {
    fc.assert(
      fc.property(tasksArb, (t) => {
        const base = { ...DEFAULT_PARAMS, window: 0, order: 'list' as const };
        const a = simulateTimeline(t, { ...base, policy: 'fmf' });
        const b = simulateTimeline(t, { ...base, policy: 'ff' });
        expect(Array.from(a.machineOf)).toEqual(Array.from(b.machineOf));
      }),
    );
  });
});

describe('the summary path', () => {
  it('gives the numbers of summarizeTimeline(simulateTimeline(…)), and the bound of loadLowerBound', () => {
    fc.assert(
      fc.property(tasksArb, paramsArb, (t, p) => {
        const full = simulateTimeline(t, p);
        const { params: _a, ...want } = summarizeTimeline(full);
        const { params: _b, ...got } = simulateTimelineSummary(t, p);
        expect(got).toEqual(want);
        const sorted = loadLowerBound(t, full.start, full.end, p);
        expect(full.lowerBoundSeconds).toBeCloseTo(sorted, 6);
        const series = stepSeries(
          Float64Array.from([...full.machineOpen, ...full.machineClose]),
          Float64Array.from([...full.machineOpen.map(() => 1), ...full.machineClose.map(() => -1)]),
        );
        expect(Array.from(full.active.time)).toEqual(Array.from(series.time));
        expect(Array.from(full.active.value)).toEqual(Array.from(series.value));
      }),
    );
  });
});
