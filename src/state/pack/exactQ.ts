/**
 * Exact q of a packing on its pool (job `exactQ`): the convolution of each machine's task
 * histograms gives its overflow probability without Monte Carlo noise; the mean over machines.
 */
import { DEFAULT_BIN } from '../../engine/index.ts';
import type { PackResponse, PoolHandle, Runner } from '../../runtime/runner.ts';

/** Mean over the packing's machines of P(machine total > capacity), totals in bins of DEFAULT_BIN. */
export async function meanExactQ(
  runner: Runner,
  pool: PoolHandle,
  response: PackResponse,
  capacity: number,
  clairvoyance: number,
  signal: AbortSignal,
): Promise<number> {
  const machines = response.result.machines.map((m) => m.tasks);
  const parts = await runner.runJob(
    pool,
    'exactQ',
    { rows: response.rows, machines, capacity, clairvoyance, bin: DEFAULT_BIN },
    { signal },
  );
  let sum = 0;
  for (const part of parts) for (const q of part) sum += q;
  return machines.length ? sum / machines.length : 0;
}
