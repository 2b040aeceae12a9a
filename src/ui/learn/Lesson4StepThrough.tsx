import { useMemo } from 'react';
import {
  identityRows,
  runPacking,
  slackMeaning,
  type PackTrace,
  firstDivergence,
} from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { LessonFrame, LessonWaiting, lessonPackParams } from './LessonFrame.tsx';
import { useLessonRho } from './RhoSlider.tsx';
import { TraceStepper } from './TraceStepper.tsx';
import { useLessonWorkload } from './useLessonWorkload.ts';
import { setFromPlayback } from '../playback.ts';
import { rulesPrediction } from '../../present/learn/predictions.ts';

const TASKS = 40;
/** Small machines, so that 40 tasks need about ten and the rules have choices to make. */
const CAPACITY = 0.25;

export function Lesson4StepThrough() {
  const data = useLessonWorkload(TASKS);
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const rho = useLessonRho();
  const packer = params.lessonPacker;
  const { clairvoyance, source, rebalance } = params;
  const runs = useMemo(() => {
    if (data.status !== 'ready') return null;
    const { stats } = data.workload;
    const traced = (k: 'ff' | 'bf') => {
      const trace: PackTrace = [];
      const result = runPacking(
        stats,
        identityRows(TASKS),
        {
          packer: k,
          fit: { kind: 'gpa', rho },
          capacity: CAPACITY,
          clairvoyance,
          source,
          rebalance,
        },
        trace,
      );
      return { trace, result };
    };
    const ff = traced('ff');
    const bf = traced('bf');
    const ts = stats.taskStats(source, stats.split(clairvoyance));
    return { ff, bf, parted: firstDivergence(ff.trace, bf.trace), means: ts.mean.slice(0, TASKS) };
  }, [data, rho, clairvoyance, source, rebalance]);
  const run = runs ? { ...runs[packer], means: runs.means } : null;
  const parted = runs?.parted ?? 0;
  const prediction = useMemo(
    () => (runs ? rulesPrediction({ parted: runs.parted, tasks: TASKS }) : null),
    [runs],
  );
  const other = packer === 'ff' ? 'bf' : 'ff';
  const partedAt = (k: 'ff' | 'bf') => {
    const s = runs?.[k].trace[parted - 1];
    return s?.kind === 'place' ? `M${s.machine + 1}` : s ? 'a different rebalancing move' : '';
  };

  return (
    <LessonFrame
      lesson={4}
      keys="← and → step, Home and End jump, P (or Space on the stepper) plays and pauses."
      pack={{
        params: lessonPackParams(params, {
          tasks: TASKS,
          packer,
          rho,
          capacity: CAPACITY,
          machine: null,
        }),
        label: `This packing of ${TASKS} tasks, in Pack (step through it there too)`,
      }}
      prediction={prediction}
    >
      {!run || data.status !== 'ready' ? (
        <LessonWaiting
          message={data.status === 'ready' ? 'Packing…' : data.message}
          error={data.status === 'error'}
        />
      ) : (
        <>
          <div className="l4-head">
            <div className="segmented" role="radiogroup" aria-label="Packer">
              {(['ff', 'bf'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  role="radio"
                  aria-checked={packer === k}
                  data-testid={`l4-packer-${k}`}
                  onClick={() => setParams({ lessonPacker: k })}
                >
                  {k === 'ff' ? 'First Fit' : 'Best Fit'}
                </button>
              ))}
            </div>
            <span className="lesson-note" data-testid="l4-summary">
              {TASKS} tasks from {data.workload.title}, GPA ρ = {rho}, capacity {CAPACITY}:{' '}
              {run.result.mAbs} machines, {run.result.moves} moved by rebalancing (
              {other === 'ff' ? 'First Fit' : 'Best Fit'}: {runs![other].result.mAbs} machines).
            </span>
          </div>
          {parted > 0 ? (
            <p className="lesson-note" data-testid="l4-parted">
              The two rules first choose differently at step {parted}: First Fit takes{' '}
              {partedAt('ff')}, Best Fit {partedAt('bf')}.{' '}
              <button type="button" onClick={() => setParams({ step: parted })}>
                Go to step {parted}
              </button>
            </p>
          ) : (
            <p className="lesson-note">
              On these tasks First Fit and Best Fit make the same decisions throughout.
            </p>
          )}
          <TraceStepper
            trace={run.trace}
            packer={packer}
            labels={data.workload.ids}
            means={run.means}
            capacity={CAPACITY}
            slackMeaning={slackMeaning('gpa')}
            step={params.step}
            onStep={(k, frame) => setFromPlayback({ step: k }, frame)}
          />
        </>
      )}
    </LessonFrame>
  );
}
