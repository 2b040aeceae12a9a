/**
 * The paper lab's vocabulary, shared by the runner that computes the figures (runtime), their
 * presentation (present) and the URL: figure ids, the parameters that change the numbers, the
 * packing figures' grids (SPEC §8, GPA paper §5) and the shape of each figure's computed data.
 */
import { PAPER_FITS, type FitSpec } from '../fit/index.ts';
import type { PackerKind } from '../pack/pack.ts';
import type { SweepRow, SweepSpec } from '../sweep.ts';
import type { Fig1Result, Fig2Result, Fig3Result, TimeInvarianceResult } from './dataFigures.ts';
import type { KmeansResult } from './kmeans.ts';
import type { Fig5Panel, Fig6Cell, Table1Row } from './sums.ts';

export const FIGURE_IDS = [
  'fig1',
  'fig2',
  'fig3',
  'fig4',
  'ks',
  'fig5',
  'table1',
  'fig6',
  'fig7',
  'fig8',
  'fig9',
  'fig10',
  'fig11',
  'fig12',
  'fig13',
] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

/** Parameters that change the lab's numbers, beside the pool (dataset, scale, R, seed). */
export interface LabParams {
  readonly seed: number;
  /** Tasks per instance N' (paper: 1,000). */
  readonly tasks: number;
  /** Instances K (paper: 50). */
  readonly instances: number;
  /** Sums of N random tasks per N, for Table 1 and Fig. 6 (paper: 10,000). */
  readonly sums: number;
  readonly packer: PackerKind;
  /** Fig. 5: N, and which random sum of N tasks. */
  readonly fig5N: number;
  readonly fig5Example: number;
  /** §3.4: samples per window Δ (paper: 12, one hour). */
  readonly window: number;
}

/** The paper's sizes (SPEC §8), the lab's defaults. */
export const PAPER_LAB_SIZES = { instances: 50, sums: 10_000, tasks: 1000 } as const;

/** Clusters of Fig. 4 (SPEC §9). */
export const FIG4_K = 16;

// The grid of each packing figure (SPEC §8 and GPA paper §5); c = 1, κ = 1, inst, rebalancing on
// unless the figure varies it.
export const CAPACITIES = [0.5, 0.8, 1, 2, 5] as const;
export const CLAIRVOYANCES = [0.001, 0.01, 0.1, 0.3, 0.5, 0.8, 1] as const;
/** Fig. 11: the pairs comparable at c = 1 (av 2 ~ GPA 0.001, av 1.25 ~ GPA 0.1). */
export const FIG11_FITS: readonly FitSpec[] = [
  { kind: 'av', f: 1.25 },
  { kind: 'av', f: 2 },
  { kind: 'gpa', rho: 0.1 },
  { kind: 'gpa', rho: 0.001 },
];
/** Fig. 12: av as the baseline and GPA (the paper shows ρ = 0.01 and mentions 0.001). */
export const FIG12_FITS: readonly FitSpec[] = [
  { kind: 'av', f: 1 },
  { kind: 'gpa', rho: 0.1 },
  { kind: 'gpa', rho: 0.01 },
  { kind: 'gpa', rho: 0.001 },
];
/** Fig. 13: every test but perc (whose q is mostly 0 at c = 1). */
export const FIG13_FITS: readonly FitSpec[] = PAPER_FITS.filter(
  (f) => f.kind !== 'perc' && f.kind !== 'max',
);
export const REBALANCE_ON = 5;

export interface LabSweep {
  readonly spec: SweepSpec;
  readonly rows: SweepRow[];
}

export type FigureData =
  | { readonly id: 'fig1'; readonly fig1: Fig1Result }
  | { readonly id: 'fig2'; readonly fig2: Fig2Result; readonly tasks: number }
  | { readonly id: 'fig3'; readonly fig3: Fig3Result; readonly tasks: number }
  | {
      readonly id: 'fig4';
      readonly kmeans: Omit<KmeansResult, 'assignment'>;
      readonly tasks: number;
    }
  | { readonly id: 'ks'; readonly ks: TimeInvarianceResult; readonly window: number }
  | { readonly id: 'fig5'; readonly panel: Fig5Panel }
  | { readonly id: 'table1'; readonly rows: Table1Row[] }
  | { readonly id: 'fig6'; readonly cells: Fig6Cell[] }
  | {
      readonly id: 'fig7' | 'fig8' | 'fig9' | 'fig10' | 'fig11' | 'fig12' | 'fig13';
      readonly sweeps: LabSweep[];
      readonly realizations: number;
    };

/** The figures that read per-task samples. */
export const DATA_FIGURES: readonly FigureId[] = ['fig1', 'fig2', 'fig3', 'fig4', 'ks'];
