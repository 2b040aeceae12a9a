/** Load-aware schedulers: their catalog, and their knob tuned to the per-machine SLO. */
export * from './catalog.ts';
export * from './advice.ts';
export { SLO_TARGET } from './ranges.ts';
export * from './overcommitRanges.ts';
