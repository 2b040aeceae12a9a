/** Pure helpers for the Learn lessons and step-through packing. */
export * from './replay.ts';
export * from './workload.ts';
export * from './usage.ts';
export * from './threeTasks.ts';
export * from './sums.ts';
export * from './fitCheck.ts';
export * from './slo.ts';
export * from './handScore.ts';
export * from './semiOnline.ts';
export * from './pooling.ts';
export * from './knobRisk.ts';
