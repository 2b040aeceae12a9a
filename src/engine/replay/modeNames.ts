/**
 * The names of the three ways to realize a workload (`modes.ts` makes them): a file of its own, so
 * that the page's parameters name them without bringing the aligned replay onto the first page.
 */
export const REALIZATION_MODES = ['independent', 'aligned', 'blocks'] as const;
export type RealizationMode = (typeof REALIZATION_MODES)[number];
