/**
 * The pooling lesson: identical tasks (μ, σ) at SLO ε on one machine of capacity C; how many fit
 * when each adds its percentile (HARMONY's containers) and when the machine's sum is tested (GPA),
 * filled one task at a time (the link's step), with the overflow measured by 20,000 seeded draws.
 */
import { useEffect, useMemo, useState } from 'react';
import { poolingCounts, poolingOverflow } from '../../engine/learn/index.ts';
import { poolingSpec } from '../../present/learn/poolingPlots.ts';
import { DEFAULT_PARAMS } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { LessonFrame, followLink } from './LessonFrame.tsx';
import { LESSONS, hrefOf } from './lessons.ts';
import { POOLING_LESSON } from './poolingLesson.ts';
import { setFromPlayback, usePlaybackFrames } from '../playback.ts';
import { formatCount, formatFixed } from '../../present/format.ts';
import { poolingPrediction } from '../../present/learn/predictions.ts';

/** The worked example the prediction asks about, where the sliders start. */
const WORKED = { mu: 0.05, sigma: 0.02, eps: 0.01, capacity: 1 } as const;

const DRAWS = 20_000;

function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  return (
    <label className="field">
      <span>
        {props.label} = <output>{props.value}</output>
      </span>
      <input
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.valueAsNumber)}
      />
    </label>
  );
}

/** An overflow frequency or ε, a decimal as every probability of the page. */
const share = (q: number) => formatFixed(q, 4);

interface PoolingValues {
  mu: number;
  sigma: number;
  eps: number;
  capacity: number;
}

function PoolingControls({
  values: { mu, sigma, eps, capacity },
  set: { setMu, setSigma, setEps, setCapacity },
}: {
  values: PoolingValues;
  set: Record<'setMu' | 'setSigma' | 'setEps' | 'setCapacity', (v: number) => void>;
}) {
  return (
    <div className="pooling-controls">
      <Slider
        label="μ"
        value={mu}
        min={0.01}
        max={0.2}
        step={0.01}
        onChange={setMu}
        testId="pool-mu"
      />
      <Slider
        label="σ"
        value={sigma}
        min={0}
        max={0.1}
        step={0.005}
        onChange={setSigma}
        testId="pool-sigma"
      />
      <Slider
        label="ε"
        value={eps}
        min={0.001}
        max={0.1}
        step={0.001}
        onChange={setEps}
        testId="pool-eps"
      />
      <Slider
        label="C"
        value={capacity}
        min={0.25}
        max={2}
        step={0.25}
        onChange={setCapacity}
        testId="pool-capacity"
      />
    </div>
  );
}

export function Lesson8Pooling() {
  const lesson = LESSONS.indexOf(POOLING_LESSON) + 1;
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const [mu, setMu] = useState<number>(WORKED.mu);
  const [sigma, setSigma] = useState<number>(WORKED.sigma);
  const [eps, setEps] = useState<number>(WORKED.eps);
  const [capacity, setCapacity] = useState<number>(WORKED.capacity);
  const prediction = useMemo(() => {
    const worked = poolingCounts(WORKED.mu, WORKED.sigma, WORKED.eps, WORKED.capacity, 400);
    return poolingPrediction({ ...worked, mu: WORKED.mu, sigma: WORKED.sigma });
  }, []);
  const [playing, setPlaying] = useState(false);
  const frame = usePlaybackFrames(playing);
  const counts = useMemo(
    () => poolingCounts(mu, sigma, eps, capacity, 400),
    [mu, sigma, eps, capacity],
  );
  const nMax = Math.max(counts.pooled + 3, 4);
  const step = Math.min(params.step, nMax);
  useEffect(() => {
    if (!playing) return;
    if (step >= nMax) {
      const stop = setTimeout(() => setPlaying(false), 0);
      return () => clearTimeout(stop);
    }
    const t = setTimeout(() => setFromPlayback({ step: step + 1 }, frame()), 350);
    return () => clearTimeout(t);
  }, [playing, step, nMax, frame]);
  const spec = useMemo(
    () => poolingSpec(mu, sigma, counts.z, capacity, nMax, step),
    [mu, sigma, counts.z, capacity, nMax, step],
  );
  const q = useMemo(
    () => ({
      additive: poolingOverflow(counts.additive, mu, sigma, capacity, DRAWS, params.seed),
      pooled: poolingOverflow(counts.pooled, mu, sigma, capacity, DRAWS, params.seed),
    }),
    [counts, mu, sigma, capacity, params.seed],
  );
  const cluster = {
    ...params,
    view: 'cluster' as const,
    cluster: { ...DEFAULT_PARAMS.cluster, ...params.cluster, fit: 'gpa' as const, eps },
  };
  return (
    <LessonFrame
      lesson={lesson}
      pack={null}
      keys="The sliders follow the arrow keys."
      prediction={prediction}
    >
      <div data-testid="lesson-pooling" className="pooling">
        <PoolingControls
          values={{ mu, sigma, eps, capacity }}
          set={{ setMu, setSigma, setEps, setCapacity }}
        />
        <p className="lesson-note">
          Z = Φ⁻¹(1 − ε) = {formatFixed(counts.z, 3)}. Adding percentiles fits{' '}
          <strong data-testid="pool-count-additive">{counts.additive}</strong> tasks (measured
          overflow {share(q.additive)}); pooling fits{' '}
          <strong data-testid="pool-count-pooled">{counts.pooled}</strong> (measured overflow{' '}
          {share(q.pooled)}, target ε = {eps}), over {formatCount(DRAWS)} draws of Gaussian tasks.
        </p>
        <div className="pooling-play">
          <button
            type="button"
            data-testid="pool-play"
            onClick={() => {
              if (step >= nMax) setParams({ step: 0 });
              setPlaying((p) => !p);
            }}
          >
            {playing ? 'Pause' : 'Play: add tasks one at a time'}
          </button>{' '}
          <span>
            tasks placed: <output data-testid="pool-step">{step}</output>
          </span>
        </div>
        <PlotFigure
          name="lesson-pooling"
          title="Reserved capacity as tasks are added"
          caption="Filled dots fit under the capacity, hollow ones do not. The gap between the curves is the tail that pooling shares: √n deviations instead of n."
          spec={spec}
        />
        <p>
          <a
            data-testid="open-in-cluster"
            href={hrefOf(cluster)}
            onClick={(e) => followLink(e, () => setParams(cluster))}
          >
            The same comparison on real CPU and memory series, on HARMONY’s machine types, in the
            Cluster view →
          </a>
        </p>
      </div>
    </LessonFrame>
  );
}
