import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  POLICIES,
  clusterAt,
  googleTimeline,
  parseTaskList,
  simulateTimeline,
  summarizeTimeline,
  syntheticWeek,
  tasksFromRows,
} from '../../engine/timeline/index.ts';
import { dataPath } from '../../ingest/testing.ts';
import { clusterAtSpec, ganttBars, ganttSpec, ganttWindow, radarSpec } from './gantt.ts';
import { activeSpec, cumulativeSpec, overflowSpec, windowCurveSpec } from './plots.ts';
import { busiestTime, policyTable, timeSpan } from './summary.ts';

const fig1 = parseTaskList(
  readFileSync(new URL('../../engine/timeline/fixtures/fig1.csv', import.meta.url), 'utf8'),
  'fig1.csv',
);

describe('the policy table', () => {
  it('orders policies by machine-time and keeps each run’s numbers', () => {
    const week = syntheticWeek({ seed: 2, tasks: 400, days: 1 });
    const runs = POLICIES.map((policy) => simulateTimeline(week, { ...DEFAULT_PARAMS, policy }));
    const rows = policyTable(runs);
    expect(rows.map((r) => r.policy).sort()).toEqual(POLICIES.map((p) => p.toUpperCase()).sort());
    for (let k = 1; k < rows.length; k++)
      expect(rows[k].machine_hours).toBeGreaterThanOrEqual(rows[k - 1].machine_hours);
    for (const r of rows) expect(r.above_lower_bound_pct).toBeGreaterThanOrEqual(-1e-9);
    // A summary and the full result give the same row.
    expect(policyTable(runs.map(summarizeTimeline))).toEqual(rows);
  });

  it('Fig. 1 at tw = 3 s: FMF is 210 machine-minutes (3.5 h) in its row', () => {
    const r = simulateTimeline(fig1, { ...DEFAULT_PARAMS, window: 3 });
    expect(Math.round(policyTable([r])[0].machine_hours * 60)).toBe(210);
    const [lo, hi] = timeSpan(r);
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeGreaterThan(lo);
    const busy = busiestTime(r);
    expect(clusterAt(fig1, r, busy).machines.length).toBe(r.peakMachines);
  });
});

describe('the Gantt bars', () => {
  it('every task of the chosen machines gets one bar, and bars of a machine never overlap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0, 2, 10), (seed, window) => {
        const week = syntheticWeek({ seed, tasks: 150, days: 1 });
        const r = simulateTimeline(week, { ...DEFAULT_PARAMS, window });
        const machines = Array.from({ length: r.machineOpen.length }, (_, m) => m);
        const bars = ganttBars(week, r, machines);
        expect(bars).toHaveLength(week.count);
        for (const a of bars)
          for (const b of bars) {
            if (a === b || a.machine !== b.machine) continue;
            const inTime = a.t0 < b.t1 && b.t0 < a.t1;
            const inHeight = a.y0 < b.y1 - 1e-9 && b.y0 < a.y1 - 1e-9;
            expect(inTime && inHeight).toBe(false);
          }
      }),
      { numRuns: 15 },
    );
  });

  it('around the busiest instant, every row of the Gantt has a task in the window shown', () => {
    const week = syntheticWeek({ seed: 1, tasks: 2000, days: 1 });
    const r = simulateTimeline(week, { ...DEFAULT_PARAMS, window: 0 });
    const t = busiestTime(r);
    const machines = clusterAt(week, r, t)
      .machines.map((m) => m.machine)
      .slice(0, 24);
    const window = ganttWindow(r, machines, t);
    expect(window[0]).toBeLessThanOrEqual(t);
    expect(window[1]).toBeGreaterThanOrEqual(t);
    const spec = ganttSpec(
      week,
      r,
      [...machines, ...[0, 1, 2].filter((m) => !machines.includes(m))],
      null,
      1,
      window,
    );
    const rows = (spec.y?.ticks as number[]).length;
    const bars = ganttBars(week, r, machines).filter((b) => b.t1 > window[0] && b.t0 < window[1]);
    const filled = new Set(bars.map((b) => b.machine));
    expect(filled.size).toBe(machines.length);
    expect(rows).toBe(filled.size);
    // Each machine's bars cover a visible share (≥ 5 %) of the window's width.
    for (const m of machines) {
      const covered = bars
        .filter((b) => b.machine === m)
        .reduce((s, b) => Math.max(s, Math.min(window[1], b.t1) - Math.max(window[0], b.t0)), 0);
      expect(covered / (window[1] - window[0])).toBeGreaterThan(0.05);
    }
  });

  it('Fig. 1 online: the specs build and cover every machine', () => {
    const r = simulateTimeline(fig1, { ...DEFAULT_PARAMS, policy: 'ff', order: 'list', window: 0 });
    const machines = Array.from({ length: r.machineOpen.length }, (_, m) => m);
    expect(ganttSpec(fig1, r, machines, 0, 1).marks?.length).toBeGreaterThan(1);
    expect(clusterAtSpec(clusterAt(fig1, r, 10), 1).marks?.length).toBe(2);
    expect(activeSpec([r], 'ff').marks).toHaveLength(1);
    expect(cumulativeSpec([r]).marks).toHaveLength(1);
    expect(radarSpec([r]).marks?.length).toBeGreaterThan(2);
    expect(windowCurveSpec([summarizeTimeline(r)], 0).marks).toHaveLength(2);
    expect(overflowSpec(r)).toBeNull();
  });
});

describe('the overflow map on the Google excerpt', () => {
  it('draws the result’s overflowing machine-steps', () => {
    const dir = 'google-2011-task-usage/';
    const g = googleTimeline(
      {
        text: readFileSync(dataPath(`${dir}task_events_part-00000_first20000.csv`), 'utf8'),
        file: 'task_events',
      },
      {
        text: readFileSync(dataPath(`${dir}task_usage_part-00000_first10000.csv`), 'utf8'),
        file: 'task_usage',
      },
    );
    const r = simulateTimeline(g.tasks, DEFAULT_PARAMS);
    expect(r.overflow).not.toBeNull();
    const spec = overflowSpec(r);
    expect(spec === null).toBe(r.overflow!.machine.length === 0);
  });
});

describe('tasksFromRows builds what the specs read', () => {
  it('a single task: one bar at the bottom of its row', () => {
    const t = tasksFromRows([{ id: 'x', arrival: 0, duration: 60, size: 0.4 }], 'one');
    const r = simulateTimeline(t, DEFAULT_PARAMS);
    const [bar] = ganttBars(t, r, [0]);
    expect(bar).toMatchObject({ task: 'x', machine: 0, y0: 0 });
    expect(bar.y1).toBeCloseTo(0.4, 12);
  });
});
