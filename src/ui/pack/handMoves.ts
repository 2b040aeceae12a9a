/**
 * Pack's hand moves on the page's side: a task dropped on a machine (or sent there from the
 * keyboard) is judged by the packing's fit test on the pool; a move that fits joins the link's
 * moves (one history entry), one that does not leaves the packing as it is; either way the
 * verdict is said under the machines. Loaded with the first move or the first machine opened.
 */
import { createStore } from 'zustand/vanilla';
import type { HandMove } from '../../engine/index.ts';
import { moveVerdict } from '../../present/pack/handMove.ts';
import type { Controller } from '../../state/common/controller/controller.ts';

type Runner = Controller['runner'];
import { explorer } from '../../state/common/store/store.ts';
import { checkHandMove, withMove } from '../../state/pack/handMove.ts';
import { packKey } from '../../state/common/store/params.ts';

export interface MoveNote {
  readonly text: string;
  readonly fits: boolean;
}

/** The last move's verdict (null: none since the page opened or since the moves were undone). */
export const moveNote = createStore<{ readonly note: MoveNote | null }>()(() => ({ note: null }));

/** The name a task goes by in Pack's tables: its id in the dataset, else its data row. */
export function taskName(task: number): string {
  const s = explorer.getState();
  const row = s.pack.response?.rows[task];
  if (row === undefined) return `at position ${task + 1}`;
  return s.data.dataset?.ids[row] ?? String(row);
}

/** Judges `move` and, when it fits, adds it to the link's moves and shows its machine. */
export async function tryMove(runner: Runner, move: HandMove): Promise<void> {
  const s = explorer.getState();
  let check;
  try {
    check = await checkHandMove(runner, s, move);
  } catch (e) {
    moveNote.setState({
      note: {
        text: `The move could not be judged: ${e instanceof Error ? e.message : String(e)}`,
        fits: false,
      },
    });
    return;
  }
  if (!check) {
    moveNote.setState({
      note: { text: 'Wait for the packing to finish, then move the task again.', fits: false },
    });
    return;
  }
  if (packKey(explorer.getState().params) !== packKey(s.params)) {
    moveNote.setState({
      note: {
        text: 'The packing changed while the move was judged: move the task again.',
        fits: false,
      },
    });
    return;
  }
  moveNote.setState({
    note: {
      text: moveVerdict(check, taskName(move.task), move.to, s.params.fit),
      fits: check.fits,
    },
  });
  const next = check.fits ? withMove(explorer.getState(), move) : null;
  if (next) explorer.getState().setParams(next);
}

export function undoMoves(count: 'last' | 'all'): void {
  const { params, setParams } = explorer.getState();
  setParams({ moves: count === 'all' ? [] : params.moves.slice(0, -1) });
  moveNote.setState({ note: null });
}
