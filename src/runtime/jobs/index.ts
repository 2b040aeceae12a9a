/** Every job the runners can run; a new job adds one line here. */
import { calibrate } from './tune/calibrate.ts';
import { clusterCompare } from './cluster/cluster.ts';
import { clusterClasses, clusterProvision, lpTiming } from './cluster/clusterPlan.ts';
import { exactQ } from './pack/exactQ.ts';
import { handMove } from './pack/handMove.ts';
import { packTrace } from './pack/packTrace.ts';
import type { AsyncJobKind, JobKind } from './job.ts';
import {
  paperFig1,
  paperHistograms,
  paperKmeans,
  paperMoments,
  paperTimeInvariance,
} from './paper/paperData.ts';
import { paperFig5, paperSums } from './paper/paperSums.ts';
import { tune } from './tune/tune.ts';
import { tuneWalk } from './tune/walkForward.ts';
import { timeline } from './timeline/timeline.ts';
import { resizeSweep } from './resize/resize.ts';
import { resizeRun } from './resize/resizeRun.ts';
import { schedulerHistory, schedulerKnob } from './schedulers/schedulers.ts';
import { rightsizeRun } from './rightsize/rightsize.ts';
import { whatifReplay } from './whatif/whatif.ts';

export const JOBS = {
  exactQ,
  handMove,
  packTrace,
  paperFig1,
  paperMoments,
  paperHistograms,
  paperKmeans,
  paperTimeInvariance,
  paperSums,
  paperFig5,
  calibrate,
  tune,
  tuneWalk,
  clusterCompare,
  clusterClasses,
  clusterProvision,
  lpTiming,
  timeline,
  resizeSweep,
  resizeRun,
  schedulerHistory,
  schedulerKnob,
  rightsizeRun,
  whatifReplay,
} as const;

export type JobName = keyof typeof JOBS;
type Kind<N extends JobName> = (typeof JOBS)[N];
export type JobSpec<N extends JobName> =
  Kind<N> extends JobKind<infer S, infer _U, infer _O> ? S : never;
export type JobOut<N extends JobName> =
  Kind<N> extends AsyncJobKind<infer _S, infer _U, infer O>
    ? O
    : Kind<N> extends JobKind<infer _S, infer _U, infer O>
      ? O
      : never;

export function jobKind(name: string): JobKind<unknown, unknown, unknown> {
  const j = (JOBS as Record<string, JobKind<unknown, unknown, unknown>>)[name];
  if (!j) throw new RangeError(`unknown job "${name}" (have ${Object.keys(JOBS).join(', ')})`);
  return j;
}

export type { AsyncJobKind, JobContext, JobKind, PoolShape } from './job.ts';
export { defineAsyncJob, defineJob } from './job.ts';
export { type ClusterJobOut } from './cluster/cluster.ts';
export {
  type ClusterClassesOut,
  type ClusterProvisionOut,
  type LpTimingOut,
} from './cluster/clusterPlan.ts';
export { packSamples } from './paper/paperSamples.ts';
export { type PackedWorkload, packWorkload } from './resize/resize.ts';
export { type HistoryOut, type KnobOut, type KnobUnit } from './schedulers/schedulers.ts';
export { type ReplayTuneOut } from './schedulers/byReplay.ts';
export { type RightsizeOut, type RightsizeMemory } from './rightsize/rightsize.ts';
export { type TimelineWorkload } from './timeline/timeline.ts';
export { type WhatIfSide, type WhatIfSideOut, type WhatIfNode } from './whatif/whatif.ts';
export { type WalkFamily } from './tune/walkForward.ts';
