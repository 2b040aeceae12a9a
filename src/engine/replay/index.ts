/** Time-aligned replay: block bootstrap, splits in time, the SLO per machine, correlation. */
export * from './blocks.ts';
export * from './timeSplit.ts';
export * from './slo.ts';
export * from './correlation.ts';
export * from './tuneAligned.ts';
export * from './modes.ts';
export * from './drift.ts';
export * from './walkForward.ts';
export * from './bound.ts';
export * from './pick.ts';
