/** The paper lab's computations (GPA paper §3, SPEC §9): statistics and figure/table numbers. */
export * from './anderson.ts';
export * from './control.ts';
export * from './dataFigures.ts';
export * from './kmeans.ts';
export * from './ks.ts';
export * from './normalTail.ts';
export * from './paper.ts';
export * from './rowSource.ts';
export * from './sample.ts';
export * from './sort.ts';
export * from './summary.ts';
export * from './sums.ts';
export * from './trend.ts';
export {
  CAPACITIES,
  CLAIRVOYANCES,
  DATA_FIGURES,
  FIG11_FITS,
  FIG12_FITS,
  FIG13_FITS,
  FIG4_K,
  FIGURE_IDS,
  type FigureData,
  type FigureId,
  type LabParams,
  type LabSweep,
  PAPER_LAB_SIZES,
  REBALANCE_ON,
} from './paperFigures.ts';
export {
  FIG5_EXAMPLE,
  FIG5_TASKS,
  PAPER_INSTANCES,
  PAPER_SUMS,
  PAPER_WINDOW,
  SYNTHETIC_SEED,
  SYNTHETIC_TASKS,
} from './paperRanges.ts';
