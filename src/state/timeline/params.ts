/**
 * The Timeline view's shareable parameters (SPEC §12): the workload over time and the simulator's
 * knobs, plus the scrubber's instant and the selected machine. They join `Params` in params.ts.
 */
import { TIMELINE_SLO, formatSlo, numberRange, parseSlo } from '../../engine/index.ts';
import {
  ORDERS,
  POLICIES,
  TIMELINE_CAPACITY,
  TIMELINE_SEED,
  TIMELINE_TASKS,
  TIMELINE_WINDOW,
  DURATION_ERROR,
  type Policy,
  type TaskOrder,
  type TimelineFit,
} from '../../engine/timeline/index.ts';
import type { UrlCodec } from '../common/link/codecs.ts';
import {
  choiceParam,
  customParam,
  defaultsOf,
  intParam,
  numberParam,
  optionalNumber,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

export const TIMELINE_SOURCES = ['synthetic', 'google', 'vms', 'upload'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

/** The window slider's stops (s) and the duration-error curve's grid (fractions). */
export const TIMELINE_WINDOWS = [0, 2, 5, 10, 20, 30] as const;
export const TIMELINE_ERRORS = [0, 0.5, 1, 1.5, 2, 3] as const;

/** A task list the user gave: its name and the SHA-256 of its bytes (a link asks for it again). */
interface TimelineUpload {
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

/** The fit test (`size` or `gpa:ρ`) in the CLI's notation; a bad one is refused with its message. */
const timelineFitCodec: UrlCodec<TimelineFit> = {
  read(raw) {
    try {
      return { value: parseSlo(raw, TIMELINE_SLO) };
    } catch (e) {
      if (e instanceof RangeError) return { problem: e.message };
      throw e;
    }
  },
  write: (fit) => formatTimelineFit(fit),
};

/** Every parameter of the Timeline view but the uploaded task list (two keys: urlFields.ts). */
type TimelineDeclared = Omit<TimelineViewParams, 'timelineUpload'>;

/** The Timeline view's parameters, each once: key, default, range and unit, navigation. */
export const TIMELINE_PARAMS: ParamSpecs<TimelineDeclared> = {
  timelineSource: choiceParam('tsrc', 'synthetic', 'timelineSource', TIMELINE_SOURCES),
  timelineTasks: numberParam('tn', 10_000, TIMELINE_TASKS),
  timelineDays: intParam('tdays', 1, 'timelineDays', 1, 30),
  timelinePolicy: choiceParam<Policy>('tpol', 'fmf', 'timelinePolicy', POLICIES),
  timelineOrder: choiceParam<TaskOrder>('tord', 'd', 'timelineOrder', ORDERS),
  timelineWindow: numberParam('tw', 2, TIMELINE_WINDOW, { unit: 's' }),
  timelineFit: customParam<TimelineFit>('tfit', { kind: 'size' }, timelineFitCodec),
  timelineError: numberParam('terr', 0, DURATION_ERROR),
  timelineCapacity: numberParam('tc', 1, TIMELINE_CAPACITY),
  timelineSeed: numberParam('tseed', 1, TIMELINE_SEED),
  timelineTime: optionalNumber('tt', numberRange('scrubber time', 't', { min: 0 }), {
    unit: 's',
    onlyChanged: true,
  }),
  timelineMachine: optionalNumber(
    'tmach',
    numberRange('machine', 'machine', { min: 0, max: 1e7, integer: true }),
    { navigates: true, onlyChanged: true },
  ),
};

export const DEFAULT_TIMELINE_PARAMS: TimelineViewParams = {
  ...defaultsOf(TIMELINE_PARAMS),
  timelineUpload: null,
};

/** The fit test as the CLI writes it (`size`, `gpa:ρ`). */
export function formatTimelineFit(fit: TimelineFit): string {
  return formatSlo(fit);
}
