/**
 * The Tune view's walk-forward advice on the data loaded: the dataset aligned in time
 * (engine/replay/modes.ts, the alignment Pack replays), its first half learned and its second half
 * judged; every family of `ALIGNED_FAMILIES` tuned by walk-forward folds on the learned half for
 * every machine (the `tuneWalk` job, one unit per family), the pick among them (`pickTuned`: the
 * fewest machines among the families that held on every fold) and the drift alarm of the judged
 * half against the learned one, read beside the pick.
 */
import {
  ALIGNED_FAMILIES,
  alignedData,
  driftAlarm,
  pickTuned,
  sliceColumns,
  type AlignedData,
  type DriftReport,
} from '../../engine/index.ts';
import type { WalkFamily } from '../../runtime/jobs/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import type { Work } from '../common/runs/runSlot.ts';
import type { Dataset } from '../common/sources/datasets.ts';
import type { Params } from '../common/store/params.ts';

/** The learned share of the history: its first half (the advice report's split). */
const LEARNED_SHARE = 0.5;
/** Learned instants the folds need at least (four blocks of two). */
const MIN_LEARNED = 8;

export interface WalkResult {
  readonly dataset: string;
  readonly tasks: number;
  readonly learned: number;
  readonly judged: number;
  /** Seconds between instants (folds by day), or null (four blocks: the data carry no time). */
  readonly step: number | null;
  readonly target: number;
  readonly families: readonly WalkFamily[];
  /** The family picked on the folds, or null when none held on every fold. */
  readonly pick: string | null;
  readonly drift: DriftReport;
}

const alignedCache = new WeakMap<object, AlignedData | string>();

/** The loaded dataset's learned and judged halves, or why it has none. */
export function walkHistory(ds: Dataset | null) {
  if (!ds) return 'no data loaded';
  if (!ds.samples) return 'a realization matrix has no time axis: load per-task samples';
  let aligned = alignedCache.get(ds.samples);
  if (aligned === undefined)
    alignedCache.set(ds.samples, (aligned = alignedData(ds.samples, ds.align)));
  if (typeof aligned === 'string') return `the data cannot be aligned in time: ${aligned}`;
  const T = aligned.inst.cols;
  const cut = Math.floor(T * LEARNED_SHARE);
  if (cut < MIN_LEARNED)
    return `the history is too short: ${T} instants, ${cut} learned; the folds need ${MIN_LEARNED}`;
  return {
    learn: sliceColumns(aligned.inst, { start: 0, end: cut }),
    judge: sliceColumns(aligned.inst, { start: cut, end: T }),
    step: aligned.report.step ?? null,
    cut,
  };
}

/** The walk-forward advice of `p`'s target and packing on the loaded dataset (the file comment). */
export function walkWork(runner: Runner, ds: Dataset | null, p: Params): Work<WalkResult> {
  return async (signal, progress) => {
    const h = walkHistory(ds);
    if (typeof h === 'string') throw new RangeError(h);
    const drift = driftAlarm(h.learn, h.judge, h.step, h.cut);
    const spec = {
      learn: h.learn,
      judge: h.judge,
      step: h.step,
      target: p.target,
      families: ALIGNED_FAMILIES,
      packer: p.packer,
      capacity: p.capacity,
      rebalance: p.rebalance,
    };
    const label = 'Tuning each family on the walk-forward folds';
    const families = await runner.runJob(null, 'tuneWalk', spec, {
      signal,
      onProgress: (x) => progress({ label, ...x }),
    });
    return {
      dataset: ds!.title,
      tasks: h.learn.rows,
      learned: h.learn.cols,
      judged: h.judge.cols,
      step: h.step,
      target: p.target,
      families,
      pick: pickTuned(families, 'every')?.family ?? null,
      drift,
    };
  };
}
