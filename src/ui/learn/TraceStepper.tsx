/** Step-through of a packing's decision trace: controls, the decision at the step, and every open machine with its slack. */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  PACKER_LABEL,
  type PackTrace,
  type PackerKind,
  explainPlacement,
  placementCount,
  replayTrace,
  sumsOf,
} from '../../engine/index.ts';
import { formatNumber } from '../../present/format.ts';
import { SliderNumber, linearScale } from '../SliderNumber.tsx';
import { usePlaybackFrames, type Frame } from '../playback.ts';
import { useMediaQuery } from '../useMediaQuery.ts';
import './learn.css';
import { decimalOrNull } from '../../engine/index.ts';

const stepProblem = (raw: string, total: number) => {
  const k = decimalOrNull(raw);
  return k !== null && Number.isInteger(k) && k >= 0 && k <= total
    ? null
    : `a step from 0 to ${total}`;
};

interface TraceStepperProps {
  readonly trace: PackTrace;
  readonly packer: PackerKind;
  /** Per task (instance position): a readable id, and the mean the bars stack. */
  readonly labels: readonly string[];
  readonly means: ArrayLike<number>;
  readonly capacity: number;
  /** What a slack is for this fit test, e.g. "ρ − P(overflow)". */
  readonly slackMeaning: string;
  readonly step: number;
  /** Goes to `step`; `frame` says when Play moved it (playback.ts). */
  readonly onStep: (step: number, frame?: Frame) => void;
  /** Milliseconds between steps while playing. */
  readonly interval?: number;
}

const RULE_TEXT = {
  'first-fit': 'First Fit takes the lowest-numbered one',
  'best-fit': 'Best Fit takes the one with the smallest slack (the tightest fit)',
} as const;

type Decision = PackTrace[number];

const PLAY_SPEEDS = [0.5, 1, 2, 4];

/** Plays the steps one by one every `interval` ms until the last; the latest step and callback are read at each tick. */
function usePlayback(
  step: number,
  total: number,
  onStep: (step: number, frame?: Frame) => void,
  interval: number,
  /** `prefers-reduced-motion`: Play goes to the last step at once. */
  still: boolean,
) {
  const [playing, setPlaying] = useState(false);
  const frame = usePlaybackFrames(playing);
  const latest = useRef({ step, onStep });
  useEffect(() => {
    latest.current = { step, onStep };
  });
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => {
      const { step: s, onStep: go } = latest.current;
      if (s >= total) setPlaying(false);
      else go(s + 1, frame());
    }, interval);
    return () => clearInterval(id);
  }, [playing, total, interval, frame]);
  const play = (on: boolean) => {
    if (on && still) onStep(total);
    else setPlaying(on);
  };
  return { playingNow: playing && step < total, setPlaying: play };
}

/** The sentence under the controls: what the decision at this step did and why. */
function stepStatus(
  trace: PackTrace,
  step: number,
  packer: PackerKind,
  labels: readonly string[],
  means: ArrayLike<number>,
): string {
  const total = trace.length;
  const decision = step > 0 ? trace[step - 1] : null;
  if (!decision) {
    const placements = placementCount(trace);
    return `Nothing placed yet. ${total} decisions: ${placements} placements, then ${total - placements} rebalancing tries.`;
  }
  if (decision.kind !== 'place')
    return `Rebalancing: the earliest task on M${decision.from + 1} (task ${decision.task + 1}) ${decision.moved ? 'moves' : 'does not fit'} to the last machine M${decision.to + 1} (slack ${formatNumber(decision.slack)})${decision.moved ? '' : ': one failure'}.`;
  const why = explainPlacement(decision, packer);
  const task = `task ${decision.task + 1} (${labels[decision.task]}, μ ${formatNumber(means[decision.task])})`;
  const open = decision.slacks.length;
  const fits =
    why.rule === 'first-fit' || why.rule === 'best-fit'
      ? `It fits on ${why.feasible.map((j) => `M${j + 1}`).join(', ')}; ${RULE_TEXT[why.rule]}: M${decision.machine + 1}.`
      : why.rule === 'oversized'
        ? `It fits on no machine, not even an empty one: M${decision.machine + 1} opens for it (an oversized task).`
        : `It fits on none of the ${open} open machine${open === 1 ? '' : 's'}, so M${decision.machine + 1} opens.`;
  return `Placing ${task}. ${fits}`;
}

/** First, back, play/pause, next, last, and the step slider with its number box. */
function PlaybackControls(props: {
  step: number;
  total: number;
  playingNow: boolean;
  setPlaying: (playing: boolean) => void;
  go: (step: number) => void;
}) {
  const { step, total, playingNow, setPlaying, go } = props;
  return (
    <div className="stepper-controls" role="group" aria-label="Playback">
      <button type="button" onClick={() => go(0)} aria-label="First step" disabled={step === 0}>
        «
      </button>
      <button
        type="button"
        onClick={() => go(step - 1)}
        aria-label="Step back"
        data-testid="step-back"
        disabled={step === 0}
      >
        ‹ back
      </button>
      <button
        type="button"
        onClick={() => setPlaying(!playingNow)}
        aria-label={playingNow ? 'Pause' : 'Play'}
        data-testid="play"
        disabled={step >= total && !playingNow}
      >
        {playingNow ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        onClick={() => go(step + 1)}
        aria-label="next step"
        data-testid="step-forward"
        disabled={step >= total}
      >
        next ›
      </button>
      <button
        type="button"
        onClick={() => go(total)}
        aria-label="Last step"
        disabled={step >= total}
      >
        »
      </button>
      <SliderNumber
        className="stepper-range"
        label="Step"
        caption="step"
        value={step}
        scale={linearScale(0, total)}
        suffix={`/ ${total}`}
        problem={(raw) => stepProblem(raw, total)}
        testId="step-slider"
        valueTestId="step-number"
        onChange={go}
      />
    </div>
  );
}

/** One open machine at this step: its tasks, Σμ against the capacity, and the decision's slack on it. */
function StepMachine(props: {
  j: number;
  tasks: number;
  load: number;
  maxLoad: number;
  capacity: number;
  decision: Decision | null;
}) {
  const { j, tasks, load, maxLoad, capacity, decision } = props;
  const slack =
    decision?.kind === 'place' && j < decision.slacks.length ? decision.slacks[j] : null;
  const chosen =
    (decision?.kind === 'place' && decision.machine === j) ||
    (decision?.kind === 'rebalance' && (decision.from === j || decision.to === j));
  const feasible = slack !== null && slack >= 0;
  return (
    <li
      className={`stepper-machine${chosen ? ' chosen' : ''}${slack !== null ? (feasible ? ' feasible' : ' infeasible') : ''}`}
      data-testid={`step-machine-${j + 1}`}
    >
      <div className="stepper-machine-head">
        <strong>M{j + 1}</strong>{' '}
        <span>
          {tasks} task{tasks === 1 ? '' : 's'}
        </span>
      </div>
      <div className="stepper-load" title={`Σμ = ${formatNumber(load)} of capacity ${capacity}`}>
        <span style={{ width: `${(load / maxLoad) * 100}%` }} />
        <i style={{ left: `${(capacity / maxLoad) * 100}%` }} />
      </div>
      <div className="stepper-slack">
        {slack === null ? (
          decision?.kind === 'place' && decision.opened && decision.machine === j ? (
            'new'
          ) : (
            '—'
          )
        ) : (
          <>
            slack {formatNumber(slack)} {feasible ? '✓' : '✗'}
          </>
        )}
        {chosen && decision?.kind === 'place' && ' ← chosen'}
      </div>
    </li>
  );
}

export function TraceStepper({
  trace,
  packer,
  labels,
  means,
  capacity,
  slackMeaning,
  step: rawStep,
  onStep,
  interval = 700,
}: TraceStepperProps) {
  const total = trace.length;
  const step = Math.min(Math.max(0, rawStep), total);
  const [speed, setSpeed] = useState(1);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { playingNow, setPlaying } = usePlayback(step, total, onStep, interval / speed, still);
  const machines = useMemo(() => replayTrace(trace, step), [trace, step]);
  const loads = useMemo(() => sumsOf(machines, means), [machines, means]);
  const decision = step > 0 ? trace[step - 1] : null;
  const maxLoad = Math.max(capacity, ...loads);
  const go = (k: number) => onStep(Math.min(Math.max(0, k), total));

  const onKeyDown = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT') return;
    if (e.key === 'ArrowRight') go(step + 1);
    else if (e.key === 'ArrowLeft') go(step - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total);
    else if (e.key === 'p' || (e.key === ' ' && e.target === e.currentTarget))
      setPlaying(!playingNow);
    else return;
    e.preventDefault();
  };

  return (
    <div
      className="stepper"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label="Step through the packing"
      data-testid="stepper"
    >
      <PlaybackControls
        step={step}
        total={total}
        playingNow={playingNow}
        setPlaying={setPlaying}
        go={go}
      />
      <label className="stepper-speed">
        speed{' '}
        <select
          value={speed}
          data-testid="play-speed"
          onChange={(e) => setSpeed(PLAY_SPEEDS[e.currentTarget.selectedIndex])}
        >
          {PLAY_SPEEDS.map((v) => (
            <option key={v} value={v}>
              {v}×
            </option>
          ))}
        </select>
      </label>
      <p className="stepper-status" data-testid="step-status" aria-live="polite">
        <strong>{PACKER_LABEL[packer]}</strong>: {stepStatus(trace, step, packer, labels, means)}
      </p>
      <ol className="stepper-machines" data-testid="step-machines">
        {machines.map((tasks, j) => (
          <StepMachine
            key={j}
            j={j}
            tasks={tasks.length}
            load={loads[j]}
            maxLoad={maxLoad}
            capacity={capacity}
            decision={decision}
          />
        ))}
      </ol>
      <p className="plot-caption">
        Bars: Σμ of each machine against the capacity line. Slack ({slackMeaning}) of the task on
        each machine open before the step: ≥ 0 means it fits.
      </p>
    </div>
  );
}
