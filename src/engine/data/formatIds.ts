import type { AlignOptions } from './aligned.ts';

/**
 * The names and titles of the loader's formats, apart from the loaders themselves so that the page
 * can check a link's format without loading every parser.
 */
export const TRACE_FORMATS = [
  'prometheus',
  'alibaba',
  'azure2',
  'google2019',
  'bitbrains',
] as const;
export type TraceFormatId = (typeof TRACE_FORMATS)[number];

export const TRACE_TITLES: Record<TraceFormatId, string> = {
  prometheus: 'Prometheus query_range JSON (resultType matrix)',
  alibaba: 'Alibaba v2018 container_usage (+ container_meta, machine_meta)',
  azure2: 'Azure V2 vm_cpu_readings (+ vmtable)',
  google2019: 'Google 2019 instance_usage (BigQuery CSV or JSON lines)',
  bitbrains: 'Bitbrains GWA-T-12 per-VM files (1.csv, 2.csv, …)',
};

/** The format a live Prometheus source's answers load as. */
export const LIVE_SOURCE_FORMAT = 'prometheus' satisfies TraceFormatId;

/**
 * The alignment a format's samples take unless told otherwise (`alignDefaults`), here rather than in
 * its entry because the page reads it before any parser loads: Google task_usage is bucketed to its
 * 5-minute windows, a task absent from one counting as 0 (it was not running).
 */
export const ALIGN_DEFAULTS: Partial<Record<FormatId, AlignOptions>> = {
  google: { step: 300, absent: 'zero' },
};

export const FORMATS = [
  ...(['google', 'wide', 'columns', 'long', 'npy', 'compact'] as const),
  ...TRACE_FORMATS,
] as const;
export type FormatId = (typeof FORMATS)[number];

export const FORMAT_TITLES: Record<FormatId, string> = {
  google: 'Google 2011 task_usage (+ task_events)',
  wide: 'wide CSV: one row per task',
  columns: 'column-per-task CSV: one row per time step',
  long: 'long CSV: one row per sample, id and value columns',
  npy: '.npy array (N, T) of samples or (N, R) realizations',
  compact: 'compact per-task format (.json sidecar + .npy)',
  ...TRACE_TITLES,
};
