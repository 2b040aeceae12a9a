/**
 * Box plots from box statistics (the paper's box plots: median line, box from the first to the
 * third quartile, whiskers to the most extreme value within 1.5 × IQR), optionally faceted, with the
 * values clamped to a floor on log axes (a q of 0 is drawn at half the resolution 1/|E|).
 */
import * as Plot from '@observablehq/plot';
import { LOG_PROBABILITY } from '../../probability.ts';
import type { BoxStats } from '../../../engine/index.ts';
import { formatNumber } from '../../format.ts';

interface BoxDatum {
  /** The box's position on x (a category). */
  readonly x: string;
  readonly box: BoxStats;
  /** Facet column / row, and a colour category. */
  readonly fx?: string;
  readonly fy?: string;
  readonly color?: string;
  /** Extra lines for the tip. */
  readonly note?: string;
}

interface BoxOptions {
  readonly xLabel: string;
  readonly yLabel: string;
  readonly yType?: 'linear' | 'log';
  /** On a log axis: values below it are drawn at it (default 1e-6). */
  readonly floor?: number;
  readonly colorLabel?: string;
  readonly xDomain?: readonly string[];
  readonly fxDomain?: readonly string[];
  readonly fyDomain?: readonly string[];
  readonly height?: number;
  readonly width?: number;
  /** Marks drawn under (e.g. reference lines) and over the boxes (e.g. the paper's numbers). */
  readonly under?: Plot.Markish[];
  readonly over?: Plot.Markish[];
  readonly yDomain?: readonly [number, number];
}

interface Row {
  x: string;
  fx?: string;
  fy?: string;
  color: string;
  lo: number;
  q1: number;
  median: number;
  q3: number;
  hi: number;
  mean: number;
  title: string;
}

const fmt = (v: number) =>
  !Number.isFinite(v)
    ? '—'
    : v === 0
      ? '0'
      : Math.abs(v) < 1e-3
        ? formatNumber(v, 3)
        : formatNumber(v, 4);

/** The plotted rows (exported for tests): finite boxes only, clamped on log axes. */
export function boxRows(data: readonly BoxDatum[], options: BoxOptions): Row[] {
  const log = options.yType === 'log';
  const floor = options.floor ?? 1e-6;
  const y = (v: number) => (log ? Math.max(v, floor) : v);
  return data
    .filter((d) => d.box.count > 0 && Number.isFinite(d.box.median))
    .map((d) => ({
      x: d.x,
      ...(d.fx !== undefined ? { fx: d.fx } : {}),
      ...(d.fy !== undefined ? { fy: d.fy } : {}),
      color: d.color ?? 'all',
      lo: y(d.box.whiskerLow),
      q1: y(d.box.q1),
      median: y(d.box.median),
      q3: y(d.box.q3),
      hi: y(d.box.whiskerHigh),
      mean: y(d.box.mean),
      title:
        `${d.fx ? `${d.fx}, ` : ''}${d.fy ? `${d.fy}, ` : ''}${d.x}\nmedian ${fmt(d.box.median)}\nquartiles ${fmt(d.box.q1)} – ${fmt(d.box.q3)}\nwhiskers ${fmt(d.box.whiskerLow)} – ${fmt(d.box.whiskerHigh)}\nmean ${fmt(d.box.mean)} over ${d.box.count}` +
        (d.note ? `\n${d.note}` : ''),
    }));
}

export function boxSpec(data: readonly BoxDatum[], options: BoxOptions): Plot.PlotOptions {
  const rows = boxRows(data, options);
  const colored = data.some((d) => d.color !== undefined);
  const facets = {
    fx: rows.some((r) => r.fx) ? 'fx' : undefined,
    fy: rows.some((r) => r.fy) ? 'fy' : undefined,
  };
  const common = { x: 'x', ...facets } as const;
  // Many categories, or a few in each of several panels: slanted labels so they do not overlap.
  const categories = options.xDomain?.length ?? new Set(rows.map((r) => r.x)).size;
  const rotate = categories > 8 || (facets.fx !== undefined && categories > 4);
  return {
    width: options.width ?? 720,
    height: (options.height ?? 340) + (rotate ? 20 : 0),
    marginLeft: 64,
    marginBottom: rotate ? 64 : 44,
    ...(facets.fy ? { marginRight: 100 } : {}),
    x: {
      label: options.xLabel,
      domain: options.xDomain as string[] | undefined,
      tickRotate: rotate ? -35 : 0,
    },
    y: {
      // The paper's log box plots are all of q: their ticks read as probabilities.
      ...(options.yType === 'log' ? LOG_PROBABILITY : { type: 'linear' as const }),
      label: options.yLabel,
      grid: true,
      ...(options.yDomain ? { domain: [...options.yDomain] } : {}),
    },
    ...(facets.fx ? { fx: { label: null, domain: options.fxDomain as string[] | undefined } } : {}),
    ...(facets.fy ? { fy: { label: null, domain: options.fyDomain as string[] | undefined } } : {}),
    color: colored ? { legend: true, label: options.colorLabel } : undefined,
    marks: [
      ...(options.under ?? []),
      Plot.ruleX(rows, { ...common, y1: 'lo', y2: 'hi', stroke: colored ? 'color' : '#555' }),
      Plot.barY(rows, {
        ...common,
        y1: 'q1',
        y2: 'q3',
        fill: colored ? 'color' : '#9ecae9',
        fillOpacity: colored ? 0.55 : 1,
        stroke: colored ? 'color' : '#4c78a8',
        inset: 4,
      }),
      Plot.tickY(rows, { ...common, y: 'median', stroke: '#111', strokeWidth: 2, inset: 4 }),
      Plot.tip(rows, Plot.pointerX({ ...common, y: 'median', title: 'title' })),
      ...(options.over ?? []),
    ],
  };
}
