import type { BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * One page for every test of the calling `describe` (which it makes serial): opened at `url` once,
 * before the first test, instead of a page (and the app's start, its default dataset and first
 * packing) per test. As with the `page` fixture, a console error or uncaught exception fails the
 * test it happened in. The page has the project's base URL, viewport and service-worker policy, and
 * `options` on top (a `test.use` of the file does not reach a page made here). Returns a getter
 * for the page.
 */
export function sharedPage(url: string, options: BrowserContextOptions = {}): () => Page {
  test.describe.configure({ mode: 'serial' });
  let page: Page | undefined;
  const errors: string[] = [];
  test.beforeAll(async ({ browser }) => {
    const { baseURL, viewport, serviceWorkers } = test.info().project.use;
    page = await browser.newPage({ baseURL, viewport, serviceWorkers, ...options });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
  });
  test.afterEach(() => {
    expect(errors.splice(0), 'console errors').toEqual([]);
  });
  test.afterAll(async () => {
    await page?.close();
  });
  return () => page!;
}
