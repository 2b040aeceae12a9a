/**
 * The build's first packing against the page's own: the page's steps (dataset from the shared
 * CSV, pool, pack) on the default parameters give the same text; a file altered anywhere is
 * refused; the page shows it only for its own parameters and replaces it with its own packing,
 * saying so if they ever differ.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRESET_ID } from '../src/engine/index.ts';
import { createInlineRunner } from '../src/runtime/inlineRunner.ts';
import { DEFAULT_PARAMS, packKey, type Params } from '../src/state/common/store/params.ts';
import { createExplorerStore } from '../src/state/common/store/store.ts';
import { startController } from '../src/state/common/controller/controller.ts';
import type { StepContext } from '../src/state/common/controller/steps/context.ts';
import { datasetStep } from '../src/state/common/controller/steps/dataset.ts';
import { ensurePool } from '../src/state/common/controller/steps/pool.ts';
import { PLANETLAB_PRESET, planetLabIngest } from '../src/state/common/controller/steps/testing.ts';
import { decodeFirstPack, encodeFirstPack, showFirstPack } from '../src/state/pack/firstPack.ts';
import { ensurePack } from '../src/state/pack/steps.ts';
import { prepareDefaultDataset } from './prepareData.ts';
import { prepareFirstPack } from './firstPack.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

let building: Promise<{ fileName: string; text: string }> | null = null;
const built = () =>
  (building ??= prepareDefaultDataset(resolve(import.meta.dirname, '../public')).then((d) =>
    prepareFirstPack(d.bytes),
  ));

async function page(params: Params = DEFAULT_PARAMS) {
  const store = createExplorerStore({ params });
  const ctx: StepContext = { store, runner, ingest: planetLabIngest() };
  const pool = (await ensurePool(ctx, params, (await datasetStep(ctx).ensure(params))!))!;
  return { ctx, store, pool, s: () => store.getState() };
}

describe('the first packing made at build time', () => {
  it('is the page’s own packing of the default parameters, to the last digit', async () => {
    expect(DEFAULT_PRESET_ID).toBe(PLANETLAB_PRESET.id);
    const { fileName, text } = await built();
    expect(fileName).toBe('data/prepared/first-pack.json');
    const { ctx, pool, s } = await page();
    await ensurePack(ctx, DEFAULT_PARAMS, pool);
    const own = s().pack.response!;
    expect(own.result.machines.length).toBeGreaterThan(10);
    expect(encodeFirstPack({ key: packKey(DEFAULT_PARAMS), response: own })).toBe(text);
    const decoded = decodeFirstPack(JSON.parse(text));
    expect(decoded && encodeFirstPack(decoded)).toBe(text);
  });

  it('is refused whole when any figure or placement in it is not a packing’s', async () => {
    const file = JSON.parse((await built()).text) as {
      rows: number[];
      result: Record<string, unknown> & { machines: Record<string, unknown>[] };
    };
    const altered = (change: (f: typeof file) => void) => {
      const copy = structuredClone(file);
      change(copy);
      return decodeFirstPack(copy);
    };
    expect(altered(() => {})).not.toBeNull();
    expect(altered((f) => (f.result.q = null))).toBeNull();
    expect(altered((f) => (f.result.q = 1.5))).toBeNull();
    expect(altered((f) => (f.result.mAbs = (f.result.mAbs as number) + 1))).toBeNull();
    expect(altered((f) => (f.result.machines[0].sd = 'x'))).toBeNull();
    expect(altered((f) => (f.result.machines[1].tasks = [0]))).toBeNull();
    expect(altered((f) => (f.result.machines[0].tasks = [f.rows.length]))).toBeNull();
    expect(altered((f) => f.rows.push(3))).toBeNull();
    expect(altered((f) => (f.rows[0] = -1))).toBeNull();
    expect(decodeFirstPack('{}')).toBeNull();
    expect(decodeFirstPack(null)).toBeNull();
  });

  it('is shown only for its own parameters, then replaced by the page’s packing', async () => {
    const first = decodeFirstPack(JSON.parse((await built()).text))!;
    const other = { ...DEFAULT_PARAMS, rebalance: DEFAULT_PARAMS.rebalance + 1 };
    expect(showFirstPack(createExplorerStore({ params: other }), first)).toBe(false);
    const { ctx, pool, s } = await page();
    expect(showFirstPack(ctx.store, first)).toBe(true);
    expect(s().pack).toMatchObject({ status: 'ready', provisional: true, key: first.key });
    const pack = vi.spyOn(runner, 'pack');
    await ensurePack(ctx, DEFAULT_PARAMS, pool);
    expect(pack).toHaveBeenCalledTimes(1);
    pack.mockRestore();
    expect(s().pack.provisional).toBeFalsy();
    expect(s().pack.response).not.toBe(first.response);
    expect(s().notices).toEqual([]);
    expect(showFirstPack(ctx.store, first)).toBe(false);
  });

  it('a first packing that differs from the page’s own gives way to it, with a notice', async () => {
    const first = decodeFirstPack(JSON.parse((await built()).text))!;
    const wrong = {
      ...first,
      response: { ...first.response, result: { ...first.response.result } },
    };
    (wrong.response.result as { q: number }).q = first.response.result.q / 2;
    const { ctx, pool, s } = await page();
    showFirstPack(ctx.store, wrong);
    await ensurePack(ctx, DEFAULT_PARAMS, pool);
    expect(s().pack.response!.result.q).toBe(first.response.result.q);
    expect(s().notices.map((n) => n.kind)).toEqual(['error']);
    expect(s().notices[0].text).toMatch(/differ from this page’s own packing/);
  });
});

describe('the controller behind the first numbers', () => {
  const turns = () => new Promise((r) => setTimeout(r, 20));

  it('starts reading and realizing only once they are painted', async () => {
    const calls: string[] = [];
    const store = createExplorerStore({ params: DEFAULT_PARAMS });
    let painted!: () => void;
    const startAfter = new Promise<void>((r) => (painted = r));
    const controller = startController(store, runner, {
      writeUrl: false,
      ingest: planetLabIngest(calls),
      startAfter,
    });
    await turns();
    expect(calls).toEqual([]);
    painted();
    await turns();
    expect(calls).toEqual([`${PLANETLAB_PRESET.id}@${DEFAULT_PARAMS.scale}`]);
    controller.dispose();
  });

  it('a change made before then is run at once', async () => {
    const calls: string[] = [];
    const store = createExplorerStore({ params: DEFAULT_PARAMS });
    const controller = startController(store, runner, {
      writeUrl: false,
      ingest: planetLabIngest(calls),
      startAfter: new Promise<void>(() => {}),
    });
    store.getState().setParams({ tasks: 500 });
    await turns();
    expect(calls).toHaveLength(1);
    controller.dispose();
  });
});
