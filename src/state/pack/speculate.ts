/**
 * Packings made ahead of the user: while ρ is dragged, the positions the drag is heading for are
 * packed while the pool would otherwise sit idle, and kept with the finished packings
 * (recentPacks.ts, same pool and `packKey`), so the input that reaches them answers from there
 * without waiting for the workers. A speculative packing is the very packing the controller would
 * make for those parameters (same request, same key), never an estimate, and is queued behind
 * the controller's own work. As many are in flight as the runner has workers, the first wished
 * first (one at a time left the other worker idle while a drag outran the one); one fewer while a
 * pass of the controller runs, so that its packing has a worker (none on a runner of one worker).
 * A wish made before the pool is ready starts when it is, beside the pass that packs the drag's
 * first position (else nothing was packed ahead until that pass ended, one worker idle meanwhile).
 * The controller's next pass waits for the one it needs, if it is in flight, else goes on beside
 * them.
 */
import { packKey, packRequest, poolKey, type Params } from '../common/store/params.ts';
import { stateOf, type StepContext } from '../common/controller/steps/context.ts';
import { keepPack, recentPack } from './recentPacks.ts';

export interface PackSpeculation {
  /** Packs these parameters ahead, first first, replacing any earlier wish. */
  want(list: readonly Params[]): void;
  /**
   * Runs the controller's `work` with speculation held to one worker fewer. A speculative packing
   * in flight is waited for if it packs `needed` (a packKey), which `work` then finds kept; the
   * others run on (a worker cannot stop a packing midway) and are kept when they land, positions
   * further on.
   */
  holding(needed: string, work: () => Promise<void>): Promise<void>;
  /** Forgets the wish and stops the speculative packings in flight (Cancel). */
  stop(): void;
  dispose(): void;
}

interface InFlight {
  readonly done: Promise<void>;
  readonly abort: AbortController;
}

export function packSpeculation(ctx: StepContext): PackSpeculation {
  let wanted: Params[] = [];
  const inFlight = new Map<string, InFlight>();
  let held = 0;
  let disposed = false;

  function next(): void {
    if (disposed) return;
    const { pool } = stateOf(ctx);
    const handle = pool.handle;
    if (pool.status !== 'ready' || !handle) return;
    const room = Math.max(1, ctx.runner.workers) - (held > 0 ? 1 : 0);
    while (inFlight.size < room && wanted.length > 0) {
      const p = wanted.shift()!;
      const key = packKey(p);
      if (poolKey(p) !== pool.key || recentPack(handle, key) || inFlight.has(key)) continue;
      const abort = new AbortController();
      const request = packRequest(p);
      const done = ctx.runner
        .pack(handle, request, { signal: abort.signal, ahead: true })
        .then(
          (response) => keepPack(handle, key, response),
          // A speculative packing that fails (or is stopped) is made, or reported, by the pass that needs it.
          () => {},
        )
        .finally(() => {
          inFlight.delete(key);
          next();
        });
      inFlight.set(key, { done, abort });
    }
  }

  const unsubscribe = ctx.store.subscribe((state, prev) => {
    if (state.pool !== prev.pool && state.pool.status === 'ready') next();
  });

  function stop(): void {
    wanted = [];
    for (const packing of inFlight.values()) packing.abort.abort();
  }

  return {
    want(list) {
      wanted = [...list];
      next();
    },
    async holding(needed, work) {
      held++;
      try {
        await inFlight.get(needed)?.done;
        await work();
      } finally {
        held--;
        next();
      }
    },
    stop,
    dispose() {
      disposed = true;
      unsubscribe();
      stop();
    },
  };
}
