/** The options of the Google 2011 loader (SPEC §10) and the GPA paper's filters (§3.1). */
import type { RepeatRule } from '../samples/repeats.ts';

/** The paper's filters (§3.1), each a visible option. */
export interface GoogleFilters {
  /** Keep tasks with at least this many records (paper: 24, i.e. 2 hours); 1 keeps every task. */
  readonly minRecords: number;
  /** Drop tasks whose inst samples are all 0. */
  readonly dropAllZeroInst: boolean;
  /** Replace an avg value above 1 by the same record's inst value. */
  readonly replaceAvgAboveOne: boolean;
  /** With task_events given: drop tasks with any EVICT (2), FAIL (3), KILL (5) or LOST (6) event. */
  readonly dropFailed: boolean;
}

export const PAPER_FILTERS: GoogleFilters = {
  minRecords: 24,
  dropAllZeroInst: true,
  replaceAvgAboveOne: true,
  dropFailed: true,
};

export interface GoogleOptions {
  readonly filters?: Partial<GoogleFilters>;
  /** Multiplies the trace's machine-normalised values (default 1). */
  readonly scale?: number;
  /** Cap values above 1 at 1 instead of rejecting them (avg > 1 is replaced first when enabled). */
  readonly clamp?: boolean;
  readonly skipBadLines?: boolean;
  /** Keep `tasks` tasks chosen by `taskPickKey(job, index, seed)` among those that pass. */
  readonly sample?: { readonly tasks: number; readonly seed: number };
  /** Records of one task at one start time: merged, the first kept (default), or refused. */
  readonly duplicates?: RepeatRule;
}
