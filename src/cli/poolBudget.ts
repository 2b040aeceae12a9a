/**
 * The realized pool checked against the memory budget before it is drawn: `tasks × R × 4 bytes`
 * per series (float32 inst, and avg when present; `ingest/sizes.ts` counts it the same way), so
 * `calibrate --realizations 1e6` or `paper --realizations 1e7` is refused at once, naming the
 * figure, instead of allocating until the machine swaps.
 */
import { UsageError } from './args.ts';
import { DEFAULT_MEMORY_BUDGET_GIB } from './inflate.ts';

interface PoolSize {
  readonly tasks: number;
  readonly realizations: number;
  /** 2 with an avg series beside inst, else 1. */
  readonly series: number;
}

/** Bytes the realized pool of `size` takes. */
function poolBytes(size: PoolSize): number {
  return size.tasks * size.realizations * 4 * size.series;
}

/** Refuses a pool above `budgetGiB` (0: no check) with a message naming R, the tasks and the budget. */
export function checkPoolBudget(size: PoolSize, budgetGiB = DEFAULT_MEMORY_BUDGET_GIB): void {
  const bytes = poolBytes(size);
  if (budgetGiB <= 0 || bytes <= budgetGiB * 2 ** 30) return;
  const gib = Math.round((bytes / 2 ** 30) * 10) / 10;
  throw new UsageError(
    `--realizations ${size.realizations} with ${size.tasks.toLocaleString('en-US')} tasks: the realized pool would take ${gib.toLocaleString('en-US')} GiB, above the memory budget of ${budgetGiB} GiB (--memory-budget); lower R or the tasks`,
  );
}
