/**
 * The Cluster view's plots (SPEC §14): machines drawn with a bar per resource (realized mean use as
 * a share of the machine's capacity, its 99th percentile as a tick) coloured by type; machines by
 * type for each fit test; the k-means elbow; and the provisioning timeline (machines by type per
 * period, energy per period) of CBS-RELAX against the heterogeneity-oblivious baseline.
 */
import * as Plot from '@observablehq/plot';
import type { MachineType } from '../../engine/cluster/index.ts';
import type { MultiMeasure } from '../../engine/cluster/index.ts';
import type { MachineUse } from '../../engine/cluster/index.ts';
import type { ProvisionResult } from '../../engine/cluster/index.ts';
import { formatFixed, formatNumber } from '../format.ts';

export const RESOURCE_LABEL: Readonly<Record<string, string>> = { cpu: 'CPU', mem: 'memory' };

export interface MachineBar {
  readonly machine: number;
  readonly type: string;
  readonly resource: string;
  /** Realized mean and 99th percentile as shares of the machine's capacity in the resource. */
  readonly mean: number;
  readonly p99: number;
  readonly tasks: number;
}

/** One bar per machine and resource, machines in opening order. */
export function machineBars(
  use: MachineUse,
  machineType: Int32Array,
  tasks: readonly ArrayLike<number>[],
  types: readonly MachineType[],
  resources: readonly string[],
): MachineBar[] {
  const out: MachineBar[] = [];
  for (let j = 0; j < machineType.length; j++) {
    const t = types[machineType[j]];
    resources.forEach((r, d) =>
      out.push({
        machine: j + 1,
        type: t.name,
        resource: RESOURCE_LABEL[r] ?? r,
        mean: use.mean[d][j] / t.capacity[d],
        p99: use.p99[d][j] / t.capacity[d],
        tasks: tasks[j].length,
      }),
    );
  }
  return out;
}

export function machineBarsSpec(
  bars: readonly MachineBar[],
  types: readonly MachineType[],
): Plot.PlotOptions {
  const many = new Set(bars.map((b) => b.machine)).size > 40;
  return {
    height: 120 + 110 * new Set(bars.map((b) => b.resource)).size,
    marginLeft: 50,
    marginRight: 70,
    x: { label: 'machine (opening order)', type: 'band', ticks: many ? [] : undefined },
    y: { label: 'use / capacity', domain: [0, Math.max(1.05, ...bars.map((b) => b.p99))] },
    fy: { label: null },
    color: { legend: true, domain: types.map((t) => t.name), label: 'machine type' },
    marks: [
      Plot.barY(bars, { x: 'machine', y: 'mean', fy: 'resource', fill: 'type', inset: 0.5 }),
      Plot.tickY(bars, {
        x: 'machine',
        y: 'p99',
        fy: 'resource',
        stroke: '#222',
        strokeWidth: 1.5,
      }),
      Plot.ruleY([1], { stroke: '#c00', strokeDasharray: '4,3' }),
      Plot.tip(
        bars,
        Plot.pointerX({
          x: 'machine',
          y: 'p99',
          fy: 'resource',
          title: (b: MachineBar) =>
            `machine ${b.machine} (${b.type}), ${b.tasks} tasks\n${b.resource}: mean ${formatFixed(100 * b.mean, 1)} %, 99th pct ${formatFixed(100 * b.p99, 1)} % of capacity`,
        }),
      ),
    ],
  };
}

type FitRow = {
  readonly fit: string;
  readonly machines: number;
  readonly byType: string;
  readonly qCpu: number;
  readonly qMem: number | null;
  readonly qAny: number;
  readonly meanPowerW: number;
  readonly strandedCpu: number;
  readonly strandedMem: number | null;
};

/** The comparison table: one row per fit test on the same tasks and realizations. */
export function fitRows(
  labels: readonly string[],
  measures: readonly MultiMeasure[],
  types: readonly MachineType[],
): FitRow[] {
  return measures.map((m, k) => ({
    fit: labels[k],
    machines: m.machines,
    byType: m.machinesByType
      .map((c, t) => (c ? `${c} ${types[t].name}` : ''))
      .filter(Boolean)
      .join(', '),
    qCpu: m.qByResource[0],
    qMem: m.qByResource.length > 1 ? m.qByResource[1] : null,
    qAny: m.qAny,
    meanPowerW: m.meanPower,
    strandedCpu: m.stranded[0],
    strandedMem: m.stranded.length > 1 ? m.stranded[1] : null,
  }));
}

/**
 * Machines by type per fit test (stacked bars), each row titled above its bar with the fit test,
 * its machines and the measured q of any resource (no side margins: it fits a phone's width).
 */
export function fitMachinesSpec(
  labels: readonly string[],
  measures: readonly MultiMeasure[],
  types: readonly MachineType[],
): Plot.PlotOptions {
  const data = measures.flatMap((m, k) =>
    m.machinesByType.map((count, t) => ({ fit: labels[k], type: types[t].name, count })),
  );
  const totals = measures.map((m, k) => ({
    fit: labels[k],
    text: `${labels[k]}: ${m.machines} machines, q(any) = ${fmtQ(m.qAny)}`,
  }));
  // Each row's band is 44 px: the title in its top 16 px, the bar below it.
  return {
    height: 40 + 44 * labels.length,
    marginTop: 10,
    marginBottom: 30,
    marginLeft: 10,
    marginRight: 20,
    x: { label: 'machines', grid: true },
    y: { label: null, domain: [...labels], axis: null, padding: 0 },
    color: { legend: true, domain: types.map((t) => t.name), label: 'machine type' },
    marks: [
      Plot.barX(data, { y: 'fit', x: 'count', fill: 'type', insetTop: 18, insetBottom: 4 }),
      Plot.text(totals, {
        y: 'fit',
        text: 'text',
        frameAnchor: 'left',
        textAnchor: 'start',
        dy: -13,
      }),
    ],
  };
}

export function fmtQ(q: number): string {
  return q === 0 ? '0' : q < 1e-3 ? formatNumber(q, 2) : formatFixed(q, 4);
}

/** Within-class SSE against k, the chosen k ringed. */
export function elbowSpec(sse: readonly number[], k: number): Plot.PlotOptions {
  const data = sse.map((v, i) => ({ k: i + 1, sse: v }));
  return {
    height: 220,
    x: { label: 'classes k', ticks: data.map((d) => d.k) },
    y: { label: 'within-class sum of squares', grid: true, zero: true },
    marks: [
      Plot.line(data, { x: 'k', y: 'sse' }),
      Plot.dot(data, { x: 'k', y: 'sse', fill: 'currentColor', r: 2.5 }),
      Plot.dot(
        data.filter((d) => d.k === k),
        { x: 'k', y: 'sse', r: 7, stroke: '#c00', strokeWidth: 2 },
      ),
    ],
  };
}

interface PeriodDatum {
  readonly period: number;
  readonly policy: string;
  readonly type: string;
  readonly machines: number;
}

const POLICY_RELAX = 'CBS-RELAX';
const POLICY_BASELINE = 'baseline';

/** Machines by type per period, one row of bars per policy. */
export function provisionMachinesSpec(
  r: ProvisionResult,
  types: readonly MachineType[],
): Plot.PlotOptions {
  const data: PeriodDatum[] = [];
  const add = (policy: string, outcomes: ProvisionResult['relax']) =>
    outcomes.forEach((o, t) =>
      o.machines.forEach((machines, m) =>
        data.push({ period: t + 1, policy, type: types[m].name, machines }),
      ),
    );
  add(POLICY_RELAX, r.relax);
  add(POLICY_BASELINE, r.baseline);
  return {
    height: 320,
    marginLeft: 50,
    marginRight: 80,
    x: { label: 'period', type: 'band' },
    y: { label: 'active machines', grid: true },
    fy: { label: null, domain: [POLICY_RELAX, POLICY_BASELINE] },
    color: { legend: true, domain: types.map((t) => t.name), label: 'machine type' },
    marks: [Plot.barY(data, { x: 'period', y: 'machines', fill: 'type', fy: 'policy' })],
  };
}

type EnergyDatum = {
  readonly period: number;
  readonly policy: string;
  readonly energy: number;
  readonly switching: number;
};

export function energyData(r: ProvisionResult): EnergyDatum[] {
  const rows = (policy: string, outcomes: ProvisionResult['relax']) =>
    outcomes.map((o, t) => ({ period: t + 1, policy, energy: o.energy, switching: o.switching }));
  return [...rows(POLICY_RELAX, r.relax), ...rows(POLICY_BASELINE, r.baseline)];
}

/** Energy per period (W over the period) per policy; switching cost dashed. */
export function provisionEnergySpec(r: ProvisionResult): Plot.PlotOptions {
  const data = energyData(r);
  return {
    height: 240,
    marginLeft: 60,
    x: { label: 'period', ticks: r.relax.map((_, t) => t + 1) },
    y: { label: 'energy per period (W) — switching dashed', grid: true, zero: true },
    color: { legend: true, domain: [POLICY_RELAX, POLICY_BASELINE] },
    marks: [
      Plot.line(data, { x: 'period', y: 'energy', stroke: 'policy', marker: 'dot' }),
      Plot.line(data, { x: 'period', y: 'switching', stroke: 'policy', strokeDasharray: '4,3' }),
    ],
  };
}

/** Totals over the periods per policy. */
export function provisionTotals(r: ProvisionResult) {
  const sum = (
    outs: ProvisionResult['relax'],
    f: (o: ProvisionResult['relax'][number]) => number,
  ) => outs.reduce((s, o) => s + f(o), 0);
  return [POLICY_RELAX, POLICY_BASELINE].map((policy, k) => {
    const outs = k === 0 ? r.relax : r.baseline;
    return {
      policy,
      energy: sum(outs, (o) => o.energy),
      switching: sum(outs, (o) => o.switching),
      machinePeriods: sum(outs, (o) => o.machines.reduce((a, b) => a + b, 0)),
      unplaced: sum(outs, (o) => o.unplaced),
    };
  });
}
