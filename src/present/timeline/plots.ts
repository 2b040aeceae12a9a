/** Plot specs of the Timeline view (the semi-online paper's Figs. 7, 8, 10, 12 shapes). */
import * as Plot from '@observablehq/plot';
import type { TimelineResult, TimelineSummary } from '../../engine/timeline/index.ts';

/** Hours for long schedules, minutes for short ones (the worked examples). */
export function timeUnit(spanSeconds: number): { readonly div: number; readonly label: string } {
  return spanSeconds > 3 * 3600 ? { div: 3600, label: 'hours' } : { div: 60, label: 'minutes' };
}

/** At most `max` points of a step series (every k-th change point; the last is kept). */
function thinSteps(time: Float64Array, value: Float64Array, max: number) {
  const k = Math.max(1, Math.ceil(time.length / max));
  const out: { t: number; v: number }[] = [];
  for (let i = 0; i < time.length; i += k) out.push({ t: time[i], v: value[i] });
  if (time.length && (time.length - 1) % k !== 0)
    out.push({ t: time[time.length - 1], v: value[time.length - 1] });
  return out;
}

function spanOf(results: readonly TimelineResult[]): number {
  let hi = 0;
  for (const r of results) for (const c of r.machineClose) hi = Math.max(hi, c);
  return hi;
}

/** Active machines over time, one step line per policy (Fig. 8). */
export function activeSpec(results: readonly TimelineResult[], selected: string): Plot.PlotOptions {
  const unit = timeUnit(spanOf(results));
  const data = results.flatMap((r) =>
    thinSteps(r.active.time, r.active.value, 1500).map((p) => ({
      policy: r.params.policy.toUpperCase(),
      t: p.t / unit.div,
      machines: p.v,
    })),
  );
  return {
    height: 280,
    x: { label: `time (${unit.label})` },
    y: { label: 'active machines', grid: true },
    color: { legend: true },
    marks: [
      Plot.line(data, {
        x: 't',
        y: 'machines',
        stroke: 'policy',
        curve: 'step-after',
        strokeWidth: (d: { policy: string }) => (d.policy === selected.toUpperCase() ? 2.5 : 1),
        tip: true,
      }),
    ],
  };
}

/** Cumulative machine-hours over time, one line per policy (Fig. 7). */
export function cumulativeSpec(results: readonly TimelineResult[]): Plot.PlotOptions {
  const unit = timeUnit(spanOf(results));
  const data = results.flatMap((r) =>
    thinSteps(r.cumulative.time, r.cumulative.value, 1500).map((p) => ({
      policy: r.params.policy.toUpperCase(),
      t: p.t / unit.div,
      hours: p.v / 3600,
    })),
  );
  return {
    height: 280,
    x: { label: `time (${unit.label})` },
    y: { label: 'cumulative machine-hours', grid: true },
    color: { legend: true },
    marks: [Plot.line(data, { x: 't', y: 'hours', stroke: 'policy', tip: true })],
  };
}

/** Start delays t̄_a − t_a (s): how long tasks waited for their window's decision. */
export function startDelaySpec(arrival: Float64Array, r: TimelineResult): Plot.PlotOptions {
  const delays = Array.from(r.start, (s, i) => s - arrival[i]);
  return {
    height: 220,
    x: { label: 'start delay (s)' },
    y: { label: 'tasks', grid: true },
    marks: [
      Plot.rectY(delays, {
        ...Plot.binX({ y: 'count' }, { x: (d: number) => d }),
        fill: '#4269d0',
      }),
    ],
  };
}

/** Overflowing machine-steps as a machine × time heat map (usage series only). */
export function overflowSpec(r: TimelineResult): Plot.PlotOptions | null {
  const o = r.overflow;
  if (!o || o.machine.length === 0) return null;
  const unit = timeUnit(spanOf([r]));
  const data = Array.from(o.machine, (m, k) => ({
    machine: m,
    t: (o.stepIndex[k] * o.step) / unit.div,
  }));
  return {
    height: 260,
    x: { label: `time (${unit.label})` },
    y: { label: 'machine', grid: false },
    color: { scheme: 'reds', legend: true, label: 'overflowing steps' },
    marks: [Plot.rect(data, Plot.bin({ fill: 'count' }, { x: 't', y: 'machine', thresholds: 60 }))],
  };
}

interface CurvePoint {
  readonly policy: string;
  readonly x: number;
  readonly hours: number;
}

function curveSpec(points: CurvePoint[], xLabel: string, marked: number): Plot.PlotOptions {
  return {
    height: 260,
    x: { label: xLabel },
    y: { label: 'machine-hours', grid: true },
    color: { legend: true },
    marks: [
      Plot.ruleX([marked], { stroke: '#999', strokeDasharray: '3,3' }),
      Plot.line(points, { x: 'x', y: 'hours', stroke: 'policy', marker: 'circle', tip: true }),
    ],
  };
}

/** Machine-time vs the window tw, one line per policy (Table 4 / Fig. 9 shape). */
export function windowCurveSpec(
  runs: readonly TimelineSummary[],
  window: number,
): Plot.PlotOptions {
  const points = runs.map((s) => ({
    policy: s.params.policy.toUpperCase(),
    x: s.params.window,
    hours: s.machineSeconds / 3600,
  }));
  return curveSpec(points, 'window tw (s)', window);
}

/** Machine-time vs duration-estimate error x, one line per policy (Table 5 / Fig. 10 shape). */
export function errorCurveSpec(runs: readonly TimelineSummary[], error: number): Plot.PlotOptions {
  const points = runs.map((s) => ({
    policy: s.params.policy.toUpperCase(),
    x: 100 * s.params.durationError,
    hours: s.machineSeconds / 3600,
  }));
  return curveSpec(points, 'duration error x (%)', 100 * error);
}
