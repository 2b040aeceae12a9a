/**
 * What the page must know of a format before any parser loads: the one a live source's answers
 * load as, and the alignment a format's samples take unless told otherwise. Every other question
 * about a format (its name, title, detection, reading) is asked of its entry in the registry
 * (`formats/registry.ts`), which lists the formats.
 */
import type { AlignOptions } from '../realize/aligned.ts';
import type { FormatId } from './spec.ts';

export type { FormatId };

/** The format a live Prometheus source's answers load as. */
export const LIVE_SOURCE_FORMAT = 'prometheus' satisfies FormatId;

/**
 * The alignment a format's samples take unless told otherwise (`alignDefaults`), here rather than in
 * its entry because the page reads it before any parser loads: Google task_usage is bucketed to its
 * 5-minute windows, a task absent from one counting as 0 (it was not running).
 */
export const ALIGN_DEFAULTS: Partial<Record<FormatId, AlignOptions>> = {
  google: { step: 300, absent: 'zero' },
};
