/** The m-vs-q trade-off (the paper's Fig. 8) and GPA's requested ρ vs measured q (Fig. 9). */
import * as Plot from '@observablehq/plot';
import { FLOOR_LABEL_MARGIN, resolutionFloorMarks } from '../marks.ts';
import { fitFamily, formatFit, type FitSpec, type SweepRow } from '../../engine/index.ts';
import { LOG_PROBABILITY } from '../probability.ts';
import { formatFixed, formatNumber } from '../format.ts';
import { capacityText, machineNoun, nodesText } from '../cores.ts';

export interface TradeoffPoint {
  readonly fit: string;
  readonly family: string;
  readonly parameter: number;
  readonly m: number;
  /** Mean m_abs over instances (machines opened; nodes where the data came in cores). */
  readonly mAbs: number;
  readonly q: number;
  /** q plotted on a log axis: q = 0 is drawn at half the resolution floor and flagged. */
  readonly qPlot: number;
  readonly belowFloor: boolean;
  readonly instances: number;
  readonly current: boolean;
}

/** Means over instances per fit test; q = 0 (below 1/|E|) is flagged and drawn at the floor/2. */
export function tradeoffPoints(
  rows: readonly SweepRow[],
  evaluated: number,
  current: FitSpec,
): TradeoffPoint[] {
  const groups = new Map<string, SweepRow[]>();
  for (const r of rows) {
    const key = formatFit(r.params.fit);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const floor = 1 / evaluated;
  const currentKey = formatFit(current);
  return [...groups.entries()].map(([fit, rs]) => {
    const m = rs.reduce((s, r) => s + r.m, 0) / rs.length;
    const mAbs = rs.reduce((s, r) => s + r.mAbs, 0) / rs.length;
    const q = rs.reduce((s, r) => s + r.q, 0) / rs.length;
    const { family, parameter } = fitFamily(rs[0].params.fit);
    return {
      fit,
      family,
      parameter,
      m,
      mAbs,
      q,
      qPlot: q > 0 ? q : floor / 2,
      belowFloor: q === 0,
      instances: rs.length,
      current: fit === currentKey,
    };
  });
}

/** One side of an A/B comparison: its packing's m and q, marked on the trade-off plot. */
export interface SidePoint {
  readonly label: string;
  readonly m: number;
  readonly q: number;
}

/** The capacity c and the data's cores per machine (null: not in cores), to say machines as nodes. */
interface TradeoffUnits {
  readonly capacity: number;
  readonly coresPerMachine: number | null;
}

export function tradeoffSpec(
  points: readonly TradeoffPoint[],
  evaluated: number,
  width = 720,
  sides: readonly SidePoint[] = [],
  units: TradeoffUnits = { capacity: 1, coresPerMachine: null },
): Plot.PlotOptions {
  const cores = units.coresPerMachine;
  const bins = machineNoun(cores);
  const nodes = (mAbs: number) => nodesText(mAbs, units.capacity, cores);
  const floor = 1 / evaluated;
  const marked = sides.map((d) => ({ ...d, qPlot: d.q > 0 ? d.q : floor / 2 }));
  const sorted = [...points].sort(
    (a, b) => a.family.localeCompare(b.family) || a.parameter - b.parameter,
  );
  return {
    width,
    height: 380,
    marginLeft: 60,
    marginRight: FLOOR_LABEL_MARGIN,
    // Room at the right for the parameter labels written beside the rightmost points.
    x: {
      label: `${bins} used m = m_abs / m_norm${cores === null ? '' : ` (${capacityText(units.capacity, cores)})`} →`,
      grid: true,
      insetRight: 24,
    },
    y: { ...LOG_PROBABILITY, label: '↑ overflow frequency q (log)', grid: true },
    color: { legend: true, label: 'fit test family' },
    symbol: { domain: [false, true], range: ['circle', 'triangle'] },
    marks: [
      ...resolutionFloorMarks(floor, '1/|E|: a measured q below this line reads 0'),
      Plot.line(sorted, { x: 'm', y: 'qPlot', stroke: 'family', z: 'family', strokeOpacity: 0.6 }),
      Plot.dot(sorted, {
        x: 'm',
        y: 'qPlot',
        stroke: 'family',
        fill: 'family',
        symbol: 'belowFloor',
        r: 4,
      }),
      Plot.text(sorted, {
        x: 'm',
        y: 'qPlot',
        text: (d: TradeoffPoint) => String(d.parameter),
        dx: 7,
        textAnchor: 'start',
        fontSize: 9,
        fill: '#555',
      }),
      Plot.dot(
        sorted.filter((p) => p.current),
        {
          x: 'm',
          y: 'qPlot',
          r: 10,
          stroke: '#000',
          strokeWidth: 2.5,
          fill: 'none',
          ariaLabel: (d: TradeoffPoint) => `current: ${d.fit}`,
        },
      ),
      Plot.dot(marked, {
        x: 'm',
        y: 'qPlot',
        r: 6,
        symbol: () => 'diamond',
        fill: '#111',
        stroke: '#fff',
        ariaLabel: (d: SidePoint) => `${d.label}: m ${formatFixed(d.m, 3)}, q ${d.q}`,
      }),
      Plot.text(marked, {
        x: 'm',
        y: 'qPlot',
        text: 'label',
        dy: -12,
        fontWeight: 700,
        fontSize: 12,
        fill: '#111',
      }),
      Plot.tip(
        sorted,
        Plot.pointer({
          x: 'm',
          y: 'qPlot',
          title: (d: TradeoffPoint) =>
            `${d.fit}\nm = ${formatFixed(d.m, 3)}\nm_abs = ${cores === null ? `${formatFixed(d.mAbs, 1)} machines` : nodes(d.mAbs)}\nq = ${d.belowFloor ? `0 (below 1/|E| = ${formatNumber(floor, 2)})` : formatNumber(d.q, 3)}\nmean of ${d.instances} instance${d.instances > 1 ? 's' : ''}\nclick to open in Pack`,
        }),
      ),
    ],
  };
}

export function rhoVsQSpec(
  points: readonly TradeoffPoint[],
  evaluated: number,
  width = 480,
): Plot.PlotOptions {
  const gpa = points.filter((p) => p.family === 'GPA ρ').sort((a, b) => a.parameter - b.parameter);
  const floor = 1 / evaluated;
  const lo = Math.min(floor / 2, ...gpa.map((p) => Math.min(p.parameter, p.qPlot))) / 1.5;
  const hi = Math.max(...gpa.map((p) => Math.max(p.parameter, p.qPlot)), 0.1) * 1.5;
  return {
    width,
    height: 380,
    marginLeft: 60,
    x: { ...LOG_PROBABILITY, label: 'requested ρ (log) →', domain: [lo, hi], grid: true },
    y: { ...LOG_PROBABILITY, label: '↑ measured q (log)', domain: [lo, hi], grid: true },
    marks: [
      Plot.line(
        [
          { x: lo, y: lo },
          { x: hi, y: hi },
        ],
        { x: 'x', y: 'y', stroke: '#999', strokeDasharray: '4,3' },
      ),
      Plot.text([{ x: hi / 1.6, y: hi / 1.6 }], {
        x: 'x',
        y: 'y',
        text: () => 'q = ρ',
        dy: -8,
        fill: '#777',
      }),
      Plot.line(gpa, { x: 'parameter', y: 'qPlot', stroke: '#1f77b4' }),
      Plot.dot(gpa, {
        x: 'parameter',
        y: 'qPlot',
        fill: '#1f77b4',
        r: 4,
        tip: true,
        title: (d: TradeoffPoint) =>
          `ρ = ${d.parameter}\nq = ${d.belowFloor ? '0 (below 1/|E|)' : formatNumber(d.q, 3)}\nrelative error ${d.belowFloor ? '—' : formatFixed(((d.q - d.parameter) / d.parameter) * 100, 0) + ' %'}`,
      }),
      Plot.dot(
        gpa.filter((p) => p.current),
        { x: 'parameter', y: 'qPlot', r: 10, stroke: '#000', strokeWidth: 2.5, fill: 'none' },
      ),
    ],
  };
}
