/**
 * The names of the three ways to realize a workload (`modes.ts` makes them): a file of its own, so
 * that the page's parameters name them without bringing the aligned replay onto the first page.
 */
import type { AlignOptions } from '../data/realize/aligned.ts';
import { ALIGN_DEFAULTS, type FormatId } from '../data/formats/formatIds.ts';

export const REALIZATION_MODES = ['independent', 'aligned', 'blocks'] as const;
export type RealizationMode = (typeof REALIZATION_MODES)[number];

/**
 * The alignment options a load uses unless told otherwise, the same on the command line and in the
 * page: the format's own (`ALIGN_DEFAULTS`: Google task_usage bucketed to its 5-minute windows, a
 * task absent from one counting as 0, it was not running), then a preset's own (`Preset.align`);
 * a format without any takes `alignSamples`' defaults (the data's step, instants where a task has
 * no sample dropped).
 */
export function alignDefaults(format: string | null, preset?: AlignOptions): AlignOptions {
  const own = (format !== null && ALIGN_DEFAULTS[format as FormatId]) || {};
  return { ...own, ...preset };
}
