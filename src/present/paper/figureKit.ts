/**
 * What a paper-lab figure presents (plots, a table, headline facts) and the small helpers the
 * figure groups share: number formatting and narrowing the computed data to a figure's own.
 */
import type * as Plot from '@observablehq/plot';
import type { FigureData, FigureId, LabParams } from '../../engine/analysis/index.ts';
import { formatFixed, formatNumber } from '../format.ts';

export type Cell = string | number | null;

export interface Column {
  readonly key: string;
  readonly label: string;
  /** A column of the paper's published numbers (shown with the "paper" toggle). */
  readonly paper?: boolean;
}

export interface TableDef {
  readonly columns: readonly Column[];
  readonly rows: readonly Record<string, Cell>[];
}

export interface PlotDef {
  readonly name: string;
  readonly title: string;
  readonly caption: string;
  readonly spec: Plot.PlotOptions;
}

export interface Fact {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  /** What the paper published for it, when it did. */
  readonly paper?: string;
}

export interface Presentation {
  readonly plots: readonly PlotDef[];
  readonly table: TableDef | null;
  readonly facts: readonly Fact[];
  /** What these numbers show, when that depends on them (shown under the figure's caption). */
  readonly summary?: string;
}

export type FigureGroup = 'data' | 'sums' | 'packing';

export interface FigureDef {
  readonly id: FigureId;
  readonly group: FigureGroup;
  /** Short name for the navigation ("Fig. 3", "Table 1", "§3.4"). */
  readonly label: string;
  readonly title: string;
  /** What it shows and how to read it. */
  readonly caption: string;
  present(data: FigureData, ctx: { paper: boolean; params: LabParams }): Presentation;
}

export const GROUP_LABEL: Record<FigureGroup, string> = {
  data: 'Data',
  sums: 'Sums of tasks',
  packing: 'Packing experiments',
};

/** A number for a table or a fact: `digits` significant digits, the page's formatter. */
export function fmt(v: number | null | undefined, digits = 4): string {
  return v === null || v === undefined ? '—' : formatNumber(v, digits);
}
export const pct = (v: number) => (Number.isFinite(v) ? `${formatFixed(100 * v, 1)} %` : '—');

export function only<K extends FigureData['id']>(
  d: FigureData,
  ...ids: K[]
): Extract<FigureData, { id: K }> {
  if (!(ids as string[]).includes(d.id))
    throw new RangeError(`expected ${ids.join('/')} data, got ${d.id}`);
  return d as Extract<FigureData, { id: K }>;
}

export const boxColumns: Column[] = [
  { key: 'median', label: 'median' },
  { key: 'q1', label: 'Q1' },
  { key: 'q3', label: 'Q3' },
  { key: 'mean', label: 'mean' },
  { key: 'count', label: 'count' },
];
export const boxCells = (b: {
  median: number;
  q1: number;
  q3: number;
  mean: number;
  count: number;
}) => ({
  median: b.median,
  q1: b.q1,
  q3: b.q3,
  mean: b.mean,
  count: b.count,
});

export function mainRows(d: FigureData) {
  const p = only(d, 'fig7', 'fig8', 'fig9', 'fig10', 'fig11', 'fig12', 'fig13');
  return { rows: p.sweeps[0].rows, sweeps: p.sweeps, R: p.realizations };
}
