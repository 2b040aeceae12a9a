import { useMemo } from 'react';
import { identityRows, SLO_RHOS, sloCurve } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { formatFixed, formatQ } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { LessonFrame, LessonWaiting, lessonPackParams } from './LessonFrame.tsx';
import { sloMachinesSpec, sloSpec } from '../../present/learn/plots.ts';
import { RhoSlider, dragLessonRho, useLessonRho } from './RhoSlider.tsx';
import { useLessonWorkload } from './useLessonWorkload.ts';
import { pricePrediction } from '../../present/learn/predictions.ts';

const TASKS = 100;
const CAPACITY = 0.5;

export function Lesson5Price() {
  const data = useLessonWorkload(TASKS);
  const params = useExplorer((s) => s.params);
  const rho = useLessonRho();
  const { clairvoyance, source, rebalance } = params;
  const curve = useMemo(() => {
    if (data.status !== 'ready') return null;
    return sloCurve(data.workload.stats, identityRows(TASKS), {
      packer: 'bf',
      fit: { kind: 'gpa', rho: 0.01 },
      capacity: CAPACITY,
      clairvoyance,
      source,
      rebalance,
    });
  }, [data, clairvoyance, source, rebalance]);
  const onGrid = (SLO_RHOS as readonly number[]).includes(rho);
  const point = curve?.find((p) => p.rho === rho) ?? null;
  const qSpec = useMemo(() => (curve ? sloSpec(curve, rho) : null), [curve, rho]);
  const mSpec = useMemo(() => (curve ? sloMachinesSpec(curve, rho) : null), [curve, rho]);
  const firstBroken = curve?.find((p) => p.q > p.rho);
  const prediction = useMemo(() => {
    const at = (r: number) => curve?.find((p) => p.rho === r)?.mAbs;
    const loose = at(0.01);
    const tight = at(0.0001);
    return loose && tight ? pricePrediction({ loose, tight, tasks: TASKS }) : null;
  }, [curve]);

  return (
    <LessonFrame
      lesson={5}
      keys="Tab to the slider; ← and → move ρ. Or drag across either plot: ρ follows the pointer."
      pack={{
        params: lessonPackParams(params, {
          tasks: TASKS,
          packer: 'bf',
          rho,
          capacity: CAPACITY,
          machine: null,
        }),
        label: `This packing (Best Fit + GPA, ρ = ${rho}, ${TASKS} tasks), in Pack`,
      }}
      prediction={prediction}
    >
      {data.status !== 'ready' || !curve ? (
        <LessonWaiting
          message={data.status === 'ready' ? 'Packing…' : data.message}
          error={data.status === 'error'}
        />
      ) : (
        <>
          <p className="lesson-note">
            {TASKS} tasks from {data.workload.title}, Best Fit + GPA, machines of capacity{' '}
            {CAPACITY}, packed once for each ρ.
          </p>
          <div className="l5-controls">
            <RhoSlider label="promised SLO ρ" />
            {point ? (
              <dl className="lesson-figures" data-testid="l5-point">
                <div>
                  <dt>machines</dt>
                  <dd data-testid="l5-machines">{point.mAbs}</dd>
                </div>
                <div>
                  <dt>measured q</dt>
                  <dd data-testid="l5-q">{formatQ(point.q, point.evaluated)}</dd>
                </div>
                <div>
                  <dt>promise</dt>
                  <dd className={point.q > point.rho ? 'bad' : 'good'}>
                    {point.q > point.rho
                      ? `broken: q is ${formatFixed(point.q / point.rho, 1)}× ρ`
                      : 'kept: q ≤ ρ'}
                  </dd>
                </div>
              </dl>
            ) : (
              !onGrid && <p className="hint">Move the slider to pick one of the marked ρ.</p>
            )}
          </div>
          <div className="lesson-plots">
            <PlotFigure
              name="lesson5-q-vs-rho"
              title="Measured q against the promised ρ (log–log)"
              caption={`Dashed: q = ρ. Red points: q above the promise${firstBroken ? ` (first at ρ = ${firstBroken.rho})` : ''}; hollow: q = 0, below 1/|E|. Ringed: the slider's ρ; drag across the plot to move it.`}
              spec={qSpec}
              onDragX={dragLessonRho}
            />
            <PlotFigure
              name="lesson5-machines"
              title="Machines used against ρ"
              caption="A tighter SLO opens more machines. Drag across the plot to move ρ."
              spec={mSpec}
              onDragX={dragLessonRho}
            />
          </div>
        </>
      )}
    </LessonFrame>
  );
}
