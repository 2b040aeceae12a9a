/** The pool step with the realization switch: aligned and block matrices packed as any pool. */
import { afterAll, describe, expect, it } from 'vitest';
import {
  WorkloadStats,
  blockBootstrap,
  runPacking,
  sampleInstance,
} from '../../../../engine/index.ts';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import { naiveCsv } from '../../../../ingest/testing.ts';
import { ensurePack } from '../../../pack/steps.ts';
import { DEFAULT_PARAMS, packParams, poolKey, type Params } from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import type { StepContext } from './context.ts';
import { datasetStep } from './dataset.ts';
import { ensurePool } from './pool.ts';
import { planetLabIngest } from './testing.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

function setup(params: Partial<Params>) {
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS, tasks: 200, ...params } });
  const ctx: StepContext = { store, runner, ingest: planetLabIngest() };
  return { ctx, s: () => store.getState() };
}

/** The PlanetLab day read naively at scale 0.25: row i, column t is VM i at sample t. */
function naiveDay() {
  const body = naiveCsv('planetlab-cloudsim/planetlab_20110303.csv').slice(1); // date, vm, t0…
  const T = body[0].length - 2;
  const data = new Float32Array(body.length * T);
  body.forEach((row, i) =>
    row.slice(2).forEach((v, t) => (data[i * T + t] = (Number(v) / 100) * 0.25)),
  );
  return { rows: body.length, cols: T, data };
}

describe('the pool step with the realization switch', () => {
  it('aligned: the workers pack the file’s instants, the same numbers as packing them directly', async () => {
    const { ctx, s } = setup({ realization: 'aligned' });
    const p = s().params;
    expect(poolKey(p)).not.toBe(poolKey({ ...p, realization: 'independent' }));
    const ds = (await datasetStep(ctx).ensure(p))!;
    const pool = (await ensurePool(ctx, p, ds))!;
    expect(pool.realizations).toBe(288);
    await ensurePack(ctx, p, pool);
    const naive = naiveDay();
    const rows = sampleInstance(naive.rows, p.tasks, p.seed, p.instance);
    const direct = runPacking(new WorkloadStats({ inst: naive, avg: null }), rows, packParams(p));
    const got = s().pack.response!.result;
    expect(got.machines.map((m) => m.q)).toEqual(direct.machines.map((m) => m.q));
    expect(got.mAbs).toBe(direct.mAbs);
  });

  it('blocks: R columns of runs of B instants, seeded, as the engine’s bootstrap draws them', async () => {
    const { ctx, s } = setup({ realization: 'blocks', block: 24, realizations: 1000 });
    const p = s().params;
    const ds = (await datasetStep(ctx).ensure(p))!;
    const pool = (await ensurePool(ctx, p, ds))!;
    expect(pool.realizations).toBe(1000);
    await ensurePack(ctx, p, pool);
    const boot = blockBootstrap(naiveDay(), 1000, 24, p.seed);
    const rows = sampleInstance(boot.rows, p.tasks, p.seed, p.instance);
    const direct = runPacking(new WorkloadStats({ inst: boot, avg: null }), rows, packParams(p));
    expect(s().pack.response!.result.q).toBe(direct.q);
  });

  it('a block longer than the series: a notice naming it, and no pool', async () => {
    const { ctx, s } = setup({ realization: 'blocks', block: 500 });
    const p = s().params;
    const ds = (await datasetStep(ctx).ensure(p))!;
    expect(await ensurePool(ctx, p, ds)).toBeNull();
    expect(
      s()
        .notices.map((n) => n.text)
        .join(),
    ).toMatch(/block length 500 is longer than the series \(288 aligned instants\)/);
    expect(s().data.dataset).toBe(ds);
  });
});
