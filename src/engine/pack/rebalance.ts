/**
 * Rebalancing (GPA paper §4.2; SPEC §6): round robin over machines 1..m−1, moving each one's
 * earliest-placed task to the last machine L while it fits; stops after `maxFailures` cumulative
 * failures or when only L holds tasks. Returns the number of moves.
 */
import type { FitTest, TaskSizes } from '../fit/index.ts';
import type { Machines } from './machines.ts';
import type { PackTrace } from './trace.ts';

export function rebalance(
  machines: Machines,
  sizes: TaskSizes,
  fit: FitTest,
  capacity: number,
  maxFailures: number,
  trace?: PackTrace,
): number {
  const m = machines.count;
  if (m < 2 || maxFailures <= 0) return 0;
  const last = m - 1;
  let nonEmptyBeforeLast = 0;
  for (let j = 0; j < last; j++) if (machines.size(j) > 0) nonEmptyBeforeLast++;
  let failures = 0;
  let moves = 0;
  let j = 0;
  while (failures < maxFailures && nonEmptyBeforeLast > 0) {
    if (machines.size(j) > 0) {
      const t = machines.first(j);
      const state = machines.state;
      const slack = state
        ? !trace && state.quickSlack
          ? state.quickSlack(last, t)
          : state.slack(last, t)
        : fit.slack(
            machines.load[last],
            machines.variance[last],
            sizes.size[t],
            sizes.variance[t],
            capacity,
          );
      const moved = slack >= 0;
      if (moved) {
        machines.removeFirst(j, sizes.size[t], sizes.variance[t]);
        machines.add(last, t, sizes.size[t], sizes.variance[t]);
        moves++;
        if (machines.size(j) === 0) nonEmptyBeforeLast--;
      } else {
        failures++;
      }
      trace?.push({ kind: 'rebalance', task: t, from: j, to: last, slack, moved });
    }
    j = (j + 1) % last;
  }
  return moves;
}
