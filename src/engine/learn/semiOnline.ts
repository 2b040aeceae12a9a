/**
 * Lesson 7: the semi-online paper's Fig. 1 (Armant et al., §1): six tasks of half a machine
 * arriving one second apart, lasting 50, 10, 100, 50, 10 and 100 minutes, placed online (First Fit
 * as each arrives), semi-online (FMF over windows of 3 s) and offline (one window holding all six):
 * 250, 210 and 160 machine-minutes.
 */
import {
  DEFAULT_PARAMS,
  placementCost,
  simulateTimeline,
  tasksFromRows,
  type TimelineParams,
  type TimelineResult,
  type TimelineTasks,
} from '../timeline/index.ts';

const MINUTES = [50, 10, 100, 50, 10, 100];

/** Fig. 1's six tasks (ids a0…a5; arrival i s, size 0.5). */
export function figure1Tasks(): TimelineTasks {
  return tasksFromRows(
    MINUTES.map((m, i) => ({ id: `a${i}`, arrival: i, duration: 60 * m, size: 0.5 })),
    'Fig. 1 of the semi-online paper',
  );
}

export const FIGURE1_MODES = ['online', 'semi-online', 'offline'] as const;
export type Figure1Mode = (typeof FIGURE1_MODES)[number];

/** The three schedulers of Fig. 1 as simulator parameters (offline: one window over all arrivals). */
export const FIGURE1_PARAMS: Record<Figure1Mode, TimelineParams> = {
  online: { ...DEFAULT_PARAMS, policy: 'ff', order: 'list', window: 0 },
  'semi-online': { ...DEFAULT_PARAMS, policy: 'fmf', order: 'd', window: 3 },
  offline: { ...DEFAULT_PARAMS, policy: 'fmf', order: 'd', window: 10 },
};

export interface Figure1Step {
  readonly mode: Figure1Mode;
  readonly result: TimelineResult;
  /** Tasks placed after `step` arrivals (by arrival order), i.e. the first `step` tasks. */
  readonly placed: number;
  /** Machine-seconds of the placed tasks' machines (the final schedule's, restricted to them). */
  readonly machineSeconds: number;
}

/** Each scheduler's schedule after `step` (0…6) of the six arrivals. */
export function figure1Steps(step: number): Figure1Step[] {
  if (!(Number.isInteger(step) && step >= 0 && step <= MINUTES.length))
    throw new RangeError(`Fig. 1 has steps 0…${MINUTES.length}, got ${step}`);
  const tasks = figure1Tasks();
  return FIGURE1_MODES.map((mode) => {
    const result = simulateTimeline(tasks, FIGURE1_PARAMS[mode]);
    const machineOf = result.machineOf.slice(0, step);
    const start = result.start.slice(0, step);
    const sub: TimelineTasks = {
      ...tasks,
      count: step,
      ids: tasks.ids.slice(0, step),
      arrival: tasks.arrival.slice(0, step),
      duration: tasks.duration.slice(0, step),
      estimate: tasks.estimate.slice(0, step),
      size: tasks.size.slice(0, step),
    };
    const cost = placementCost(sub, machineOf, start, 1);
    return { mode, result, placed: step, machineSeconds: cost.machineSeconds };
  });
}
