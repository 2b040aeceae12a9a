/** Lesson 7's figure: Fig. 1's three schedules side by side, as far as the arrivals have gone. */
import * as Plot from '@observablehq/plot';
import type { Figure1Step } from '../../engine/learn/index.ts';
import type { TimelineTasks } from '../../engine/timeline/index.ts';
import { ganttBars } from '../timeline/gantt.ts';
import { formatCount } from '../format.ts';

interface Bar {
  readonly mode: string;
  readonly machine: string;
  readonly task: string;
  readonly t0: number;
  readonly t1: number;
  readonly y0: number;
  readonly y1: number;
}

interface Span {
  readonly mode: string;
  readonly machine: string;
  readonly t0: number;
  readonly t1: number;
  readonly y0: number;
  readonly y1: number;
}

function scheduleOf(tasks: TimelineTasks, s: Figure1Step): { bars: Bar[]; spans: Span[] } {
  const r = s.result;
  const machines = [...new Set(Array.from(r.machineOf.slice(0, s.placed)))].sort((a, b) => a - b);
  const placed = new Set(tasks.ids.slice(0, s.placed));
  const bars = ganttBars(tasks, r, machines)
    .filter((b) => placed.has(b.task))
    .map((b) => ({
      mode: s.mode,
      machine: `M${b.machine + 1}`,
      task: b.task,
      t0: b.t0,
      t1: b.t1,
      y0: b.machine + b.y0 * 0.9,
      y1: b.machine + b.y1 * 0.9,
    }));
  const spans = machines.map((m) => {
    const mine = bars.filter((b) => b.machine === `M${m + 1}`);
    return {
      mode: s.mode,
      machine: `M${m + 1}`,
      t0: Math.min(...mine.map((b) => b.t0)),
      t1: Math.max(...mine.map((b) => b.t1)),
      y0: m,
      y1: m + 0.9,
    };
  });
  return { bars, spans };
}

/** One panel per scheduler, one row per machine; each placed task a bar from start to end (s). */
export function figure1Spec(tasks: TimelineTasks, steps: readonly Figure1Step[]): Plot.PlotOptions {
  const parts = steps.map((s) => scheduleOf(tasks, s));
  const bars = parts.flatMap((p) => p.bars);
  const spans = parts.flatMap((p) => p.spans);
  const rows = Math.max(1, ...steps.map((s) => s.result.machineOpen.length));
  return {
    height: 120 + 40 * rows * steps.length,
    marginLeft: 40,
    marginRight: 90,
    x: { label: 'time (s)', domain: [0, 6300], grid: true },
    y: {
      label: null,
      domain: [rows, 0],
      ticks: Array.from({ length: rows }, (_, m) => m + 0.45),
      tickFormat: (v: number) => `M${Math.round(v - 0.45) + 1}`,
    },
    fy: { label: null, domain: steps.map((s) => s.mode) },
    marks: [
      Plot.frame({ stroke: '#ddd' }),
      Plot.rect(spans, {
        fy: 'mode',
        x1: 't0',
        x2: 't1',
        y1: 'y0',
        y2: 'y1',
        fill: '#f4a3a3',
        fillOpacity: 0.4,
      }),
      Plot.rect(bars, {
        fy: 'mode',
        x1: 't0',
        x2: 't1',
        y1: 'y0',
        y2: 'y1',
        fill: '#4269d0',
        stroke: 'white',
        title: (d: Bar) => `${d.task} on ${d.machine}: ${formatCount(d.t0)}–${formatCount(d.t1)} s`,
      }),
      Plot.text(bars, {
        fy: 'mode',
        x: (d: Bar) => (d.t0 + d.t1) / 2,
        y: (d: Bar) => (d.y0 + d.y1) / 2,
        text: 'task',
        fill: 'white',
        fontSize: 10,
      }),
    ],
  };
}
