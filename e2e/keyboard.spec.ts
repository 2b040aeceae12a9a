/**
 * The page by keyboard: a skip link past the header to the controls, Tab never dropping the focus
 * onto the page, ρ's keys a tenth of a decade (a decade with PageUp/PageDown) and a run of key
 * presses one history entry; Schedulers opening on its first tab.
 */
import { expect, test } from './fixtures.ts';

const SMALL = 'n=300&K=2&r=1000';

test('the skip link, then Tab through Pack without losing the focus', async ({ page }) => {
  await page.goto(`/?${SMALL}`);
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('params-panel').getByLabel('Dataset', { exact: true }),
  ).toBeFocused();

  // From the top, through the header, the panel and its explanations' Model links.
  // Below the headline arrives whole under one boundary: walk once it is there, or Tab runs off
  // the page's end (the browser's own focus, not a loss) after the headline's last control.
  await expect(page.locator('.machine-q-table summary')).toBeVisible();
  await page.locator('body').focus();
  // Each loss names the Tab and the control focused before it, so a rare failure says where.
  const lost: string[] = [];
  let before = '';
  for (let i = 1; i <= 45; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      return `${e.tagName.toLowerCase()} "${e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40) ?? ''}"`;
    });
    if (focused === null) lost.push(`Tab ${i}, after ${before}`);
    else before = focused;
  }
  expect(lost, 'Tab stops where the focus fell onto the page').toEqual([]);
});

test('the focus stays on the headline’s “?” while the q cell’s code arrives', async ({ page }) => {
  // The q cell's values wait for a chunk of their own; its "?" is drawn before, and a fallback
  // replaced under the focus would drop it onto the page (the Tab walk above failed so, once).
  await page.route(/HeadlineQ-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`/?${SMALL}`);
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  const why = page.getByRole('button', { name: 'What is q?' });
  await why.focus();
  await expect(page.getByTestId('q')).toHaveText(/\d/);
  await expect(why).toBeFocused();
});

test('ρ’s keys move a tenth of a decade, PageUp a decade, and a run of presses is one Back', async ({
  page,
}) => {
  // Each press waits for the box to show it; on a loaded machine that can take longer than the
  // 300 ms an edit rests to be settled, which would make each press an entry of its own.
  await page.addInitScript(() => {
    (globalThis as { slopackSettleMs?: number }).slopackSettleMs = 5000;
  });
  await page.goto(`/?${SMALL}`);
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  const box = page.getByTestId('rho-box');
  await expect(box).toHaveValue('0.01');
  const entries = await page.evaluate(() => history.length);
  await page.getByTestId('rho').focus();
  await page.keyboard.press('ArrowRight');
  await expect(box).toHaveValue('0.0126');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(box).toHaveValue('0.01');
  await page.keyboard.press('PageUp');
  await expect(box).toHaveValue('0.1');
  await expect(page.getByTestId('rho-value')).toContainText('0.1');
  await expect.poll(() => page.url()).toMatch(/fit=gpa(%3A|:)0\.1\b/);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.goBack();
  await expect(box).toHaveValue('0.01');
});

test('Schedulers opens on its first tab', async ({ page }) => {
  await page.goto('/?view=schedulers');
  const tabs = page.getByRole('tablist', { name: 'Schedulers' }).getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
});
