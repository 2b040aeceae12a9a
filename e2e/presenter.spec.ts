/**
 * Presenter mode (?present=1): large type, the steps walked with the arrow keys (each step the
 * view its link opens), and the print stylesheet printing the step alone.
 */
import { expect, test } from './fixtures.ts';

test('presenter mode: large type, the arrow keys walk the steps, a step prints alone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/?present=1');
  const bar = page.getByTestId('presenter');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('presenter-step')).toHaveText('Step 1 of 6');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  const size = (sel: string) =>
    page
      .locator(sel)
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await size('[data-testid="m-abs"]')).toBeGreaterThanOrEqual(32);

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('presenter-step')).toHaveText('Step 2 of 6');
  await expect.poll(() => page.url()).toContain('lesson=1');
  await expect(page.getByTestId('learn')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.url()).toContain('lesson=4');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.url()).toContain('lesson=1');
  await expect(page.getByTestId('presenter-step')).toHaveText('Step 2 of 6');
  // The mode outlives the app's rewrite of its address.
  expect(page.url()).not.toContain('present=');
  await page.reload();
  await expect(page.getByTestId('presenter')).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(bar).toBeHidden();
  await expect(page.locator('header.top')).toBeHidden();
  await expect(page.getByTestId('learn')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/?present=0');
  await expect(page.getByTestId('presenter')).toHaveCount(0);
});
