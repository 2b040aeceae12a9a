/**
 * The draws filling a machine's histogram, animated (present/pack/drawsFill.ts gives the frames):
 * play, pause, step, back to the start, and the speed. The frames are the machine's own columns in
 * order, so every run shows the same sequence. Under `prefers-reduced-motion` Play shows the last
 * frame at once; Step still walks the frames one by one.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  fillCaption,
  fillCounts,
  fillFrame,
  fillHeight,
  fillSpec,
} from '../../present/pack/drawsFill.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { useMediaQuery } from '../useMediaQuery.ts';

const FRAME_MS = 400;
const SPEEDS = [0.5, 1, 2, 4] as const;

export function DrawsFill({
  machine,
  totals,
  capacity,
}: {
  /** 0-based. */
  machine: number;
  totals: ArrayLike<number>;
  capacity: number;
}) {
  const counts = useMemo(() => fillCounts(Math.max(1, totals.length)), [totals]);
  const height = useMemo(() => fillHeight(totals, capacity), [totals, capacity]);
  const [k, setK] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  const last = counts.length - 1;
  const at = Math.min(k, last);
  const running = playing && at < last;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setK(at + 1), FRAME_MS / speed);
    return () => clearTimeout(timer);
  }, [running, at, speed]);
  const frame = useMemo(
    () => fillFrame(totals, counts[at], capacity),
    [totals, counts, at, capacity],
  );
  const spec = useMemo(() => fillSpec(frame, capacity, height), [frame, capacity, height]);
  return (
    <div className="draws-fill" data-testid="draws-fill">
      <div className="stepper-controls" role="group" aria-label="Draws filling the histogram">
        <button type="button" onClick={() => (setK(0), setPlaying(false))} disabled={at === 0}>
          « start
        </button>
        <button
          type="button"
          data-testid="draws-play"
          onClick={() => {
            if (still) return setK(last);
            if (at >= last) setK(0);
            setPlaying(!running);
          }}
        >
          {running ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          data-testid="draws-step"
          onClick={() => (setPlaying(false), setK(Math.min(last, at + 1)))}
          disabled={at >= last}
        >
          Step ▶
        </button>
        <label>
          speed{' '}
          <select
            value={speed}
            onChange={(e) => setSpeed(SPEEDS[e.currentTarget.selectedIndex])}
            data-testid="draws-speed"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <PlotFigure
        name={`machine-${machine + 1}-draws`}
        title={`Machine ${machine + 1}: the draws filling its histogram, frame ${at + 1} of ${counts.length}`}
        caption={`Each draw is the machine’s total in one evaluation column, taken in column order; red line: capacity. ${still ? 'Reduced motion: Play shows the last frame.' : ''}`}
        spec={spec}
      />
      <p role="status" data-testid="draws-caption">
        {fillCaption(frame, totals.length)}
      </p>
    </div>
  );
}
