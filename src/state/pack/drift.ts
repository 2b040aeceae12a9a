/**
 * Pack's drift alarm (`engine/replay/drift.ts`): where the data have a time axis, the part a packing
 * is judged on against the part it learned from. An aligned packing at κ < 1 learned the first
 * instants and is judged on the rest; any other packing learned from the whole history, so the
 * alarm reads the history's later half against its earlier half — whether the recent past still
 * looks like what came before, which is what a packing learned from it promises of the next days.
 * Pure and cached per alignment and split.
 */
import {
  driftAlarm,
  sliceColumns,
  splitColumns,
  type AlignedData,
  type DriftReport,
} from '../../engine/index.ts';
import type { Dataset } from '../common/sources/datasets.ts';
import type { Params } from '../common/store/params.ts';
import { alignedOfDataset } from './replay.ts';

export interface PackDrift {
  /** 'judged': the aligned packing's judged part against its learned part; 'recent': halves. */
  readonly compared: 'judged' | 'recent';
  readonly report: DriftReport;
}

const cache = new WeakMap<AlignedData, Map<number, DriftReport>>();

function driftAt(aligned: AlignedData, start: number): DriftReport {
  let byStart = cache.get(aligned);
  if (!byStart) cache.set(aligned, (byStart = new Map()));
  let report = byStart.get(start);
  if (!report) {
    const T = aligned.inst.cols;
    const learn = sliceColumns(aligned.inst, { start: 0, end: start });
    const judge = sliceColumns(aligned.inst, { start, end: T });
    report = driftAlarm(learn, judge, aligned.report.step, start);
    byStart.set(start, report);
  }
  return report;
}

/** The drift of the packing's judged (or most recent) part; null without a time axis. */
export function packDrift(
  ds: Dataset | null,
  p: Pick<Params, 'realization' | 'clairvoyance'>,
): PackDrift | null {
  const aligned = alignedOfDataset(ds);
  if (typeof aligned === 'string') return null;
  const T = aligned.inst.cols;
  if (T < 2) return null;
  if (p.realization === 'aligned' && p.clairvoyance < 1)
    return {
      compared: 'judged',
      report: driftAt(aligned, splitColumns(T, p.clairvoyance).evaluateStart),
    };
  return { compared: 'recent', report: driftAt(aligned, Math.floor(T / 2)) };
}
