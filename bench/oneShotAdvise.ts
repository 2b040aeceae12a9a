/**
 * The baseline of the what-if benches: the one-shot `advise` of Koordinator's threshold
 * (engine/schedulers/advice.ts `adviseScheduler`, as `advise --scheduler koordinator` runs it:
 * Best Fit, capacity 1, rebalancing 5, q* = 0.01 on every node, walk-forward folds of the learned
 * half, the chosen value and the defaults packed on the learned half and judged on the other) on the
 * same matrix, timed in the same run as the replays it is compared with.
 */
import { adviseScheduler, findScheduler } from '../src/engine/schedulers/index.ts';
import type { RealizationMatrix } from '../src/engine/matrix.ts';
import { sliceColumns } from '../src/engine/replay/timeSplit.ts';

export function oneShotAdvise(m: RealizationMatrix, step: number) {
  const half = Math.floor(m.cols / 2);
  const learn = sliceColumns(m, { start: 0, end: half });
  const judged = sliceColumns(m, { start: half, end: m.cols });
  const t0 = performance.now();
  const a = adviseScheduler(
    learn,
    judged,
    findScheduler('koordinator'),
    {
      packer: 'bf',
      capacity: 1,
      rebalance: 5,
      target: 0.01,
      scope: 'every',
      validation: 'walk',
      step,
    },
    { overrides: { step } },
  );
  const ms = performance.now() - t0;
  const chosen = a.tuned ?? a.closest!;
  return {
    ms,
    text: `one-shot advise of koordinator (${a.tuned ? 'tuned' : 'closest'} ${chosen.values[0]}, ${chosen.machines} machines) ${ms.toFixed(0)} ms`,
  };
}
