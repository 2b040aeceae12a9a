/**
 * No reaction chains on long-lived promises, in real Chromium: heap snapshots (DevTools protocol) of
 * the page and of each engine worker count V8's promise reactions alive ("PromiseReaction": one per
 * `then` waiting on a promise that has not settled) after a warm-up of random changes and again
 * after many more. A promise that lives as long as a worker and is raced by every call (as the
 * worker's "dead" promise once was: ≈ 33 reactions per change) makes the count grow with the changes.
 */
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface Snapshotter {
  send(method: string, params?: object): Promise<unknown>;
  onChunk(f: (chunk: string) => void): () => void;
}

function pageTarget(cdp: CDPSession): Snapshotter {
  return {
    send: (method, params) => cdp.send(method as 'HeapProfiler.enable', params as never),
    onChunk(f) {
      const on = (m: { chunk: string }) => f(m.chunk);
      cdp.on('HeapProfiler.addHeapSnapshotChunk', on);
      return () => cdp.off('HeapProfiler.addHeapSnapshotChunk', on);
    },
  };
}

/** A worker's target through the page's session (messages wrapped: Playwright has no worker CDP). */
async function workerTarget(cdp: CDPSession, targetId: string): Promise<Snapshotter> {
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: false })) as {
    sessionId: string;
  };
  let next = 1;
  const waiting = new Map<number, (v: unknown) => void>();
  const chunkers = new Set<(c: string) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message) as {
      id?: number;
      result?: unknown;
      error?: unknown;
      method?: string;
      params?: { chunk: string };
    };
    if (m.id !== undefined) {
      waiting.get(m.id)?.(m.result ?? m.error);
      waiting.delete(m.id);
    } else if (m.method === 'HeapProfiler.addHeapSnapshotChunk')
      for (const f of chunkers) f(m.params!.chunk);
  });
  return {
    send(method, params) {
      const id = next++;
      const answer = new Promise((r) => waiting.set(id, r));
      const message = JSON.stringify({ id, method, params: params ?? {} });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message });
      return answer;
    },
    onChunk(f) {
      chunkers.add(f);
      return () => chunkers.delete(f);
    },
  };
}

/**
 * Promises and promise reactions alive in a heap snapshot of `target` (after a full collection):
 * every `then` on a pending promise adds a reaction holding a new promise. (Reactions are internal
 * objects, listed only with exposeInternals, and not by every build: the promises always are.)
 */
async function reactions(target: Snapshotter): Promise<number> {
  const chunks: string[] = [];
  const off = target.onChunk((c) => chunks.push(c));
  await target.send('HeapProfiler.collectGarbage');
  // Reactions are internal objects: listed only with exposeInternals.
  await target.send('HeapProfiler.takeHeapSnapshot', {
    reportProgress: false,
    exposeInternals: true,
  });
  off();
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const nameAt = fields.indexOf('name');
  const typeAt = fields.indexOf('type');
  const object = snapshot.snapshot.meta.node_types[0].indexOf('object');
  let n = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    if (name === 'system / PromiseReaction') n++;
    else if (name === 'Promise' && snapshot.nodes[i + typeAt] === object) n++;
  }
  return n;
}

/** Reactions alive in the page and in each engine worker (by target). */
async function census(cdp: CDPSession): Promise<Map<string, number>> {
  const out = new Map<string, number>([['page', await reactions(pageTarget(cdp))]]);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  for (const t of targetInfos)
    if (t.type === 'worker' && t.url.includes('engine.worker'))
      out.set(t.targetId, await reactions(await workerTarget(cdp, t.targetId)));
  return out;
}

async function idle(page: Page): Promise<void> {
  await expect(page.locator('[aria-label="computing"]')).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
}

/**
 * `n` changes of seed, packer, fit test and view (pseudo-random): about one in three waits for the
 * results, the others follow 0–0.3 s later, often before the last one's results are in.
 */
async function changes(page: Page, n: number, start: number): Promise<void> {
  const views = page.getByRole('navigation', { name: 'Views' });
  const packers = ['ff', 'bf', 'ffd', 'bfd'];
  const fits = ['gpa', 'cantelli', 'av', 'perc', 'max'];
  let x = start;
  for (let i = 0; i < n; i++) {
    x = (x * 48271) % 2147483647;
    if ((await page.getByLabel('Dataset').count()) === 0)
      await views.getByRole('button', { name: 'Pack' }).click();
    switch (x % 5) {
      case 0:
        await page.getByTestId('seed').fill(String(1 + (x % 17)));
        await page.getByTestId('seed').press('Enter');
        break;
      case 1:
        await page.getByLabel('Packer', { exact: true }).selectOption(packers[x % packers.length]);
        break;
      case 2:
        // The fit test is Pack's alone (Trade-off sweeps every fit test).
        if ((await page.getByTestId('fit-family').count()) === 0)
          await views.getByRole('button', { name: 'Pack' }).click();
        await page.getByTestId('fit-family').selectOption(fits[x % fits.length]);
        break;
      default:
        await views.getByRole('button', { name: x % 2 ? 'Trade-off' : 'Pack' }).click();
    }
    if (x % 3 === 0) await idle(page);
    else await page.waitForTimeout(x % 300);
  }
  await idle(page);
}

test('promises and their reactions do not pile up with changes, in the page and in the engine workers', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.goto('/?n=200&K=3&r=1000');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 120_000 });
  const cdp = await page.context().newCDPSession(page);

  await changes(page, 20, 11);
  const warm = await census(cdp);
  await changes(page, 20, 29);
  const after = await census(cdp);
  console.log(
    `promises and reactions after 20 and 40 changes: ${[...warm.values()]} → ${[...after.values()]}`,
  );
  expect(after.size).toBeGreaterThanOrEqual(2);
  // ≈ 33 reactions per change (660 here) when every call raced a worker's never-settling promise.
  for (const [target, n] of after) expect(n - (warm.get(target) ?? 0), target).toBeLessThan(20);
  expect(await page.locator('.notice-error').allTextContents()).toEqual([]);

  // The census sees reactions held by a promise that never settles (the page's heap alone).
  await page.evaluate(() => {
    const never = new Promise(() => {});
    (globalThis as { held?: unknown }).held = never;
    for (let i = 0; i < 200; i++) void never.then(() => i);
  });
  expect(await reactions(pageTarget(cdp))).toBeGreaterThanOrEqual(after.get('page')! + 200);
});
