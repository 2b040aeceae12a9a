/**
 * A task moved by hand in Pack: judged on the pool by the packing's own fit test (job `handMove`,
 * engine/pack/handMove.ts) before it joins the link's moves, which the next packing applies.
 */
import type { HandMove, MoveCheck } from '../../engine/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import { packParams } from '../common/store/params.ts';
import type { Explorer } from '../common/store/store.ts';
import { currentPacking, readyPool } from './extras.ts';

/**
 * The fit test's verdict on instance position `task` moved onto machine `to` of the packing
 * shown; null while that packing is not the current parameters' own or its pool is not ready.
 */
export async function checkHandMove(
  runner: Runner,
  s: Explorer,
  { task, to }: HandMove,
): Promise<MoveCheck | null> {
  const packing = currentPacking(s);
  const pool = readyPool(s);
  if (!packing || !pool) return null;
  const { result, rows } = packing.response;
  const machines = result.machines.map((m) => m.tasks);
  const [check] = await runner.runJob(pool, 'handMove', {
    rows,
    machines,
    params: packParams(s.params),
    task,
    to,
  });
  return check;
}

/**
 * The moves after `move` fitted: the link's moves with it, and the machine to show then (the
 * target, one place earlier when the move empties a machine before it).
 */
export function withMove(
  s: Explorer,
  move: HandMove,
): { moves: readonly HandMove[]; machine: number } | null {
  const packing = currentPacking(s);
  if (!packing) return null;
  const machines = packing.response.result.machines;
  const from = machines.findIndex((m) => m.tasks.includes(move.task));
  const emptied = from >= 0 && machines[from].tasks.length === 1 && from < move.to;
  return { moves: [...s.params.moves, move], machine: move.to - (emptied ? 1 : 0) };
}
