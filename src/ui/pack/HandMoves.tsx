/**
 * Pack's hand moves: the verdict on the last move, the moves the link carries (undo the last or
 * all), and the keyboard's way to move a task (choose a task of the open machine, then a machine).
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import type { MachineTask } from '../../present/pack/machineView.ts';
import { moveVerdict } from '../../present/pack/handMove.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { useController } from '../controllerContext.ts';
import { moveNote, taskName, tryMove, undoMoves } from './handMoves.ts';

/** The moves in the link that the fit test refused on this packing (a link written by hand). */
function useRefusedMoves(): string[] {
  const outcomes = useExplorer((s) => s.pack.response?.handMoves);
  const fit = useExplorer((s) => s.params.fit);
  return (outcomes ?? [])
    .filter((o) => !o.fits)
    .map((o) => moveVerdict(o, taskName(o.task), o.to, fit));
}

export function HandMovesBar() {
  const note = useStore(moveNote, (s) => s.note);
  const moves = useExplorer((s) => s.params.moves);
  const refused = useRefusedMoves();
  if (!note && moves.length === 0) return null;
  return (
    <div className="hand-moves" data-testid="hand-moves">
      {note && (
        <p role="status" className={note.fits ? 'hint' : 'warning'} data-testid="hand-move-note">
          {note.fits ? 'Moved: ' : 'Not moved: '}
          {note.text}.
        </p>
      )}
      {moves.length > 0 && (
        <p className="hint">
          {moves.length === 1 ? 'One task' : `${moves.length} tasks`} moved by hand after the
          packing (kept in the link; the numbers above are the packing with the moves).{' '}
          <button type="button" data-testid="undo-move" onClick={() => undoMoves('last')}>
            Undo the last move
          </button>{' '}
          <button type="button" onClick={() => undoMoves('all')}>
            Undo all
          </button>
        </p>
      )}
      {refused.map((text) => (
        <p key={text} className="warning">
          A move in the link was refused: {text}.
        </p>
      ))}
    </div>
  );
}

/** The keyboard's way: a task of machine `machine` (0-based) sent to another machine. */
export function MoveTaskForm({
  machine,
  machines,
  tasks,
}: {
  machine: number;
  machines: number;
  tasks: readonly MachineTask[];
}) {
  const { runner } = useController();
  const [task, setTask] = useState(0);
  const [to, setTo] = useState(machine === 0 ? 1 : 0);
  const chosen = tasks[Math.min(task, tasks.length - 1)];
  if (!chosen || machines < 2) return null;
  const others = Array.from({ length: machines - 1 }, (_, k) => (k < machine ? k : k + 1));
  const target = others.includes(to) ? to : others[0];
  return (
    <form
      className="move-task"
      aria-label="Move a task to another machine"
      onSubmit={(e) => {
        e.preventDefault();
        void tryMove(runner, { task: chosen.position, to: target });
      }}
    >
      <label>
        Move task{' '}
        <select
          data-testid="move-task"
          value={Math.min(task, tasks.length - 1)}
          onChange={(e) => setTask(e.currentTarget.selectedIndex)}
        >
          {tasks.map((t, k) => (
            <option key={t.position} value={k}>
              {t.id}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        to machine{' '}
        <select
          data-testid="move-to"
          value={target}
          onChange={(e) => setTo(others[e.currentTarget.selectedIndex])}
        >
          {others.map((j) => (
            <option key={j} value={j}>
              {j + 1}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" data-testid="move-task-button">
        Move
      </button>{' '}
      <small className="hint">(or drag a task’s row onto a machine’s bar above)</small>
    </form>
  );
}
