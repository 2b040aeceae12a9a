/** Test set-up shared by the pack step's tests: a pool of the real PlanetLab day, and direct packings. */
import { vi } from 'vitest';
import type { PoolHandle, Runner } from '../../runtime/runner.ts';
import type { PackResponse } from '../../protocol/api.ts';
import { DEFAULT_PARAMS, packParams, type Params } from '../common/store/params.ts';
import { createExplorerStore } from '../common/store/store.ts';
import type { StepContext } from '../common/controller/steps/context.ts';
import { datasetStep } from '../common/controller/steps/dataset.ts';
import { ensurePool } from '../common/controller/steps/pool.ts';
import { planetLabIngest } from '../common/controller/steps/testing.ts';

export const withRho = (p: Params, rho: number): Params => ({
  ...p,
  fit: { ...p.fit, rho } as Params['fit'],
});

/**
 * A store of the default parameters at 200 tasks, its pool realized on `runner`, and a spy on the
 * runner's packings (cleared).
 */
export async function packSetup(runner: Runner) {
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS, tasks: 200 } });
  const ctx: StepContext = { store, runner, ingest: planetLabIngest() };
  const p = store.getState().params;
  const pool = (await ensurePool(ctx, p, (await datasetStep(ctx).ensure(p))!))!;
  const pack = vi.spyOn(runner, 'pack');
  pack.mockClear();
  return { ctx, p, pool, pack, s: () => store.getState() };
}

/** `p`'s packing asked of the runner directly, as the pack step would ask it. */
export function packDirectly(runner: Runner, pool: PoolHandle, p: Params): Promise<PackResponse> {
  return runner.pack(pool, {
    tasks: p.tasks,
    instance: p.instance,
    seed: p.seed,
    params: packParams(p),
  });
}
