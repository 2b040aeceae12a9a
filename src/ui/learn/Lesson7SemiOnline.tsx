/** Lesson 7: Fig. 1 of the semi-online paper played arrival by arrival, then the window on a day. */
import { useMemo } from 'react';
import { FIGURE1_MODES, figure1Steps, figure1Tasks } from '../../engine/learn/index.ts';
import { figure1Spec } from '../../present/learn/semiOnline.ts';
import { windowCurveSpec } from '../../present/timeline/plots.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { useOutcome } from '../../state/common/runs/keyedRuns.ts';
import {
  DAY,
  DAY_CURVE_KEY,
  TIMELINE_WINDOWS,
  dayCurveRuns,
} from '../../state/timeline/dayCurve.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { LessonFrame, LessonWaiting } from './LessonFrame.tsx';
import { formatCount, formatFixed } from '../../present/format.ts';
import { semiOnlinePrediction } from '../../present/learn/predictions.ts';

const ARRIVALS = 6;
const MODE_LABEL = {
  online: 'Online First Fit (tw = 0)',
  'semi-online': 'Semi-online FMF (tw = 3 s)',
  offline: 'Offline (one window)',
} as const;

function useDayCurve() {
  const outcome = useOutcome(dayCurveRuns, DAY_CURVE_KEY);
  return {
    runs: outcome?.status === 'ready' ? outcome.value : null,
    error: outcome?.status === 'error' ? outcome.error : null,
  };
}

function Figure1Player() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const step = Math.min(ARRIVALS, params.step);
  const tasks = useMemo(() => figure1Tasks(), []);
  const steps = useMemo(() => figure1Steps(step), [step]);
  const spec = useMemo(() => figure1Spec(tasks, steps), [tasks, steps]);
  const go = (k: number) => setParams({ step: Math.max(0, Math.min(ARRIVALS, k)) });
  return (
    <section aria-label="Fig. 1 step by step">
      <div className="lesson-controls">
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0}>
          ← Back
        </button>
        <output data-testid="l7-step">
          {step} of {ARRIVALS} tasks arrived
        </output>
        <button
          type="button"
          data-testid="l7-next"
          onClick={() => go(step + 1)}
          disabled={step === ARRIVALS}
        >
          Next arrival →
        </button>
        <button type="button" onClick={() => go(ARRIVALS)} disabled={step === ARRIVALS}>
          To the end
        </button>
      </div>
      <ul className="lesson-note" aria-label="Machine-seconds">
        {steps.map((s) => (
          <li key={s.mode}>
            {MODE_LABEL[s.mode]}:{' '}
            <strong data-testid={`l7-${s.mode}`}>
              {formatCount(Math.round(s.machineSeconds))}
            </strong>{' '}
            machine-seconds
          </li>
        ))}
      </ul>
      <PlotFigure
        name="lesson7-figure1"
        title="Fig. 1: the three schedules so far"
        caption={`Rows are machines; blue bars are tasks (half a machine each), red is the machine's paid span. Panels: ${FIGURE1_MODES.map((m) => MODE_LABEL[m]).join('; ')}.`}
        spec={spec}
      />
    </section>
  );
}

function DayWindow() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const { runs, error } = useDayCurve();
  const window = (TIMELINE_WINDOWS as readonly number[]).includes(params.lessonWindow)
    ? params.lessonWindow
    : 2;
  const spec = useMemo(() => (runs ? windowCurveSpec(runs, window) : null), [runs, window]);
  const at = runs?.find((r) => r.params.window === window);
  if (error) return <LessonWaiting message={error} error />;
  return (
    <section aria-label="The window on a day">
      <p className="lesson-note">
        A day of {formatCount(DAY.tasks)} tasks, seed {DAY.seed}, generated to follow the Google
        trace's statistics as the semi-online paper reports them (the bundled real excerpts submit
        every task at t = 0, where a window cannot matter), packed by FMF.
      </p>
      <label>
        Window tw{' '}
        <input
          type="range"
          min={0}
          max={TIMELINE_WINDOWS.length - 1}
          value={TIMELINE_WINDOWS.indexOf(window as (typeof TIMELINE_WINDOWS)[number])}
          data-testid="l7-window"
          aria-valuetext={`${window} s`}
          onChange={(e) => setParams({ lessonWindow: TIMELINE_WINDOWS[e.target.valueAsNumber] })}
        />{' '}
        {window} s
      </label>
      {at ? (
        <p className="lesson-note" data-testid="l7-day">
          tw = {window} s: {formatFixed(at.machineSeconds / 3600, 1)} machine-hours for the day (the
          plot's unit; {formatCount(Math.round(at.machineSeconds))} machine-seconds), tasks wait{' '}
          {formatFixed(at.startDelayMean, 2)} s on average.
        </p>
      ) : (
        <LessonWaiting message="Simulating the day at six windows…" />
      )}
      <PlotFigure
        name="lesson7-day-window"
        title="Machine-hours of the day vs the window tw (FMF)"
        spec={spec}
        placeholder="Simulating…"
      />
    </section>
  );
}

/** The prediction: the share of the online machine-seconds that waiting saves once all six arrived. */
function usePrediction() {
  return useMemo(() => {
    const end = figure1Steps(ARRIVALS);
    const cost = (mode: (typeof FIGURE1_MODES)[number]) =>
      end.find((s) => s.mode === mode)!.machineSeconds;
    return semiOnlinePrediction({
      online: cost('online'),
      semiOnline: cost('semi-online'),
      offline: cost('offline'),
    });
  }, []);
}

export function Lesson7SemiOnline() {
  const params = useExplorer((s) => s.params);
  const prediction = usePrediction();
  const window = (TIMELINE_WINDOWS as readonly number[]).includes(params.lessonWindow)
    ? params.lessonWindow
    : 2;
  return (
    <LessonFrame
      lesson={7}
      keys="Tab to the buttons and the slider; ← and → move the window."
      pack={{
        params: {
          ...params,
          view: 'timeline',
          timelineSource: 'synthetic',
          timelineTasks: DAY.tasks,
          timelineDays: DAY.days,
          timelineSeed: DAY.seed,
          timelinePolicy: 'fmf',
          timelineOrder: 'd',
          timelineWindow: window,
          timelineError: 0,
          timelineFit: { kind: 'size' },
          timelineCapacity: 1,
          timelineTime: null,
          timelineMachine: null,
        },
        label: `This day at tw = ${window} s, in the Timeline view`,
      }}
      prediction={prediction}
    >
      <Figure1Player />
      <DayWindow />
    </LessonFrame>
  );
}
