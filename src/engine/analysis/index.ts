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
