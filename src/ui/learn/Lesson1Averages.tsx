import { useEffect, useMemo, useState } from 'react';
import {
  THREE_TASKS,
  THREE_TASK_CAPACITY,
  THREE_TASK_PRESET_ID,
  THREE_TASK_MACHINES,
  decodeAssignment,
  encodeAssignment,
  machineUsage,
  packThreeTasks,
  packThreeTasksByMeans,
  presetById,
  threeTaskWorkload,
  type MachineUsage,
} from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { LessonFrame, type PackLink } from './LessonFrame.tsx';
import type { Params } from '../../state/common/store/params.ts';
import { usageSpec } from '../../present/learn/plots.ts';
import { formatCount, formatFixed } from '../../present/format.ts';
import { averagesPrediction } from '../../present/learn/predictions.ts';
import { decimalOrNull } from '../../engine/index.ts';

const R = 10_000;
const DRAG_TYPE = 'application/x-slopack-task';

/** A machine's overflow frequency, a decimal as every q of the page (docs/conventions.md). */
function overflowShare(q: number): string {
  return q === 0 ? `0 (none of ${formatCount(R)} draws)` : formatFixed(q, 3);
}

/** Pack's link from the lesson: GPA on the three tasks where their preset exists, else 40 real tasks by means. */
function packLink(params: Params): PackLink {
  return presetById(THREE_TASK_PRESET_ID)
    ? {
        // GPA packs the three tasks the same way in any order: A and B together, C alone.
        params: {
          ...params,
          view: 'pack',
          dataset: THREE_TASK_PRESET_ID,
          upload: null,
          scale: 1,
          tasks: 3,
          realizations: R,
          packer: 'ff',
          fit: { kind: 'gpa', rho: 0.1 },
          capacity: THREE_TASK_CAPACITY,
          clairvoyance: 1,
          source: 'inst',
          rebalance: 0,
          machine: 0,
        },
        label: 'GPA’s packing of these three tasks, in Pack',
      }
    : {
        params: { ...params, view: 'pack', fit: { kind: 'av', f: 1 }, tasks: 40, machine: 0 },
        label: 'Packing by means on 40 real tasks, in Pack',
      };
}

/** The keyboard: A, B or C selects a task; 1 or 2 moves the selected one there; Esc cancels. */
function useAssignmentKeys(
  selected: number | null,
  setSelected: (task: number | null) => void,
  move: (task: number, machine: number) => void,
) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const task = ['a', 'b', 'c'].indexOf(e.key.toLowerCase());
      if (task >= 0) {
        setSelected(task);
        e.preventDefault();
      } else if ((e.key === '1' || e.key === '2') && selected !== null) {
        move(selected, e.key === '1' ? 0 : 1);
        e.preventDefault();
      } else if (e.key === 'Escape') setSelected(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, setSelected, move]);
}

/** One machine: its tasks (draggable, selectable), the move button, its overflow and usage plot. */
function MachineCard({
  m,
  u,
  spec,
  selected,
  where,
  setSelected,
  move,
}: {
  m: number;
  u: MachineUsage;
  spec: ReturnType<typeof usageSpec>;
  selected: number | null;
  where: readonly number[];
  setSelected: (task: number | null) => void;
  move: (task: number, machine: number) => void;
}) {
  return (
    <section
      className={`l1-machine${u.overflows > 0 ? ' overflowing' : ''}`}
      data-testid={`l1-machine-${m + 1}`}
      aria-label={`Machine ${m + 1}`}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }}
      onDrop={(e) => {
        e.preventDefault();
        const task = decimalOrNull(e.dataTransfer.getData(DRAG_TYPE));
        if (task !== null && Number.isInteger(task) && task >= 0 && task < 3) move(task, m);
      }}
    >
      <h3>
        Machine {m + 1} <small>capacity {THREE_TASK_CAPACITY}</small>
      </h3>
      <div className="l1-tasks" role="group">
        {u.tasks.length === 0 && <span className="hint">empty: drop a task here</span>}
        {u.tasks.map((t) => (
          <button
            key={t}
            type="button"
            draggable
            className={`l1-task l1-task-${THREE_TASKS[t].id}`}
            data-testid={`l1-task-${THREE_TASKS[t].id}`}
            aria-pressed={selected === t}
            onClick={() => setSelected(selected === t ? null : t)}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, String(t));
              e.dataTransfer.effectAllowed = 'move';
            }}
          >
            {THREE_TASKS[t].label}
          </button>
        ))}
      </div>
      {selected !== null &&
        where[selected] === m &&
        Array.from({ length: THREE_TASK_MACHINES }, (_, k) => k)
          .filter((k) => k !== m)
          .map((k) => (
            <button
              key={k}
              type="button"
              className="l1-move l1-move-near"
              data-testid={`l1-move-near-to-${k + 1}`}
              onClick={() => move(selected, k)}
            >
              Move {THREE_TASKS[selected].id} to machine {k + 1}
            </button>
          ))}
      {selected !== null && where[selected] !== m && (
        <button
          type="button"
          className="l1-move"
          data-testid={`l1-move-to-${m + 1}`}
          onClick={() => move(selected, m)}
        >
          Move {THREE_TASKS[selected].id} here ({m + 1})
        </button>
      )}
      <p className="l1-q" data-testid={`l1-q-${m + 1}`}>
        Over capacity in a share <strong>{overflowShare(u.q)}</strong> of the draws; mean usage{' '}
        {u.tasks.length ? formatFixed(u.mean, 3) : '0'}.
      </p>
      <PlotFigure
        name={`lesson1-machine-${m + 1}`}
        title={`Machine ${m + 1}: usage over ${formatCount(R)} draws`}
        spec={spec}
      />
    </section>
  );
}

export function Lesson1Averages() {
  const seed = useExplorer((s) => s.params.seed);
  const step = useExplorer((s) => s.params.step);
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const stats = useMemo(() => threeTaskWorkload(R, seed), [seed]);
  const byMeans = useMemo(() => packThreeTasksByMeans(), []);
  const byGpa = useMemo(() => packThreeTasks(stats, { kind: 'gpa', rho: 0.1 }), [stats]);
  const where = useMemo(
    () => (step >= 1 && step <= 8 ? decodeAssignment(step - 1) : byMeans),
    [step, byMeans],
  );
  const [selected, setSelected] = useState<number | null>(null);
  const split = useMemo(() => stats.split(1), [stats]);
  const usage = useMemo(
    () =>
      Array.from({ length: THREE_TASK_MACHINES }, (_, m) =>
        machineUsage(
          stats,
          [0, 1, 2].filter((t) => where[t] === m),
          split,
          THREE_TASK_CAPACITY,
        ),
      ),
    [stats, split, where],
  );
  const specs = useMemo(() => usage.map((u) => usageSpec(u.totals, THREE_TASK_CAPACITY)), [usage]);
  const prediction = useMemo(() => {
    const withC = [0, 1, 2].filter((t) => byMeans[t] === byMeans[2]);
    return averagesPrediction({
      overflow: machineUsage(stats, withC, split, THREE_TASK_CAPACITY).q,
      draws: R,
    });
  }, [stats, split, byMeans]);

  const move = (task: number, machine: number) => {
    const next = [...where];
    next[task] = machine;
    setParams({ step: encodeAssignment(next) + 1 });
    setSelected(null);
  };

  useAssignmentKeys(selected, setSelected, move);

  const total = usage.reduce((a, u) => a + u.overflows, 0) / (usage.length * R);
  const same = (a: readonly number[]) => a.every((m, t) => m === where[t]);

  return (
    <LessonFrame
      lesson={1}
      keys="A, B or C selects a task; 1 or 2 moves it to that machine; Esc cancels."
      pack={packLink(params)}
      prediction={prediction}
    >
      <div className="l1-actions">
        <button type="button" onClick={() => setParams({ step: encodeAssignment(byMeans) + 1 })}>
          Pack by means (0.5 each)
        </button>
        <button type="button" onClick={() => setParams({ step: encodeAssignment(byGpa) + 1 })}>
          Pack with GPA (ρ = 0.1)
        </button>
        <span className="l1-status" data-testid="l1-status">
          {same(byMeans) && 'This is the packing by means. '}
          {same(byGpa) && 'This is GPA’s packing. '}
          Overflow frequency over both machines: <strong>{overflowShare(total)}</strong>
        </span>
      </div>
      <div className="l1-machines">
        {usage.map((u, m) => (
          <MachineCard
            key={m}
            m={m}
            u={u}
            spec={specs[m]}
            selected={selected}
            where={where}
            setSelected={setSelected}
            move={move}
          />
        ))}
      </div>
    </LessonFrame>
  );
}
