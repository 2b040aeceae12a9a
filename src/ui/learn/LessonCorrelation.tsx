/**
 * "When tasks move together": predict how the time-aligned replay's q compares with the independent
 * draws' q, then reveal both on the Google 2011 per-job series (the lesson loads them). The link's
 * step: 0 — no prediction; 1–3 — the prediction; +10 — revealed.
 */
import { useMemo } from 'react';
import { runPacking } from '../../engine/index.ts';
import { datasetKey } from '../../state/common/datasets.ts';
import { useExplorer } from '../../state/common/store.ts';
import { alignedJudgement, packSlo } from '../../state/pack/replay.ts';
import { formatFixed, formatQ } from '../../present/format.ts';
import { LessonFrame, LessonWaiting, lessonPackParams } from './LessonFrame.tsx';
import { LESSONS } from './lessons.ts';
import { CORRELATION_DATA, CORRELATION_LESSON } from './correlationLesson.ts';
import { useLessonWorkload } from './useLessonWorkload.ts';

const PREDICTIONS = [
  'about the same as the independent q',
  'about twice the independent q',
  'ten times the independent q or more',
] as const;

const PACKING = {
  packer: 'bf',
  fit: { kind: 'gpa', rho: 0.01 },
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
} as const;

/** Both q of the lesson's packing, once the Google jobs are the loaded dataset. */
function Reveal() {
  const data = useLessonWorkload(CORRELATION_DATA.tasks);
  const dataset = useExplorer((s) => s.data.dataset);
  const loaded =
    dataset?.key === datasetKey(CORRELATION_DATA.dataset, null, CORRELATION_DATA.scale);
  const figures = useMemo(() => {
    if (data.status !== 'ready' || !loaded) return null;
    const { stats, rows } = data.workload;
    const result = runPacking(stats, identity(rows.length), PACKING);
    const own = packSlo(result, PACKING);
    const aligned = alignedJudgement(dataset, result, rows, {
      ...PACKING,
      realization: 'independent',
    });
    return { result, own, aligned };
  }, [data, dataset, loaded]);
  if (data.status !== 'ready') return <LessonWaiting {...data} error={data.status === 'error'} />;
  if (!loaded) return <LessonWaiting message="Loading the Google 2011 jobs…" />;
  if (!figures?.aligned)
    return <LessonWaiting message="These data have no time axis to replay." error />;
  const { result, own, aligned } = figures;
  const ratio = own.mean > 0 ? aligned.mean / own.mean : Infinity;
  return (
    <dl className="headline" data-testid="correlation-reveal">
      <div>
        <dt>machines</dt>
        <dd>{result.mAbs}</dd>
      </div>
      <div>
        <dt>q, independent draws</dt>
        <dd data-testid="lesson-q-independent">{formatQ(own.mean, result.evaluated)}</dd>
      </div>
      <div>
        <dt>q, replayed in time</dt>
        <dd data-testid="lesson-q-aligned">{formatQ(aligned.mean, aligned.columns)}</dd>
      </div>
      <div>
        <dt>ratio</dt>
        <dd data-testid="lesson-q-ratio">
          {Number.isFinite(ratio) ? `${formatFixed(ratio, 1)}×` : '∞'}
        </dd>
      </div>
      <div>
        <dt>worst machine, replayed</dt>
        <dd>{formatQ(aligned.worst, aligned.columns)}</dd>
      </div>
      <div>
        <dt>machines over ρ, replayed</dt>
        <dd>
          {aligned.over} of {aligned.q.length}
        </dd>
      </div>
    </dl>
  );
}

function identity(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

export function LessonCorrelation() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const lesson = LESSONS.indexOf(CORRELATION_LESSON) + 1;
  const revealed = params.step > 10;
  const prediction = params.step % 10;
  const onData =
    params.dataset === CORRELATION_DATA.dataset &&
    params.scale === CORRELATION_DATA.scale &&
    params.upload === null;
  const reveal = () =>
    setParams({
      step: prediction + 10,
      ...(onData
        ? {}
        : { dataset: CORRELATION_DATA.dataset, scale: CORRELATION_DATA.scale, upload: null }),
    });
  const pack = {
    params: {
      ...lessonPackParams(params, {
        tasks: CORRELATION_DATA.tasks,
        packer: 'bf',
        rho: 0.01,
        capacity: 1,
        rebalance: 5,
        machine: null,
      }),
      dataset: CORRELATION_DATA.dataset,
      scale: CORRELATION_DATA.scale,
      upload: null,
      clairvoyance: 1,
      realization: 'independent' as const,
    },
    label: 'Open this packing in Pack, replayed beside the independent draws',
  };
  return (
    <LessonFrame lesson={lesson} pack={pack}>
      <fieldset className="lesson-predict" data-testid="correlation-predict">
        <legend>Replayed in time, q will be…</legend>
        {PREDICTIONS.map((text, k) => (
          <label key={text}>
            <input
              type="radio"
              name="correlation-prediction"
              checked={prediction === k + 1}
              disabled={revealed}
              onChange={() => setParams({ step: k + 1 })}
            />{' '}
            {text}
          </label>
        ))}
      </fieldset>
      {!revealed ? (
        <button
          type="button"
          data-testid="correlation-reveal-button"
          disabled={prediction === 0}
          onClick={reveal}
        >
          {onData ? 'Reveal' : 'Load the Google 2011 jobs and reveal'}
        </button>
      ) : onData ? (
        <>
          <Reveal />
          <p className="hint">
            You predicted {PREDICTIONS[prediction - 1] ?? 'nothing'}. Jobs of one cluster follow the
            same daily load: the variance of a machine’s total is far above the sum of its tasks’
            variances, which is all GPA adds.
          </p>
        </>
      ) : (
        <LessonWaiting message="The lesson replays the Google 2011 jobs: reveal again to load them." />
      )}
    </LessonFrame>
  );
}
