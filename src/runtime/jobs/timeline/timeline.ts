/**
 * The timeline (SPEC §12) as a job: one unit per run (policy, order, window, error, …) over one
 * workload, which travels in the spec as a task list or is regenerated from a synthetic-week seed (and
 * cached per worker). Units depend on (spec, unit) alone, so any worker count gives the same numbers.
 */
import {
  simulateTimeline,
  simulateTimelineSummary,
  syntheticWeek,
  type SyntheticWeekSpec,
  type TimelineParams,
  type TimelineResult,
  type TimelineSummary,
  type TimelineTasks,
} from '../../../engine/timeline/index.ts';
import { defineJob } from '../job.ts';

export type TimelineWorkload =
  | { readonly kind: 'tasks'; readonly tasks: TimelineTasks }
  | { readonly kind: 'synthetic'; readonly week: Partial<SyntheticWeekSpec> };

export interface TimelineJobSpec {
  readonly workload: TimelineWorkload;
  readonly runs: readonly TimelineParams[];
  /** 'summary' (default): numbers only; 'full': the whole result (Gantt, series, overflow map). */
  readonly detail?: 'summary' | 'full';
}

type TimelineJobOut =
  | { readonly detail: 'summary'; readonly summary: TimelineSummary }
  | { readonly detail: 'full'; readonly result: TimelineResult };

let cached: { key: string; tasks: TimelineTasks } | null = null;

function workloadTasks(w: TimelineWorkload): TimelineTasks {
  if (w.kind === 'tasks') return w.tasks;
  const key = JSON.stringify(w.week);
  if (cached?.key !== key) cached = { key, tasks: syntheticWeek(w.week) };
  return cached.tasks;
}

export const timeline = defineJob({
  needsPool: false,
  units(spec: TimelineJobSpec): number[] {
    if (spec.runs.length === 0) throw new RangeError('a timeline job needs at least one run');
    return spec.runs.map((_, i) => i);
  },
  run(_ctx, spec: TimelineJobSpec, unit: number, checkpoint): TimelineJobOut {
    const tasks = workloadTasks(spec.workload);
    const params = spec.runs[unit];
    return spec.detail === 'full'
      ? { detail: 'full', result: simulateTimeline(tasks, params, checkpoint) }
      : { detail: 'summary', summary: simulateTimelineSummary(tasks, params, checkpoint) };
  },
});
