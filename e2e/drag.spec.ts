/**
 * Plots moved by hand in real Chromium: ρ dragged along lesson 5's q–ρ plot gives the numbers the
 * slider gives for that ρ, in one history entry.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface PlotScale {
  apply(v: number): number;
}

/** The screen x of `value` on a rendered Plot's x axis (the plot's own scale, drawn size). */
async function screenX(svg: Locator, value: number): Promise<number> {
  const pixel = await svg.evaluate(
    (el, v) => (el as unknown as { scale(n: 'x'): PlotScale }).scale('x').apply(v),
    value,
  );
  const box = (await svg.boundingBox())!;
  const viewWidth = await svg.evaluate((el) => (el as SVGSVGElement).viewBox.baseVal.width);
  return box.x + (pixel * box.width) / viewWidth;
}

/**
 * Drags along `svg` at half its height through the x values `through`, holding still at each for
 * longer than an edit takes to settle into history (300 ms): the drag must still be one entry.
 */
async function dragAlong(page: Page, svg: Locator, through: readonly number[]) {
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(await screenX(svg, through[0]), y);
  await page.mouse.down();
  for (const value of through.slice(1)) {
    await page.mouse.move(await screenX(svg, value), y, { steps: 4 });
    await page.waitForTimeout(500);
  }
  await page.mouse.up();
}

test('dragging ρ on lesson 5’s q–ρ plot sets the ρ and the numbers the slider gives', async ({
  page,
}) => {
  await page.goto('/?view=learn&lesson=5&guess=11&lrho=0.3&r=1000');
  await expect(page.getByTestId('l5-point')).toBeVisible({ timeout: 60_000 });
  const plot = page.locator('[data-plot="lesson5-q-vs-rho"] .plot-drag-x svg');
  await dragAlong(page, plot, [0.3, 0.02, 0.001]);
  await expect(page.getByTestId('lesson-rho')).toHaveText('0.001');
  const dragged = (await page.getByTestId('l5-point').textContent())!;
  await expect(page).toHaveURL(/lrho=0\.001/);

  // The whole drag is one history entry: Back returns to ρ = 0.3.
  await page.goBack();
  await expect(page.getByTestId('lesson-rho')).toHaveText('0.3');
  await expect(page.getByTestId('l5-point')).not.toHaveText(dragged);

  // The slider's keys from 0.0001 to 0.001 (three stops) give the same machines and q.
  await page.getByTestId('lesson-rho-slider').focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lesson-rho')).toHaveText('0.001');
  await expect(page.getByTestId('l5-point')).toHaveText(dragged);
});

test('dragging the capacity line on a machine’s histogram gives that machine’s overflow share there, Pack unchanged', async ({
  page,
}) => {
  await page.goto('/?view=pack&n=120&m=1&r=1000');
  const plot = page.locator('[data-plot="machine-2-histogram"] .plot-drag-x svg');
  await expect(plot).toBeVisible({ timeout: 60_000 });
  const link = page.url();
  const machines = await page.getByTestId('m-abs').textContent();
  const [lo, hi] = await plot.evaluate(
    (el) => (el as unknown as { scale(n: 'x'): { domain: number[] } }).scale('x').domain,
  );
  await dragAlong(page, plot, [1, lo + 0.7 * (hi - lo), lo + 0.5 * (hi - lo)]);
  const share = page.getByTestId('what-if-share');
  await expect(share).toBeVisible();
  const dragged = await share.textContent();
  const capacity = await page.getByTestId('what-if-capacity').inputValue();
  expect(Number(capacity)).toBeLessThan(1);
  expect(parseFloat(dragged!)).toBeGreaterThan(0);

  // The same capacity typed gives the same share; the packing and its link stay as they were.
  await page.getByTestId('what-if-reset').click();
  await expect(share).toBeHidden();
  await page.getByTestId('what-if-capacity').fill(capacity);
  await page.getByTestId('what-if-capacity').press('Enter');
  await expect(share).toHaveText(dragged!);
  expect(page.url()).toBe(link);
  await expect(page.getByTestId('m-abs')).toHaveText(machines!);
});
