/**
 * "When tasks move together": predict how the time-aligned replay's q compares with the independent
 * draws' q, then reveal both on the Google 2011 per-job series, which the lesson loads for itself
 * (the page's dataset, and so Pack, stay as they are until the learner opens the packing there).
 */
import { useMemo } from 'react';
import { runPacking } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { alignedJudgement, packSlo } from '../../state/pack/replay.ts';
import { formatFixed, formatQ } from '../../present/format.ts';
import { correlationPrediction } from '../../present/learn/predictions.ts';
import { LessonFrame, LessonWaiting, lessonPackParams } from './LessonFrame.tsx';
import { LESSONS } from './lessons.ts';
import { CORRELATION_DATA, CORRELATION_LESSON } from './correlationLesson.ts';
import { useLessonWorkload, useOwnDataset } from './useLessonWorkload.ts';

const PACKING = {
  packer: 'bf',
  fit: { kind: 'gpa', rho: 0.01 },
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
} as const;

function identity(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

/** Both q of the lesson's packing on the Google jobs, or why there are none yet. */
function useFigures() {
  const source = useOwnDataset(
    CORRELATION_DATA.dataset,
    CORRELATION_DATA.scale,
    'Loading the Google 2011 jobs…',
  );
  const data = useLessonWorkload(CORRELATION_DATA.tasks, source);
  const figures = useMemo(() => {
    if (data.status !== 'ready' || !source.dataset) return null;
    const { stats, rows } = data.workload;
    const result = runPacking(stats, identity(rows.length), PACKING);
    const own = packSlo(result, PACKING);
    const aligned = alignedJudgement(source.dataset, result, rows, {
      ...PACKING,
      realization: 'independent',
    });
    return aligned ? { result, own, aligned } : null;
  }, [data, source.dataset]);
  return { data, figures };
}

type Figures = NonNullable<ReturnType<typeof useFigures>['figures']>;

const ratioOf = ({ own, aligned }: Figures) => (own.mean > 0 ? aligned.mean / own.mean : Infinity);

function Reveal({ figures }: { figures: Figures }) {
  const { result, own, aligned } = figures;
  const ratio = ratioOf(figures);
  return (
    <>
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
    </>
  );
}

export function LessonCorrelation() {
  const params = useExplorer((s) => s.params);
  const lesson = LESSONS.indexOf(CORRELATION_LESSON) + 1;
  const { data, figures } = useFigures();
  const prediction = useMemo(
    () => (figures ? correlationPrediction({ ratio: ratioOf(figures) }) : null),
    [figures],
  );
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
    <LessonFrame lesson={lesson} pack={pack} prediction={prediction}>
      {figures ? (
        <Reveal figures={figures} />
      ) : data.status === 'ready' ? (
        <LessonWaiting message="These data have no time axis to replay." error />
      ) : (
        <LessonWaiting message={data.message} error={data.status === 'error'} />
      )}
    </LessonFrame>
  );
}
