/**
 * Workers readied ahead of need. Each worker computes the per-task moments a packing reads (and
 * sorted rows for percentile tests) on first use and keeps them per pool (engine/workload.ts). A
 * pack may land on any free worker, so after one worker packs an instance, every other worker
 * computes that instance's statistics while it is idle, and packs its first tasks once so that the
 * packing code is compiled (`warm` on the host). Otherwise a drag's first packing on the second
 * worker pays for both: 48–78 ms at 1,000 × 10,000 against 5–10 ms for the packing itself.
 */
import type { PackRequest } from '../../protocol/api.ts';
import { IDLE, type Slot, type WorkerPort } from './poolParts.ts';
import type { UnitHost } from './poolUnits.ts';

/** Per worker (not per slot: a replacement worker starts cold), the statistics it holds. */
const held = new WeakMap<WorkerPort, Set<string>>();

function heldBy(slot: Slot): Set<string> {
  let keys = held.get(slot.port);
  if (!keys) held.set(slot.port, (keys = new Set()));
  return keys;
}

/** What decides the statistics a pack reads: the instance's rows, the source, the split, the test. */
function statisticsKey(pool: number, r: PackRequest): string {
  const p = r.params;
  return `${pool} ${r.tasks} ${r.instance} ${r.seed} ${p.source} ${p.clairvoyance} ${p.fit.kind}`;
}

/**
 * After `served` packed `request`, queues on every other live worker, at the lowest priority and
 * only there, its readying for the same instance. Best effort: a failure is the next pack's.
 */
export function warmOtherWorkers(
  { queue, call }: Pick<UnitHost, 'queue' | 'call'>,
  slots: readonly Slot[],
  served: Slot,
  pool: number,
  request: PackRequest,
): void {
  const key = statisticsKey(pool, request);
  heldBy(served).add(key);
  for (const slot of slots) {
    if (slot === served || slot.failed || heldBy(slot).has(key)) continue;
    heldBy(slot).add(key);
    queue
      .enqueue((s) => call(s, (api) => api.warm(pool, request)), IDLE, {
        affinity: slot.index,
        pinned: true,
      })
      .catch(() => heldBy(slot).delete(key));
  }
}
