/**
 * The paper lab's orchestration: which sweeps each packing figure reads, what each figure's cache
 * key depends on, and that coming back to a figure (or to another sharing its computation) runs
 * nothing again, while a failed or cancelled computation is not kept.
 */
import { describe, expect, it } from 'vitest';
import { syntheticWorkload } from '../../engine/index.ts';
import { createInlineRunner } from '../inlineRunner.ts';
import type { PoolHandle, Runner } from '../runner.ts';
import {
  CAPACITIES,
  CLAIRVOYANCES,
  LabCache,
  computeFigure,
  figureKey,
  figureSweeps,
  unavailable,
  type LabParams,
} from './paperLab.ts';
import { packSamples } from '../jobs/paper/paperSamples.ts';

const P: LabParams = {
  seed: 2,
  tasks: 100,
  instances: 2,
  sums: 20,
  packer: 'bf',
  fig5N: 10,
  fig5Example: 0,
  window: 12,
};
const pool = (hasAvg: boolean): PoolHandle => ({
  id: 1,
  tasks: 300,
  realizations: 500,
  seed: 2,
  hasAvg,
  shared: false,
});

describe('paper lab orchestration', () => {
  it('each packing figure reads the main grid and the sweeps of its own conditions', () => {
    const fig11 = figureSweeps('fig11', P, pool(true));
    expect(fig11[0]).toMatchObject({ capacity: 1, clairvoyance: 1, rebalance: 5, source: 'inst' });
    expect(fig11).toHaveLength(2 + 2 * (CAPACITIES.length - 1));
    expect(new Set(fig11.map((s) => `${s.capacity}/${s.rebalance}`)).size).toBe(fig11.length);
    const fig12 = figureSweeps('fig12', P, pool(true));
    expect(fig12.map((s) => s.clairvoyance).sort()).toEqual([...CLAIRVOYANCES].sort());
    expect(figureSweeps('fig10', P, pool(true))[1].source).toBe('avg');
    expect(() => figureSweeps('fig10', P, pool(false))).toThrow(/no avg series/);
    expect(unavailable('fig1', pool(false))).toMatch(/no avg series/);
    expect(unavailable('fig2', pool(true), false)).toMatch(/per-task samples/);
    // Instances never ask for more tasks than the pool has.
    expect(figureSweeps('fig7', { ...P, tasks: 5000 }, pool(true))[0].tasks).toBe(300);
  });

  it('keys a figure by the parameters its numbers depend on', () => {
    const k = (id: Parameters<typeof figureKey>[0], p: Partial<LabParams>) =>
      figureKey(id, 'pool', { ...P, ...p });
    expect(k('table1', { instances: 9 })).toBe(k('table1', {}));
    expect(k('table1', { sums: 21 })).not.toBe(k('table1', {}));
    expect(k('fig7', { sums: 21 })).toBe(k('fig7', {}));
    expect(k('fig7', { instances: 3 })).not.toBe(k('fig7', {}));
    expect(k('ks', { window: 24 })).not.toBe(k('ks', {}));
    expect(figureKey('fig2', 'a', P)).not.toBe(figureKey('fig2', 'b', P));
  });

  it('computes shared work once, and forgets what failed', async () => {
    const inline = createInlineRunner();
    let jobs = 0;
    let sweeps = 0;
    const runner: Runner = {
      ...inline,
      runJob: (...a) => {
        jobs++;
        return inline.runJob(...a);
      },
      sweep: (...a) => {
        sweeps++;
        return inline.sweep(...a);
      },
    };
    const data = syntheticWorkload(300, 2);
    const handle = await inline.createPool(data, 500, 2);
    const inputs = { runner, pool: handle, samples: packSamples(data, false), key: 'k' };
    const cache = new LabCache();
    const t1 = await computeFigure('table1', inputs, P, cache);
    const f6 = await computeFigure('fig6', inputs, P, cache);
    expect(jobs).toBe(1);
    expect(await computeFigure('table1', inputs, P, cache)).toBe(t1);
    expect(f6.id).toBe('fig6');
    await computeFigure('fig7', inputs, P, cache);
    await computeFigure('fig9', inputs, P, cache);
    await computeFigure('fig13', inputs, P, cache);
    // Figs. 7 and 9 read the main grid; Fig. 13 adds the rebalancing-off sweep only.
    expect(sweeps).toBe(2);
    await expect(computeFigure('fig5', inputs, { ...P, fig5N: 301 }, cache)).rejects.toThrow(
      /N = 301 is more than the pool's 300 tasks/,
    );
    const abort = new AbortController();
    abort.abort();
    await expect(computeFigure('fig4', inputs, P, cache, { signal: abort.signal })).rejects.toThrow(
      /cancelled/,
    );
    expect((await computeFigure('fig4', inputs, P, cache)).id).toBe('fig4');
    inline.dispose();
  });
});
