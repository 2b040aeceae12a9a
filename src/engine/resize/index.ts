/** Live resizing with bounded migrations (SPEC §13): VISBP, predictors, baselines, step loop. */
export * from './ranges.ts';
export * from './bins.ts';
export * from './visbp.ts';
export * from './invariants.ts';
export * from './predict.ts';
export * from './policies.ts';
export * from './simulate.ts';
export * from './workloads.ts';
export * from './replay.ts';
export * from './matching.ts';
export * from './repack.ts';
export * from './snapshots.ts';
