import { useEffect, useMemo, useState, type DragEvent, type ReactNode } from 'react';
import {
  gaussianOverflow,
  gaussianRho,
  identityRows,
  runPacking,
  scoreHandPacking,
  type HandScore,
  type PackParams,
} from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { formatCount, formatNumber, formatQ } from '../../present/format.ts';
import { LessonFrame, LessonWaiting, lessonPackParams } from './LessonFrame.tsx';
import { RhoSlider, useLessonRho } from './RhoSlider.tsx';
import { useLessonWorkload, type LessonData } from './useLessonWorkload.ts';
import { readHand, writeHand } from '../../state/learn/params.ts';
import { schedulerPrediction } from '../../present/learn/predictions.ts';
import { decimalOrNull } from '../../engine/index.ts';

const TASKS = 20;
const CAPACITY = 0.25;
const MAX_MACHINES = 9;
const DRAG_TYPE = 'application/x-slopack-task';

function verdict(s: HandScore): string {
  if (s.unplaced > 0) return `Place every task first: ${s.unplaced} left.`;
  if (!s.meetsTarget)
    return `Your q is above the target: the machines are packed too tightly${s.saved > 0 ? `, even though you used ${s.saved} fewer` : ''}.`;
  const more = (k: number) => `${k} machine${k > 1 ? 's' : ''}`;
  if (!s.baselineMeets)
    return s.saved >= 0
      ? `You meet the target and Best Fit + GPA does not${s.saved > 0 ? `, with ${more(s.saved)} fewer` : ''}: you win.`
      : `You meet the target and Best Fit + GPA does not, at the price of ${more(-s.saved)} more.`;
  if (s.saved > 0) return `You beat Best Fit + GPA by ${more(s.saved)}, within the SLO.`;
  if (s.saved === 0)
    return s.q < s.baseline.q
      ? 'Same machines as Best Fit + GPA with a lower q: you win.'
      : s.q === s.baseline.q
        ? 'A tie with Best Fit + GPA.'
        : 'Same machines as Best Fit + GPA, but its q is lower.';
  return `Within the SLO, but ${more(-s.saved)} more than Best Fit + GPA.`;
}

type TaskStats = { readonly mean: ArrayLike<number>; readonly variance: ArrayLike<number> };

/** The keyboard: 1–9 puts the selected task on that machine, 0 or U takes it back, N adds one. */
function useSchedulerKeys(
  selected: number | null,
  machineCount: number,
  move: (task: number, machine: number) => void,
  addMachine: () => void,
  setSelected: (task: number | null) => void,
) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      if (e.key === 'n') addMachine();
      else if (selected !== null && /^[1-9]$/.test(e.key) && digit(e.key) <= machineCount)
        move(selected, digit(e.key) - 1);
      else if (selected !== null && (e.key === '0' || e.key === 'u')) move(selected, -1);
      else if (e.key === 'Escape') setSelected(null);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, machineCount, move, addMachine, setSelected]);
}

/** A task to place: its name, a bar of μ and σ as a share of a machine, draggable and selectable. */
function TaskChip(props: {
  t: number;
  id: string;
  mu: number;
  sd: number;
  pressed: boolean;
  onSelect: () => void;
}) {
  const { t, mu, sd } = props;
  return (
    <button
      type="button"
      draggable
      className="l6-task"
      data-testid={`l6-task-${t + 1}`}
      aria-pressed={props.pressed}
      title={`${props.id}: μ ${formatNumber(mu)}, σ ${formatNumber(sd)}`}
      onClick={props.onSelect}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(t));
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <span className="l6-task-name">T{t + 1}</span>
      <span className="l6-task-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, (mu / CAPACITY) * 100)}%` }} />
        <i
          style={{
            left: `${Math.min(100, (mu / CAPACITY) * 100)}%`,
            width: `${Math.min(100, (sd / CAPACITY) * 100)}%`,
          }}
        />
      </span>
      <small>
        μ {formatNumber(mu, 3)} σ {formatNumber(sd, 3)}
      </small>
    </button>
  );
}

const allowDrop = (e: DragEvent) => {
  e.preventDefault();
  e.dataTransfer.dropEffect = 'move';
};

/** The digit a key 1–9 stands for. */
const digit = (key: string) => key.charCodeAt(0) - 48;

/** What a drop on `machine` (−1: the pool) does: moves the dragged task there. */
const dropOn =
  (machine: number, move: (task: number, machine: number) => void) => (e: DragEvent) => {
    e.preventDefault();
    const t = decimalOrNull(e.dataTransfer.getData(DRAG_TYPE));
    if (t !== null && Number.isInteger(t) && t >= 0 && t < TASKS) move(t, machine);
  };

/** One machine of the hand packing: its tasks, Σμ and the Gaussian overflow probability. */
function HandMachine(props: {
  m: number;
  where: readonly number[];
  ts: TaskStats;
  rho: number;
  selected: number | null;
  move: (task: number, machine: number) => void;
  chip: (t: number) => ReactNode;
}) {
  const { m, where, ts, selected, move } = props;
  const tasks = where.flatMap((j, t) => (j === m ? [t] : []));
  let mu = 0;
  let v = 0;
  for (const t of tasks) {
    mu += ts.mean[t];
    v += ts.variance[t];
  }
  const p = tasks.length ? gaussianOverflow(mu, v, CAPACITY) : 0;
  return (
    <section
      className={`l6-machine${p > props.rho ? ' over' : ''}`}
      aria-label={`Machine ${m + 1}`}
      data-testid={`l6-machine-${m + 1}`}
      onDragOver={allowDrop}
      onDrop={dropOn(m, move)}
    >
      <h3>
        Machine {m + 1}{' '}
        <small>
          Σμ {formatNumber(mu, 3)} · Gaussian P {p === 0 ? '0' : formatNumber(p, 3)}
        </small>
      </h3>
      <div className="l6-tasks" role="group">
        {tasks.map(props.chip)}
      </div>
      {selected !== null && where[selected] !== m && (
        <button
          type="button"
          className="l1-move"
          data-testid={`l6-move-to-${m + 1}`}
          onClick={() => move(selected, m)}
        >
          Put T{selected + 1} here ({m + 1})
        </button>
      )}
    </section>
  );
}

/** The score: the verdict, why the baseline may miss, and you against Best Fit + GPA. */
function ScoreReport({ current, rho }: { current: HandScore; rho: number }) {
  return (
    <div className="l6-score" data-testid="l6-score" role="status">
      <p className="l6-verdict">
        <strong>{verdict(current)}</strong>
      </p>
      {!current.baselineMeets && (
        <p className="l6-baseline-misses" data-testid="l6-baseline-misses">
          Best Fit + GPA itself misses the target here: its q ={' '}
          {formatQ(current.baseline.q, current.baseline.evaluated)} is above ρ = {rho}. GPA assumes
          each machine’s total is Gaussian, and the sum of a few tasks has a heavier tail than that
          (Lesson 2), so a packing GPA accepts can overflow more often than it promised.
        </p>
      )}
      <table className="task-table">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">machines</th>
            <th scope="col">q</th>
            <th scope="col">machines with q_j &gt; ρ</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="l6-score-you">
            <th scope="row">you</th>
            <td>{current.mAbs}</td>
            <td>{current.mAbs ? formatQ(current.q, current.evaluated) : '—'}</td>
            <td>{current.overTarget}</td>
          </tr>
          <tr data-testid="l6-score-baseline">
            <th scope="row">Best Fit + GPA</th>
            <td>{current.baseline.mAbs}</td>
            <td className={current.baselineMeets ? undefined : 'bad'}>
              {formatQ(current.baseline.q, current.baseline.evaluated)}
            </td>
            <td>{current.baseline.machines.filter((m) => m.q > rho).length}</td>
          </tr>
        </tbody>
      </table>
      <p className="plot-caption">
        Target ρ = {rho}; mean-load size m_norm = ⌈Σμ / c⌉ = {current.mNorm} machines (a packing
        that often overflows can use fewer); q measured over {formatCount(current.evaluated)}{' '}
        realizations.
      </p>
    </div>
  );
}

/** The tasks still to place (a drop target that takes a task back). */
function TaskPool(props: {
  unplaced: readonly number[];
  chip: (t: number) => ReactNode;
  move: (task: number, machine: number) => void;
}) {
  const { unplaced } = props;
  return (
    <section
      className="l6-pool"
      aria-label="Tasks to place"
      onDragOver={allowDrop}
      onDrop={dropOn(-1, props.move)}
      data-testid="l6-pool"
    >
      <h3>To place ({unplaced.length})</h3>
      <div className="l6-tasks" role="group">
        {unplaced.length === 0 ? (
          <span className="hint">All placed.</span>
        ) : (
          unplaced.map(props.chip)
        )}
      </div>
    </section>
  );
}

function ScoreActions({ onScore, onReset }: { onScore: () => void; onReset: () => void }) {
  return (
    <div className="l6-score-actions">
      <button type="button" className="primary" data-testid="l6-score-button" onClick={onScore}>
        Score my packing
      </button>
      <button type="button" onClick={onReset}>
        Start over
      </button>
    </div>
  );
}

/** The prediction: the machines Best Fit + GPA needs for the lesson's tasks. */
function useSchedulerPrediction(data: LessonData, ts: TaskStats | null, packParams: PackParams) {
  return useMemo(() => {
    if (data.status !== 'ready' || !ts) return null;
    const rows = identityRows(TASKS);
    return schedulerPrediction({
      machines: runPacking(data.workload.stats, rows, packParams).mAbs,
      meanSum: Array.from(rows, (r) => ts.mean[r]).reduce((a, b) => a + b, 0),
      capacity: CAPACITY,
      tasks: TASKS,
      rho: gaussianRho(packParams.fit) ?? NaN,
    });
  }, [data, ts, packParams]);
}

/** The hand packing, kept in the lesson's link; machines added beyond the last one used are kept here. */
function useHandPacking() {
  const hand = useExplorer((s) => s.params.hand);
  const setParams = useExplorer((s) => s.setParams);
  const where = useMemo(
    () => readHand(hand, TASKS).map((m) => (m < MAX_MACHINES ? m : -1)),
    [hand],
  );
  const setWhere = (f: (w: number[]) => number[]) => setParams({ hand: writeHand(f(where)) });
  const [added, setAdded] = useState(3);
  const machineCount = Math.min(MAX_MACHINES, Math.max(added, ...where.map((m) => m + 1)));
  const addMachine = () => setAdded(Math.min(MAX_MACHINES, machineCount + 1));
  return { where, setWhere, machineCount, addMachine };
}

export function Lesson6Scheduler() {
  const data = useLessonWorkload(TASKS);
  const params = useExplorer((s) => s.params);
  const rho = useLessonRho();
  const { where, setWhere, machineCount, addMachine } = useHandPacking();
  const [selected, setSelected] = useState<number | null>(null);
  const [score, setScore] = useState<{ key: string; score: HandScore } | null>(null);
  const { clairvoyance, source, rebalance } = params;
  const packParams = useMemo(
    () =>
      ({
        packer: 'bf',
        fit: { kind: 'gpa', rho },
        capacity: CAPACITY,
        clairvoyance,
        source,
        rebalance,
      }) as const,
    [rho, clairvoyance, source, rebalance],
  );
  const ts = useMemo(() => {
    if (data.status !== 'ready') return null;
    const { stats } = data.workload;
    const t = stats.taskStats(source, stats.split(clairvoyance));
    t.ensureMoments(identityRows(TASKS));
    return t;
  }, [data, source, clairvoyance]);

  const prediction = useSchedulerPrediction(data, ts, packParams);

  const move = (task: number, machine: number) => {
    setWhere((w) => w.map((m, t) => (t === task ? machine : m)));
    setSelected(null);
  };
  useSchedulerKeys(selected, machineCount, move, addMachine, setSelected);

  const key = `${where.join(',')}|${rho}|${clairvoyance}|${source}|${rebalance}`;
  const current = score && score.key === key ? score.score : null;

  if (data.status !== 'ready' || !ts)
    return (
      <LessonFrame lesson={6} pack={null} prediction={null}>
        <LessonWaiting message={data.status === 'ready' ? 'Preparing…' : data.message} />
      </LessonFrame>
    );

  const chip = (t: number) => (
    <TaskChip
      key={t}
      t={t}
      id={data.workload.ids[t]}
      mu={ts.mean[t]}
      sd={Math.sqrt(ts.variance[t])}
      pressed={selected === t}
      onSelect={() => setSelected(selected === t ? null : t)}
    />
  );
  const unplaced = where.flatMap((m, t) => (m === -1 ? [t] : []));

  return (
    <LessonFrame
      lesson={6}
      keys="Click (or Tab + Enter) a task, then 1–9 puts it on that machine, 0 takes it back; N adds a machine; tasks can also be dragged."
      pack={{
        params: lessonPackParams(params, {
          tasks: TASKS,
          packer: 'bf',
          rho,
          capacity: CAPACITY,
          machine: null,
        }),
        label: `Best Fit + GPA on these ${TASKS} tasks, in Pack`,
      }}
      prediction={prediction}
    >
      <div className="l6-head">
        <RhoSlider label="target SLO ρ" />
        <p className="lesson-note">
          Machines of capacity {CAPACITY}. Task bars: mean μ (filled) and one σ (line) as a share of
          a machine.
        </p>
      </div>
      <TaskPool unplaced={unplaced} chip={chip} move={move} />
      <div className="l6-machines">
        {Array.from({ length: machineCount }, (_, m) => (
          <HandMachine
            key={m}
            m={m}
            where={where}
            ts={ts}
            rho={rho}
            selected={selected}
            move={move}
            chip={chip}
          />
        ))}
        {machineCount < MAX_MACHINES && (
          <button type="button" className="l6-add" onClick={addMachine} data-testid="l6-add">
            + machine
          </button>
        )}
      </div>
      <ScoreActions
        onScore={() =>
          setScore({ key, score: scoreHandPacking(data.workload.stats, where, packParams, rho) })
        }
        onReset={() => {
          setWhere(() => new Array<number>(TASKS).fill(-1));
          setSelected(null);
        }}
      />
      {current && <ScoreReport current={current} rho={rho} />}
      {score && !current && (
        <p className="hint" data-testid="l6-stale">
          You changed the packing: score it again.
        </p>
      )}
    </LessonFrame>
  );
}
