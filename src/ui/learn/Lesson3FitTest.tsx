import { useMemo } from 'react';
import { identityRows, fillOneMachine, gpaFitCheck } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { formatNumber } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { LessonFrame, LessonWaiting, lessonPackParams } from './LessonFrame.tsx';
import { fitCheckSpec } from '../../present/learn/plots.ts';
import { RhoSlider, useLessonRho } from './RhoSlider.tsx';
import { useLessonWorkload } from './useLessonWorkload.ts';
import { fitTestPrediction } from '../../present/learn/predictions.ts';

const TASKS = 40;
const CANDIDATES = 8;
/** The machine is filled once, at this ρ, so that it stays put while the learner moves ρ. */
const FILL_RHO = 0.01;

function prob(p: number): string {
  return p === 0 ? '0' : p < 1e-4 ? formatNumber(p, 2) : formatNumber(p, 3);
}

export function Lesson3FitTest() {
  const data = useLessonWorkload(TASKS);
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const rho = useLessonRho();
  const capacity = params.capacity;
  const setup = useMemo(() => {
    if (data.status !== 'ready') return null;
    const { stats } = data.workload;
    const ts = stats.taskStats(params.source, stats.split(params.clairvoyance));
    const all = identityRows(TASKS);
    ts.ensureMoments(all);
    const k = Math.min(fillOneMachine(ts, all, capacity, FILL_RHO), TASKS - 1);
    const candidates = Array.from({ length: Math.min(CANDIDATES, TASKS - k) }, (_, i) => k + i);
    return { ts, machine: all.subarray(0, k), candidates };
  }, [data, params.source, params.clairvoyance, capacity]);
  const pick = setup ? Math.min(params.step, setup.candidates.length - 1) : 0;
  const checks = useMemo(
    () =>
      setup
        ? setup.candidates.map((c) => gpaFitCheck(setup.ts, setup.machine, c, capacity, rho))
        : [],
    [setup, capacity, rho],
  );
  const check = checks[pick];
  const prediction = useMemo(() => {
    if (!setup) return null;
    const atFill = setup.candidates.map((c) =>
      gpaFitCheck(setup.ts, setup.machine, c, capacity, FILL_RHO),
    );
    return fitTestPrediction({
      fits: atFill.filter((c) => c.fits).length,
      candidates: setup.candidates.length,
      rho: FILL_RHO,
      overflowNow: atFill[0]?.without.overflow ?? 0,
    });
  }, [setup, capacity]);
  const spec = useMemo(() => (check ? fitCheckSpec(check, capacity) : null), [check, capacity]);

  return (
    <LessonFrame
      lesson={3}
      keys="Tab to a candidate and press Enter or Space; the ρ slider follows the arrow keys."
      pack={{
        params: lessonPackParams(params, {
          tasks: TASKS,
          packer: 'ff',
          rebalance: 0,
          rho,
          machine: 0,
        }),
        label: `These ${TASKS} tasks by First Fit + GPA at ρ = ${rho}, in Pack`,
      }}
      prediction={prediction}
    >
      {data.status !== 'ready' || !setup || !check ? (
        <LessonWaiting
          message={data.status === 'ready' ? 'Preparing…' : data.message}
          error={data.status === 'error'}
        />
      ) : (
        <>
          <p className="lesson-note">
            The machine holds the first {setup.machine.length} tasks of the instance: GPA at ρ ={' '}
            {FILL_RHO} took them in order until one did not fit. Σμ ={' '}
            {formatNumber(check.without.mean)}, √Σσ² ={' '}
            {formatNumber(Math.sqrt(check.without.variance))}, capacity c = {capacity}.
          </p>
          <div className="l3-controls">
            <RhoSlider />
            <fieldset className="l3-candidates">
              <legend>Candidate task</legend>
              {setup.candidates.map((c, i) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={i === pick}
                  data-testid={`l3-candidate-${i + 1}`}
                  onClick={() => setParams({ step: i })}
                  className={checks[i].fits ? 'fits' : 'no-fit'}
                >
                  <span className="task-id">{data.workload.ids[c]}</span>
                  <small>
                    μ {formatNumber(setup.ts.mean[c])}, σ{' '}
                    {formatNumber(Math.sqrt(setup.ts.variance[c]))}{' '}
                    {checks[i].fits ? '✓ fits' : '✗ does not fit'}
                  </small>
                </button>
              ))}
            </fieldset>
          </div>
          <p
            className={`l3-verdict ${check.fits ? 'good' : 'bad'}`}
            data-testid="l3-verdict"
            role="status"
          >
            With the candidate, P(total &gt; c) = {prob(check.with.overflow)}{' '}
            {check.fits ? '≤' : '>'} ρ = {rho}:{' '}
            <strong>{check.fits ? 'fits' : 'does not fit'}</strong> (slack ρ − P ={' '}
            {formatNumber(check.slack)}; without it P = {prob(check.without.overflow)}).
          </p>
          <PlotFigure
            name="lesson3-fit"
            title="The machine’s Gaussian without and with the candidate; shaded: P(total > c)"
            spec={spec}
          />
        </>
      )}
    </LessonFrame>
  );
}
