/**
 * The auto-tuner's result as a plot: each tuned family, and untuned GPA, at its machines
 * and held-out q with the band over instances, against the target q* and the 1/|E| floor.
 */
import * as Plot from '@observablehq/plot';
import type { TuneRow, TuneTable } from '../../engine/index.ts';
import { halfOfSmallest } from './calibrationPlots.ts';
import { LOG_PROBABILITY } from '../probability.ts';
import { formatFixed, formatNumber } from '../format.ts';

export interface TunerDatum {
  readonly rank: number;
  readonly name: string;
  readonly fit: string;
  readonly machines: number;
  readonly q: number;
  readonly qShown: number;
  readonly zero: boolean;
  readonly low: number;
  readonly high: number;
  readonly outcome: 'met' | 'missed' | 'untuned';
  readonly best: boolean;
}

const OUTCOMES = ['met', 'missed', 'untuned'] as const;

export function tunerData(table: TuneTable): TunerDatum[] {
  const half = halfOfSmallest(
    table.floor,
    table.rows.flatMap((r) => [r.q, r.qBand.low]),
  );
  return table.rows.map((r: TuneRow) => ({
    rank: r.rank,
    name: r.tuned ? r.label : `${r.label} (untuned)`,
    fit: r.fitText,
    machines: r.machines,
    q: r.q,
    qShown: r.q > 0 ? r.q : half,
    zero: r.q === 0,
    low: Math.max(r.qBand.low, half),
    high: Math.max(r.qBand.high, half),
    outcome: r.tuned ? (r.met ? 'met' : 'missed') : 'untuned',
    best: table.best !== null && r.rank === table.best.rank,
  }));
}

export function tunerSpec(table: TuneTable, width = 640): Plot.PlotOptions {
  const data = tunerData(table);
  const fmt = (q: number) => (q === 0 ? '0 (no overflow held out)' : formatNumber(q, 3));
  return {
    width,
    height: 340,
    marginLeft: 60,
    marginRight: 20,
    x: { label: 'machines used (mean m_abs over instances) →', grid: true, inset: 30 },
    y: {
      ...LOG_PROBABILITY,
      label: '↑ held-out overflow frequency q (log)',
      grid: true,
      inset: 10,
    },
    color: {
      domain: [...OUTCOMES],
      range: ['#1a9850', '#d73027', '#555'],
      legend: true,
      label: 'result',
    },
    symbol: { domain: [...OUTCOMES], range: ['circle', 'times', 'diamond'] },
    marks: [
      Plot.ruleY([table.floor], { stroke: '#999', strokeDasharray: '2,3' }),
      Plot.ruleY([table.target], { stroke: '#b2182b', strokeWidth: 1.5 }),
      Plot.text([table.target], {
        y: (d: number) => d,
        frameAnchor: 'right',
        dx: -4,
        dy: -7,
        text: () => `target q* = ${table.target}`,
        fill: '#b2182b',
      }),
      Plot.ruleX(data, {
        x: 'machines',
        y1: 'low',
        y2: 'high',
        stroke: 'outcome',
        strokeOpacity: 0.6,
      }),
      Plot.dot(data, { x: 'machines', y: 'qShown', stroke: 'outcome', symbol: 'outcome', r: 5 }),
      Plot.dot(
        data.filter((d) => d.best),
        { x: 'machines', y: 'qShown', r: 11, stroke: '#000', strokeWidth: 2.5, fill: 'none' },
      ),
      // Names only for the winner and untuned GPA: tuned rows often share a machine count.
      Plot.text(
        data.filter((d) => d.best || d.outcome === 'untuned'),
        {
          x: 'machines',
          y: 'qShown',
          text: 'name',
          dx: 8,
          textAnchor: 'start',
          fontSize: 10,
          fill: '#444',
        },
      ),
      Plot.tip(
        data,
        Plot.pointer({
          x: 'machines',
          y: 'qShown',
          title: (d: TunerDatum) =>
            `#${d.rank} ${d.name}\n${d.fit}\nmachines ${formatFixed(d.machines, 2)}\nheld-out q ${fmt(d.q)} [${formatNumber(d.low, 2)}, ${formatNumber(d.high, 2)}]\n${d.outcome}\nclick to apply in Pack`,
        }),
      ),
    ],
  };
}
