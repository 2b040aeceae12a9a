import { useEffect, useMemo } from 'react';
import { sumOfFirst, sumVerdict, type WorkloadStats } from '../../engine/index.ts';
import { SliderNumber, linearScale } from '../SliderNumber.tsx';
import { useExplorer } from '../../state/common/store/store.ts';
import { formatCount, formatFixed, formatNumber } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { LessonFrame, LessonWaiting } from './LessonFrame.tsx';
import { errorByNSpec, sumSpec } from '../../present/learn/plots.ts';
import { useLessonWorkload } from './useLessonWorkload.ts';
import { sumsPrediction } from '../../present/learn/predictions.ts';
import { decimalOrNull } from '../../engine/index.ts';

/** The Gaussian's 99th percentile is close enough at this relative error. */
const CLOSE = 0.05;

/** The fewest tasks whose sum's 99th percentile the Gaussian meets within CLOSE (null: none up to MAX_TASKS). */
function firstWithin(
  stats: WorkloadStats,
  curve: readonly { n: number; error: number }[],
): number | null {
  const at = curve.findIndex((p) => Math.abs(p.error) < CLOSE);
  if (at < 0) return null;
  // Between the curve's points, every N is tried.
  for (let n = at === 0 ? 1 : curve[at - 1].n + 1; n < curve[at].n; n++)
    if (Math.abs(sumVerdict(sumOfFirst(stats, n)).relativeError99) < CLOSE) return n;
  return curve[at].n;
}

type SumVerdictResult = ReturnType<typeof sumVerdict>;

const MAX_TASKS = 100;
/** N at which the error curve is drawn (every N would be 100 A–D tests on one click). */
const CURVE_N = [
  ...Array.from({ length: 20 }, (_, i) => i + 1),
  ...Array.from({ length: 16 }, (_, i) => 25 + 5 * i),
];

function pct(x: number): string {
  return `${x > 0 ? '+' : ''}${formatFixed(x * 100, 1)} %`;
}

/** + adds a task, − removes one (outside text fields). */
function usePlusMinusKeys(n: number, setN: (k: number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
      if (e.key === '+' || e.key === '=') setN(n + 1);
      else if (e.key === '-') setN(n - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [n, setN]);
}

/** The buttons and the slider that set N. */
function SumControls({ n, setN }: { n: number; setN: (k: number) => void }) {
  return (
    <div className="l2-controls">
      <button type="button" onClick={() => setN(n - 1)} disabled={n <= 1}>
        − Remove a task
      </button>
      <button
        type="button"
        onClick={() => setN(n + 1)}
        disabled={n >= MAX_TASKS}
        data-testid="l2-add"
      >
        + Add a task
      </button>
      <button type="button" onClick={() => setN(n + 10)} disabled={n >= MAX_TASKS}>
        + 10
      </button>
      <SliderNumber
        className="l2-slider"
        label="Number of tasks in the sum"
        caption="N ="
        value={n}
        scale={linearScale(1, MAX_TASKS)}
        problem={(raw) => {
          const v = decimalOrNull(raw);
          return v !== null && Number.isInteger(v) && v >= 1 && v <= MAX_TASKS
            ? null
            : `a whole number of tasks from 1 to ${MAX_TASKS}`;
        }}
        valueTestId="l2-n"
        onChange={setN}
      />
    </div>
  );
}

/** The sum's verdict: its mean, the Anderson–Darling test and the 99th percentile's error. */
function SumVerdict({ verdict, latestId }: { verdict: SumVerdictResult; latestId: string }) {
  return (
    <dl className="lesson-figures" data-testid="l2-verdict">
      <div>
        <dt>latest task</dt>
        <dd className="task-id">{latestId}</dd>
      </div>
      <div>
        <dt>mean total</dt>
        <dd>{formatNumber(verdict.mean)}</dd>
      </div>
      <div>
        <dt>Anderson–Darling A² (5 % limit)</dt>
        <dd>
          {formatNumber(verdict.a2)} ({verdict.critical}){' '}
          <span className={verdict.rejected ? 'bad' : 'good'}>
            {verdict.rejected ? 'not Gaussian' : 'Gaussian'}
          </span>
        </dd>
      </div>
      <div>
        <dt>99th percentile: measured / Gaussian</dt>
        <dd>
          {formatNumber(verdict.p99)} / {formatNumber(verdict.gaussianP99)}{' '}
          <span
            data-testid="l2-error"
            className={Math.abs(verdict.relativeError99) < CLOSE ? 'good' : 'bad'}
          >
            {pct(verdict.relativeError99)}
          </span>
        </dd>
      </div>
    </dl>
  );
}

export function Lesson2Sums() {
  const data = useLessonWorkload(MAX_TASKS);
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const n = Math.min(MAX_TASKS, Math.max(1, params.step));
  const setN = (k: number) => setParams({ step: Math.min(MAX_TASKS, Math.max(1, k)) });
  const stats = data.status === 'ready' ? data.workload.stats : null;
  const view = useMemo(() => {
    if (!stats) return null;
    const totals = sumOfFirst(stats, n);
    return { totals, verdict: sumVerdict(totals) };
  }, [stats, n]);
  const curve = useMemo(
    () =>
      stats
        ? CURVE_N.map((k) => ({ n: k, error: sumVerdict(sumOfFirst(stats, k)).relativeError99 }))
        : [],
    [stats],
  );
  const hist = useMemo(
    () => (view ? sumSpec(view.totals, view.verdict.mean, view.verdict.sd) : null),
    [view],
  );
  const errors = useMemo(
    () =>
      view
        ? errorByNSpec(
            CURVE_N.includes(n)
              ? curve
              : [...curve, { n, error: view.verdict.relativeError99 }].sort((a, b) => a.n - b.n),
            n,
          )
        : null,
    [curve, view, n],
  );

  const prediction = useMemo(
    () =>
      stats && curve.length
        ? sumsPrediction({
            firstWithin: firstWithin(stats, curve),
            maxTasks: MAX_TASKS,
            oneTaskError: curve[0].error,
          })
        : null,
    [stats, curve],
  );

  usePlusMinusKeys(n, setN);

  const maxTotal = view ? view.totals.reduce((a, b) => Math.max(a, b), 0) : 1;
  return (
    <LessonFrame
      lesson={2}
      keys="+ adds a task, − removes one; the slider also follows the arrow keys."
      pack={
        view
          ? {
              params: {
                ...params,
                view: 'pack',
                tasks: n,
                // Room for all N on one machine, so Pack's machine 1 shows this very sum.
                capacity: Math.max(1, Math.ceil(maxTotal * 1.5 * 10) / 10),
                machine: 0,
              },
              label: `${n === 1 ? 'This task' : `These ${n} tasks`} on one machine, in Pack`,
            }
          : null
      }
      prediction={prediction}
    >
      {data.status !== 'ready' ? (
        <LessonWaiting message={data.message} error={data.status === 'error'} />
      ) : (
        <>
          <SumControls n={n} setN={setN} />
          {view && <SumVerdict verdict={view.verdict} latestId={data.workload.ids[n - 1]} />}
          <div className="lesson-plots">
            <PlotFigure
              name={`lesson2-sum-${n}`}
              title={`Total of ${n} task${n > 1 ? 's' : ''} over ${formatCount(params.realizations)} realizations, and the fitted Gaussian`}
              caption={`Tasks drawn from ${data.workload.title}.`}
              spec={hist}
            />
            <PlotFigure
              name="lesson2-error"
              title="How far the Gaussian’s 99th percentile is from the measured one, by N"
              spec={errors}
            />
          </div>
        </>
      )}
    </LessonFrame>
  );
}
