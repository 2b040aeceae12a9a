/**
 * The Timeline view's shareable parameters (SPEC §12): the workload over time and the simulator's
 * knobs, plus the scrubber's instant and the selected machine. They join `Params` in params.ts.
 */
import type { Policy, TaskOrder, TimelineFit } from '../../engine/timeline/index.ts';

export const TIMELINE_SOURCES = ['synthetic', 'google', 'vms', 'upload'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

/** The window slider's stops (s) and the duration-error curve's grid (fractions). */
export const TIMELINE_WINDOWS = [0, 2, 5, 10, 20, 30] as const;
export const TIMELINE_ERRORS = [0, 0.5, 1, 1.5, 2, 3] as const;

/** A task list the user gave: its name and the SHA-256 of its bytes (a link asks for it again). */
export interface TimelineUpload {
  readonly name: string;
  readonly hash: string;
}

export interface TimelineViewParams {
  readonly timelineSource: TimelineSource;
  /** Synthetic workload: tasks and days (the paper's week is 221,140 tasks over 7 days). */
  readonly timelineTasks: number;
  readonly timelineDays: number;
  readonly timelinePolicy: Policy;
  readonly timelineOrder: TaskOrder;
  /** tw, s (0 = online). */
  readonly timelineWindow: number;
  readonly timelineFit: TimelineFit;
  /** Duration-estimate error x (1 = 100 %). */
  readonly timelineError: number;
  readonly timelineCapacity: number;
  /** Seeds the synthetic workload, RAND order and the duration-error draws. */
  readonly timelineSeed: number;
  /** Scrubber instant, s (null: the busiest moment of the run). */
  readonly timelineTime: number | null;
  /** Selected machine of the Gantt (null: none). */
  readonly timelineMachine: number | null;
  readonly timelineUpload: TimelineUpload | null;
}

export const DEFAULT_TIMELINE_PARAMS: TimelineViewParams = {
  timelineSource: 'synthetic',
  timelineTasks: 10_000,
  timelineDays: 1,
  timelinePolicy: 'fmf',
  timelineOrder: 'd',
  timelineWindow: 2,
  timelineFit: { kind: 'size' },
  timelineError: 0,
  timelineCapacity: 1,
  timelineSeed: 1,
  timelineTime: null,
  timelineMachine: null,
  timelineUpload: null,
};

/** The fit test as the CLI writes it (`size`, `gpa:ρ`). */
export function formatTimelineFit(fit: TimelineFit): string {
  return fit.kind === 'size' ? 'size' : `gpa:${fit.rho}`;
}
