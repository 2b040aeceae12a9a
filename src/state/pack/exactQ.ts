/**
 * Exact q of a packing on its pool (job `exactQ`): the convolution of each machine's task
 * histograms gives its overflow probability without Monte Carlo noise; the mean over machines.
 */
import { DEFAULT_BIN } from '../../engine/index.ts';
import type { PackResponse, PoolHandle, Runner } from '../../runtime/runner.ts';

/**
 * How long a packing must stay current before its exact q starts, in ms: the packings a ρ drag
 * passes through get none, so the workers stay free for the next packing of the drag.
 */
const EXACT_Q_SETTLE_MS = 250;

function settled(signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // The signal's own reason (an AbortError): a drag aborts two waits per input, and a new error's
    // stack each time is measurable.
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Mean over the packing's machines of P(machine total > capacity), totals in bins of DEFAULT_BIN;
 * started once the packing has stayed current for EXACT_Q_SETTLE_MS (`signal` aborts the wait too).
 */
export async function meanExactQ(
  runner: Runner,
  pool: PoolHandle,
  response: PackResponse,
  capacity: number,
  clairvoyance: number,
  signal: AbortSignal,
): Promise<number> {
  await settled(signal, EXACT_Q_SETTLE_MS);
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
