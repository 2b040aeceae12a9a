import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * One page for every test of the calling `describe` (which it makes serial): opened at `url` once,
 * before the first test, instead of a page (and the app's start, its default dataset and first
 * packing) per test. As with the `page` fixture, a console error or uncaught exception fails the
 * test it happened in. Returns a getter for the page.
 */
export function sharedPage(url: string): () => Page {
  test.describe.configure({ mode: 'serial' });
  let page: Page | undefined;
  const errors: string[] = [];
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
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
