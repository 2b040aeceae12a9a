/**
 * The Resize view's plots (SPEC §13): active machines, migrations and hot spots per step of one
 * run, the Pareto plot of machine-hours vs migrations vs hot-spot frequency across policies and
 * parameters, and the totals as a table beside the VISBP paper's published numbers.
 */
import * as Plot from '@observablehq/plot';
import type { ResizeConfig, ResizeSeries, ResizeTotals } from '../../engine/index.ts';
import { formatFixed, formatNumber } from '../format.ts';

type StepDatum = {
  readonly step: number;
  readonly hour: number;
  readonly active: number;
  readonly migrations: number;
  readonly movements: number;
  readonly hot: number;
  readonly vms: number;
};

export function stepData(series: ResizeSeries, stepHours: number): StepDatum[] {
  return Array.from(series.activeMachines, (active, k) => ({
    step: k,
    hour: k * stepHours,
    active,
    migrations: series.migrations[k],
    movements: series.movements[k],
    hot: series.hotSpots[k],
    vms: series.vmsPresent[k],
  }));
}

const HOURS = { label: 'time (hours) →', grid: true } as const;

/**
 * One series over time as a line (or a bar-like rule for sparse counts). A series that is zero at
 * every step is drawn as a line along zero on a 0 … 1 axis, labelled as such: Plot would otherwise
 * stretch the empty domain [0, 0] over the whole height and fill it with rules.
 */
function overTime(
  data: readonly StepDatum[],
  y: keyof StepDatum,
  label: string,
  color: string,
  spikes: boolean,
): Plot.PlotOptions {
  const allZero = data.every((d) => d[y] === 0);
  const series = allZero
    ? Plot.lineY(data, {
        x: 'hour',
        y: y,
        stroke: color,
        strokeWidth: 2,
        ariaDescription: 'all zero',
      })
    : spikes
      ? Plot.ruleX(data, { x: 'hour', y: y, stroke: color })
      : Plot.lineY(data, { x: 'hour', y: y, stroke: color });
  return {
    height: 200,
    marginLeft: 50,
    x: HOURS,
    y: { label, grid: true, zero: true, ...(allZero ? { domain: [0, 1] } : {}) },
    marks: [
      series,
      Plot.ruleY([0]),
      ...(allZero
        ? [Plot.text(['0 at every step'], { frameAnchor: 'top-right', dy: 4, fill: color })]
        : []),
      Plot.tip(data, Plot.pointerX({ x: 'hour', y: y, title: (d: StepDatum) => tipOf(d) })),
    ],
  };
}

function tipOf(d: StepDatum): string {
  return [
    `step ${d.step} (${formatFixed(d.hour, 2)} h)`,
    `active machines ${d.active}`,
    `VMs present ${d.vms}`,
    `migrations ${d.migrations} (movements ${d.movements})`,
    `hot spots ${d.hot}`,
  ].join('\n');
}

export const activeSpec = (d: readonly StepDatum[]) =>
  overTime(d, 'active', '↑ active machines', 'steelblue', false);
export const migrationsSpec = (d: readonly StepDatum[]) =>
  overTime(d, 'migrations', '↑ migrated VMs per step', '#c0392b', true);
export const hotSpotsSpec = (d: readonly StepDatum[]) =>
  overTime(d, 'hot', '↑ hot spots (actual usage)', '#e67e22', true);

interface ParetoInput {
  readonly policy: string;
  readonly label: string;
  readonly totals: ResizeTotals;
}

interface ParetoDatum {
  readonly policy: string;
  readonly label: string;
  readonly machineHours: number;
  readonly migrationsPerItemStep: number;
  /** Plotted on a log axis: zero is drawn at half the smallest positive value, and flagged. */
  readonly yPlot: number;
  readonly zero: boolean;
  readonly hotSpotFrequency: number;
  /** No other configuration is at least as good on all three and better on one. */
  readonly pareto: boolean;
  readonly current: boolean;
}

function dominates(a: ResizeTotals, b: ResizeTotals): boolean {
  const ka = [a.machine_hours, a.migrations_per_item_step, a.hot_spot_frequency];
  const kb = [b.machine_hours, b.migrations_per_item_step, b.hot_spot_frequency];
  return ka.every((v, i) => v <= kb[i]) && ka.some((v, i) => v < kb[i]);
}

/** The sweep's points; `isCurrent` marks the view's own configuration. */
export function paretoData<R extends ParetoInput>(
  rows: readonly R[],
  isCurrent: (r: R) => boolean = () => false,
): ParetoDatum[] {
  const positive = rows.map((r) => r.totals.migrations_per_item_step).filter((v) => v > 0);
  const floor = positive.length ? Math.min(...positive) / 2 : 1e-6;
  return rows.map((r) => {
    const m = r.totals.migrations_per_item_step;
    return {
      policy: r.policy,
      label: r.label,
      machineHours: r.totals.machine_hours,
      migrationsPerItemStep: m,
      yPlot: m > 0 ? m : floor,
      zero: m === 0,
      hotSpotFrequency: r.totals.hot_spot_frequency,
      pareto: !rows.some((o) => o !== r && dominates(o.totals, r.totals)),
      current: isCurrent(r),
    };
  });
}

export function paretoSpec(data: readonly ParetoDatum[]): Plot.PlotOptions {
  const title = (d: ParetoDatum) =>
    [
      `${d.policy}: ${d.label}`,
      `machine-hours ${formatFixed(d.machineHours, 1)}`,
      `migrations per VM-step ${d.zero ? '0 (drawn at the bottom)' : formatNumber(d.migrationsPerItemStep, 3)}`,
      `hot-spot frequency ${formatNumber(d.hotSpotFrequency, 3)}`,
      d.pareto ? 'Pareto-optimal' : 'dominated',
    ].join('\n');
  return {
    height: 380,
    marginLeft: 64,
    x: { label: 'machine-hours →', grid: true, inset: 20 },
    y: { type: 'log', label: '↑ migrations per VM per step (log)', grid: true, inset: 10 },
    color: { legend: true, label: 'policy' },
    r: { range: [3, 14], label: 'hot-spot frequency' },
    symbol: { legend: false },
    marks: [
      Plot.dot(
        data.filter((d) => d.pareto),
        { x: 'machineHours', y: 'yPlot', r: 16, stroke: '#222', strokeOpacity: 0.25 },
      ),
      Plot.dot(data, {
        x: 'machineHours',
        y: 'yPlot',
        fill: 'policy',
        r: 'hotSpotFrequency',
        fillOpacity: 0.75,
        stroke: (d: ParetoDatum) => (d.current ? 'black' : 'white'),
        strokeWidth: (d: ParetoDatum) => (d.current ? 2.5 : 0.5),
      }),
      Plot.tip(data, Plot.pointer({ x: 'machineHours', y: 'yPlot', title })),
    ],
  };
}

/** The VISBP paper's published figures (Song et al. 2014, §5) beside ours. */
export const PAPER_RESIZE_NUMBERS = {
  visbpMigrationsPerItemStep: 8e-4,
  repackMigrationsPerItemStep: 1 / 3,
  visbpHotSpotFrequency: 1.75e-5,
} as const;

/** The totals as label / value rows (CSV and the view's table). */
export function totalsRows(t: ResizeTotals): { quantity: string; value: number }[] {
  return [
    ['machine-hours', t.machine_hours],
    ['mean active machines', t.mean_active],
    ['peak active machines', t.peak_active],
    ['movements (items or groups)', t.movements],
    ['migrations (VMs moved)', t.migrations],
    ['migrations per VM per step', t.migrations_per_item_step],
    ['hot-spot machine-steps (actual usage)', t.hot_spot_steps],
    ['active machine-steps', t.active_steps],
    ['hot-spot frequency', t.hot_spot_frequency],
    ['cold-spot machine-steps', t.cold_spot_steps],
    ['mean Gini of machine loads', t.mean_gini],
    ['pooling loss per machine (μ + zσ bridge)', t.pooling_loss_per_machine],
    ['non-bottleneck waste per machine (CPU + memory)', t.non_bottleneck_waste],
    ['VM-steps', t.item_steps],
  ].map(([quantity, value]) => ({ quantity: quantity as string, value: value as number }));
}

/** The sweep as a flat table for CSV. */
export function sweepRows(rows: readonly ParetoInput[]): Record<string, string | number>[] {
  return rows.map((r) => ({ policy: r.policy, parameters: r.label, ...r.totals }));
}

interface AlphaDatum {
  readonly upAlpha: number;
  readonly downAlpha: string;
  readonly migrationsPerItemStep: number;
  readonly hotSpotFrequency: number;
}

/** VISBP's FUSD rows of a sweep: the α sweep's shape (the VISBP paper's Fig. 7/8 analogue). */
export function alphaData(
  rows: readonly (ParetoInput & { readonly config: ResizeConfig })[],
): AlphaDatum[] {
  return rows.flatMap((r) => {
    const p = r.config.predictor;
    if (r.config.policy.kind !== 'visbp' || p.kind !== 'fusd') return [];
    return [
      {
        upAlpha: p.upAlpha,
        downAlpha: `↓α = ${p.downAlpha}`,
        migrationsPerItemStep: r.totals.migrations_per_item_step,
        hotSpotFrequency: r.totals.hot_spot_frequency,
      },
    ];
  });
}

function alphaSpec(
  data: readonly AlphaDatum[],
  y: keyof AlphaDatum,
  label: string,
): Plot.PlotOptions {
  return {
    height: 240,
    marginLeft: 64,
    x: { label: 'FUSD ↑α →', grid: true },
    y: { label, grid: true, zero: true },
    color: { legend: true, label: 'FUSD ↓α' },
    marks: [
      Plot.line(data, { x: 'upAlpha', y, stroke: 'downAlpha', sort: 'upAlpha' }),
      Plot.dot(data, { x: 'upAlpha', y, fill: 'downAlpha', r: 3 }),
      Plot.ruleY([0]),
      Plot.tip(
        data,
        Plot.pointer({
          x: 'upAlpha',
          y,
          title: (d: AlphaDatum) =>
            `↑α = ${d.upAlpha}, ${d.downAlpha}\nmigrations per VM-step ${formatNumber(d.migrationsPerItemStep, 3)}\nhot-spot frequency ${formatNumber(d.hotSpotFrequency, 3)}`,
        }),
      ),
    ],
  };
}

export const alphaMigrationsSpec = (d: readonly AlphaDatum[]) =>
  alphaSpec(d, 'migrationsPerItemStep', '↑ migrations per VM per step');
export const alphaHotSpotsSpec = (d: readonly AlphaDatum[]) =>
  alphaSpec(d, 'hotSpotFrequency', '↑ hot-spot frequency');
