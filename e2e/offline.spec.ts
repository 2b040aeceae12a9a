import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, keepShot, test } from './fixtures.ts';

async function numbers(page: Page) {
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('stale')).toHaveCount(0);
  const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
  return { mAbs: await read('m-abs'), mNorm: await read('m-norm'), m: await read('m') };
}

test.use({ serviceWorkers: 'allow' });

const version = (page: Page) =>
  page.locator('meta[name="slopack-version"]').getAttribute('content');

test('after one visit the app and the data seen reload offline, isolated, with the same numbers', async ({
  page,
  context,
}) => {
  // R = 1,000 on every link (not the default 10,000): the numbers offline are compared with the
  // same link's online, at any R, and the app's files are the same.
  await page.goto('/?view=data&r=1000');
  // A cache left by an older version: the new service worker deletes it.
  await page.evaluate(() => caches.open('slopack-0ld').then((c) => c.put('/x', new Response('x'))));
  await page.goto('/?r=1000');
  const online = await numbers(page);
  const v = await version(page);
  expect(v).toMatch(/^[0-9a-f]{16}$/);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 60_000,
    })
    .toContain(`sw.js?v=${v}`);
  expect(await page.evaluate(() => caches.keys())).toEqual([`slopack-${v}`]);
  const cached = await page.evaluate(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => new URL(r.url).pathname);
  }, `slopack-${v}`);
  const manifest = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../dist/sw-manifest.json'), 'utf8'),
  ) as { files: string[] };
  expect(cached.sort()).toEqual(manifest.files.map((f) => `/${f}`).sort());

  // Another bundled dataset, loaded once while online (cached on first use).
  await page.goto('/?d=bitbrains-rnd&n=100&r=1000');
  const bitbrains = await numbers(page);

  await context.setOffline(true);
  const [worker] = context.serviceWorkers();
  expect(
    await worker.evaluate(() =>
      fetch('/data/README.md?not-cached').then(
        () => 'reached the server',
        () => 'offline',
      ),
    ),
  ).toBe('offline');

  await page.goto('/?r=1000');
  expect(await numbers(page)).toEqual(online);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.getByTestId('diagnostics').locator('summary').click();
  await expect(page.getByTestId('runtime')).toContainText(/\d workers, shared memory/);

  await page.goto('/?d=bitbrains-rnd&n=100&r=1000');
  expect(await numbers(page)).toEqual(bitbrains);
  await keepShot(page, 'test-results/offline-bitbrains.png', { fullPage: true });
  await context.setOffline(false);
});
