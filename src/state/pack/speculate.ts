/**
 * Packings made ahead of the user: while ρ is dragged, the positions the drag is heading for are
 * packed while the pool would otherwise sit idle, and kept with the finished packings
 * (recentPacks.ts, same pool and `packKey`), so the input that reaches them answers from there
 * without waiting for the workers. A speculative packing is the very packing the controller would
 * make for those parameters (same request, same key), never an estimate; it only starts when the
 * controller has nothing to do, and is queued behind the controller's own work. The controller's
 * next pass waits for it if it is the packing that pass needs, else goes on beside it.
 */
import { packKey, packParams, poolKey, type Params } from '../common/params.ts';
import { stateOf, type StepContext } from '../common/steps/context.ts';
import { keepPack, recentPack } from './recentPacks.ts';

export interface PackSpeculation {
  /** Packs these parameters ahead, first first, replacing any earlier wish. */
  want(list: readonly Params[]): void;
  /**
   * Runs the controller's `work` with speculation held. The speculative packing in flight is
   * waited for if it packs `needed` (a packKey), which `work` then finds kept; any other runs on
   * (a worker cannot stop a packing midway) and is kept when it lands, a position further on.
   */
  holding(needed: string, work: () => Promise<void>): Promise<void>;
  /** Forgets the wish and stops the speculative packing in flight (Cancel). */
  stop(): void;
  dispose(): void;
}

interface InFlight {
  readonly key: string;
  readonly done: Promise<void>;
  readonly abort: AbortController;
}

export function packSpeculation(ctx: StepContext): PackSpeculation {
  let wanted: Params[] = [];
  let inFlight: InFlight | null = null;
  let held = 0;
  let disposed = false;

  function next(): void {
    if (inFlight || held > 0 || disposed) return;
    const { pool } = stateOf(ctx);
    const handle = pool.handle;
    if (pool.status !== 'ready' || !handle) return;
    for (let p = wanted.shift(); p; p = wanted.shift()) {
      const key = packKey(p);
      if (poolKey(p) !== pool.key || recentPack(handle, key)) continue;
      const abort = new AbortController();
      const request = { tasks: p.tasks, instance: p.instance, seed: p.seed, params: packParams(p) };
      const done = ctx.runner
        .pack(handle, request, { signal: abort.signal, ahead: true })
        .then(
          (response) => keepPack(handle, key, response),
          // A speculative packing that fails (or is stopped) is made, or reported, by the pass that needs it.
          () => {},
        )
        .finally(() => {
          inFlight = null;
          next();
        });
      inFlight = { key, done, abort };
      return;
    }
  }

  function stop(): void {
    wanted = [];
    inFlight?.abort.abort();
  }

  return {
    want(list) {
      wanted = [...list];
      next();
    },
    async holding(needed, work) {
      held++;
      try {
        if (inFlight?.key === needed) await inFlight.done;
        await work();
      } finally {
        held--;
        next();
      }
    },
    stop,
    dispose() {
      disposed = true;
      stop();
    },
  };
}
