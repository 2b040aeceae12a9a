/** The per-machine Gantt, the scrubber's snapshot and the policy radar (Fig. 12 shape). */
import * as Plot from '@observablehq/plot';
import {
  placementCost,
  type ClusterAt,
  type TimelineResult,
  type TimelineTasks,
} from '../../engine/timeline/index.ts';
import { policyRow } from './summary.ts';
import { timeUnit } from './plots.ts';
import { formatFixed } from '../format.ts';

interface GanttBar {
  readonly task: string;
  readonly machine: number;
  readonly t0: number;
  readonly t1: number;
  /** Vertical extent inside the machine's row (0 … capacity, drawn as a fraction of the row). */
  readonly y0: number;
  readonly y1: number;
}

/**
 * Task bars of `machines`: each task is a bar from its start to its end, stacked in its machine's
 * row at the lowest free level when it starts (a drawing choice; the row's height is the capacity).
 */
export function ganttBars(
  tasks: TimelineTasks,
  r: TimelineResult,
  machines: readonly number[],
): GanttBar[] {
  const rowOf = new Map(machines.map((m, k) => [m, k]));
  const per = new Map<number, number[]>();
  for (let i = 0; i < tasks.count; i++) {
    const m = r.machineOf[i];
    if (rowOf.has(m)) (per.get(m) ?? per.set(m, []).get(m)!).push(i);
  }
  const bars: GanttBar[] = [];
  for (const [m, list] of per) {
    list.sort((a, b) => r.start[a] - r.start[b] || a - b);
    const live: { y0: number; y1: number; end: number }[] = [];
    for (const i of list) {
      for (let k = live.length - 1; k >= 0; k--) if (live[k].end <= r.start[i]) live.splice(k, 1);
      live.sort((a, b) => a.y0 - b.y0);
      let y = 0;
      for (const l of live) if (l.y0 < y + tasks.size[i] - 1e-12 && l.y1 > y + 1e-12) y = l.y1;
      const bar = { y0: y, y1: y + tasks.size[i], end: r.end[i] };
      live.push(bar);
      bars.push({ task: tasks.ids[i], machine: m, t0: r.start[i], t1: r.end[i], ...bar });
    }
  }
  return bars;
}

/**
 * The time window a Gantt around t shows: t ± the median lifetime of the machines open at t (at
 * least 1/200 of the whole run), so each of their rows is visibly filled rather than a sliver of a
 * day-long axis.
 */
export function ganttWindow(
  r: TimelineResult,
  machines: readonly number[],
  t: number,
): [number, number] {
  const lifetimes = machines.map((m) => r.machineClose[m] - r.machineOpen[m]).sort((a, b) => a - b);
  let first = Infinity;
  let last = -Infinity;
  for (let m = 0; m < r.machineOpen.length; m++) {
    first = Math.min(first, r.machineOpen[m]);
    last = Math.max(last, r.machineClose[m]);
  }
  const median = lifetimes.length ? lifetimes[lifetimes.length >> 1] : 0;
  const half = Math.max(median, (last - first) / 200, 1e-9);
  return [Math.max(first, t - half), Math.min(last, t + half)];
}

/**
 * Gantt of the given machines inside `window` (seconds; the whole run by default). A machine gets
 * a row only if one of its tasks runs inside the window: its active span is shaded (the uncovered
 * part of it is idle capacity, the waste of §3.4), task bars on top, clipped to the window. The
 * selected machine is outlined.
 */
export function ganttSpec(
  tasks: TimelineTasks,
  r: TimelineResult,
  requested: readonly number[],
  selected: number | null,
  capacity: number,
  window: readonly [number, number] = [-Infinity, Infinity],
): Plot.PlotOptions {
  const [w0, w1] = window;
  const inWindow = ganttBars(tasks, r, requested).filter((b) => b.t1 > w0 && b.t0 < w1);
  const withTasks = new Set(inWindow.map((b) => b.machine));
  const machines = requested.filter((m) => withTasks.has(m));
  const cost = placementCost(tasks, r.machineOf, r.start, capacity);
  let lo = Infinity;
  let hi = 0;
  for (const m of machines) {
    lo = Math.min(lo, Math.max(w0, r.machineOpen[m]));
    hi = Math.max(hi, Math.min(w1, r.machineClose[m]));
  }
  const unit = timeUnit(hi - lo);
  const row = new Map(machines.map((m, k) => [m, k]));
  const spans = machines.map((m) => ({
    machine: m,
    row: row.get(m)!,
    t0: Math.max(w0, r.machineOpen[m]) / unit.div,
    t1: Math.min(w1, r.machineClose[m]) / unit.div,
    waste: cost.wasteSeconds[m] / unit.div,
  }));
  const bars = inWindow.map((b) => ({
    ...b,
    t0: Math.max(w0, b.t0) / unit.div,
    t1: Math.min(w1, b.t1) / unit.div,
    top: row.get(b.machine)! + Math.min(1, b.y0 / capacity) * 0.9,
    bottom: row.get(b.machine)! + Math.min(1, b.y1 / capacity) * 0.9,
  }));
  return {
    height: Math.max(160, 26 * machines.length + 60),
    x: { label: `time (${unit.label})`, domain: [lo / unit.div, hi / unit.div] },
    y: {
      label: 'machine',
      ticks: spans.map((s) => s.row + 0.45),
      tickFormat: (v: number) => String(machines[Math.round(v - 0.45)] ?? ''),
      reverse: true,
    },
    marks: [
      Plot.rect(spans, {
        x1: 't0',
        x2: 't1',
        y1: 'row',
        y2: (d: { row: number }) => d.row + 0.9,
        fill: '#f4a3a3',
        fillOpacity: 0.45,
        stroke: (d: { machine: number }) => (d.machine === selected ? '#000' : 'none'),
        title: (d: { machine: number; waste: number }) =>
          `machine ${d.machine}: waste ${formatFixed(d.waste, 1)} ${unit.label}`,
      }),
      Plot.rect(bars, {
        x1: 't0',
        x2: 't1',
        y1: 'top',
        y2: 'bottom',
        fill: '#4269d0',
        stroke: 'white',
        strokeWidth: 0.5,
        title: (d: GanttBar) => `${d.task} on machine ${d.machine}`,
      }),
      Plot.tip(
        spans,
        Plot.pointer({
          x: 't1',
          y: (d: { row: number }) => d.row + 0.45,
          title: (d: { machine: number; waste: number }) =>
            `machine ${d.machine}\nwaste ${formatFixed(d.waste, 1)} ${unit.label}`,
        }),
      ),
    ],
  };
}

/** The scrubber's snapshot: each active machine's load at t, the capacity as a rule. */
export function clusterAtSpec(at: ClusterAt, capacity: number): Plot.PlotOptions {
  const data = at.machines.map((m) => ({
    machine: String(m.machine),
    load: m.load,
    tasks: m.tasks.length,
  }));
  return {
    height: 220,
    x: { label: 'machine', tickFormat: () => '' },
    y: {
      label: 'load (Σ q)',
      grid: true,
      domain: [0, Math.max(capacity, ...data.map((d) => d.load))],
    },
    marks: [
      Plot.barY(data, { x: 'machine', y: 'load', fill: '#4269d0', tip: true }),
      Plot.ruleY([capacity], { stroke: '#c00', strokeDasharray: '4,3' }),
    ],
  };
}

const RADAR_AXES = [
  ['machine-hours', (r: ReturnType<typeof policyRow>) => r.machine_hours],
  ['peak machines', (r: ReturnType<typeof policyRow>) => r.peak_machines],
  ['machines opened', (r: ReturnType<typeof policyRow>) => r.machines_opened],
  ['mean start delay', (r: ReturnType<typeof policyRow>) => r.start_delay_mean_s],
  ['max start delay', (r: ReturnType<typeof policyRow>) => r.start_delay_max_s],
] as const;

/**
 * Radar of the policies (Fig. 12 shape): each axis is a cost scaled by its largest value over the
 * policies (1 = the worst policy on that axis; the centre would be free).
 */
export function radarSpec(results: readonly TimelineResult[]): Plot.PlotOptions {
  const rows = results.map(policyRow);
  const n = RADAR_AXES.length;
  const angle = (k: number) => (2 * Math.PI * k) / n - Math.PI / 2;
  const max = RADAR_AXES.map(([, f]) => Math.max(1e-12, ...rows.map(f)));
  const points = rows.flatMap((row) =>
    [...RADAR_AXES, RADAR_AXES[0]].map(([axis, f], k) => {
      const v = f(row) / max[k % n];
      return {
        policy: row.policy,
        axis,
        value: v,
        x: v * Math.cos(angle(k)),
        y: v * Math.sin(angle(k)),
      };
    }),
  );
  const spokes = RADAR_AXES.map(([axis], k) => ({
    axis,
    x: Math.cos(angle(k)),
    y: Math.sin(angle(k)),
  }));
  return {
    height: 360,
    aspectRatio: 1,
    inset: 40,
    x: { axis: null, domain: [-1.2, 1.2] },
    y: { axis: null, domain: [-1.2, 1.2] },
    color: { legend: true },
    marks: [
      Plot.link(spokes, { x1: 0, y1: 0, x2: 'x', y2: 'y', stroke: '#ccc' }),
      Plot.text(spokes, {
        x: (d: { x: number }) => d.x * 1.1,
        y: (d: { y: number }) => d.y * 1.1,
        text: 'axis',
        fill: '#555',
      }),
      Plot.line(points, { x: 'x', y: 'y', stroke: 'policy', z: 'policy' }),
      Plot.dot(points, {
        x: 'x',
        y: 'y',
        fill: 'policy',
        r: 2,
        tip: true,
        channels: { axis: 'axis', value: 'value' },
      }),
    ],
  };
}
