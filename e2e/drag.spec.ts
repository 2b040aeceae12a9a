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

test('a task dragged onto another machine is judged by the fit test: a move that fits changes the numbers and the link, one that does not is explained', async ({
  page,
}) => {
  // Tall enough for the machines' bars and the task table at once: a drag that scrolls is lost.
  await page.setViewportSize({ width: 1366, height: 2000 });
  await page.goto('/?view=pack&n=200&m=1&r=1000');
  const rows = page.getByTestId('task-row');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  const bars = page.getByTestId('strip').getByRole('option');
  const before = { link: page.url(), q: await page.getByTestId('q').textContent() };
  const note = page.getByTestId('hand-move-note');
  const tasksOn = async (j: number) =>
    Number(/(\d+) tasks/.exec((await bars.nth(j).getAttribute('aria-label'))!)![1]);
  const counts = [await tasksOn(1), await tasksOn(2)];

  // Machine 1, filled first, has no room under ρ for machine 2's first task.
  await rows.first().dragTo(bars.nth(0));
  await expect(note).toHaveText(
    /^Not moved: task \S+ does not fit machine 1: its Gaussian overflow probability there would be 0\.0\d+ > ρ 0\.01\.$/,
  );
  expect(page.url()).toBe(before.link);

  // The keyboard sends it to machine 3 instead, where it fits.
  await page.getByTestId('move-to').selectOption('2');
  await page.getByTestId('move-task-button').click();
  await expect(note).toHaveText(/^Moved: task \S+ fits machine 3: .+ ≤ ρ 0\.01\.$/);
  await expect(page).toHaveURL(/moves=\d+%3A3/);
  await expect.poll(() => tasksOn(2)).toBe(counts[1] + 1);
  expect(await tasksOn(1)).toBe(counts[0] - 1);
  const moved = {
    q: await page.getByTestId('q').textContent(),
    m: await page.getByTestId('m-abs').textContent(),
  };

  // The link alone gives the same numbers; undoing the move gives the packing back.
  await page.goto(page.url());
  await expect(page.getByTestId('q')).toHaveText(moved.q!, { timeout: 60_000 });
  await expect(page.getByTestId('m-abs')).toHaveText(moved.m!);
  expect(await tasksOn(2)).toBe(counts[1] + 1);
  await page.getByTestId('undo-move').click();
  await expect.poll(() => tasksOn(2)).toBe(counts[1]);
  await expect(page.getByTestId('q')).toHaveText(before.q!);
});
