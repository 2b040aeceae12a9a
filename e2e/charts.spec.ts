/**
 * Charts that do not lie: a series that is zero at every step draws as a zero line (Resize with
 * online First Fit never migrates), and the Timeline's Gantt has a row only for machines with a
 * task in the window it shows. Axes read numbers without SI prefixes.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function resizeRun(page: Page) {
  await expect(page.getByTestId('resize-totals')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.resize-totals.stale')).toHaveCount(0, { timeout: 60_000 });
}

/** The vertical extents (px) of the series' rules in a plot: a "solid block" has tall ones. */
async function ruleHeights(plot: Locator): Promise<number[]> {
  return plot
    .locator('svg line')
    .evaluateAll((lines) =>
      lines
        .filter((l) => l.closest('[aria-label="rule"]') && !l.closest('[aria-label*="axis"]'))
        .map((l) => Math.abs(Number(l.getAttribute('y2')) - Number(l.getAttribute('y1')))),
    );
}

test('Resize with online First Fit: the all-zero migrations series is a zero line', async ({
  page,
}) => {
  await page.goto('/?view=resize&rp=ff');
  await resizeRun(page);
  const totals = await page.getByTestId('resize-totals').locator('td').allTextContents();
  expect(totals.length).toBeGreaterThan(0);
  const migrations = page.locator('[data-plot="resize-migrations"]');
  await expect(migrations.locator('svg').first()).toBeVisible();
  // The series is drawn as one line along zero, with a note, not as a rule per step.
  const zero = migrations.locator('[aria-description="all zero"] path');
  await expect(zero).toHaveCount(1);
  await expect(migrations).toContainText('0 at every step');
  const heights = await ruleHeights(migrations);
  expect(heights.filter((h) => h > 0.5)).toEqual([]);
  // The zero line sits on the axis' 0 tick, at the bottom of the frame.
  const [lineBox, frame] = await Promise.all([
    zero.boundingBox(),
    migrations.locator('svg').last().boundingBox(),
  ]);
  expect(lineBox!.height).toBeLessThan(4);
  expect(lineBox!.y).toBeGreaterThan(frame!.y + frame!.height / 2);
  // Its ticks are plain numbers (0, 0.2, … 1), no ".000000" and no SI prefix.
  const ticks = await migrations.locator('[aria-label="y-axis tick label"] text').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const t of ticks) expect(t).toMatch(/^(0|0\.\d|1)$/);
  // The hot-spot series is either a zero line too or its rules: never an empty frame.
  const hot = page.locator('[data-plot="resize-hotspots"]');
  const hotZero = await hot.locator('[aria-description="all zero"]').count();
  const hotRules = (await ruleHeights(hot)).filter((h) => h > 0.5).length;
  expect(hotZero === 1 || hotRules > 0).toBe(true);
});

test('the Timeline Gantt has no empty row, on screen and in its SVG export', async ({ page }) => {
  await page.goto('/?view=timeline&tsrc=synthetic&tn=2000&tdays=1&tseed=1&tpol=ff&tw=0');
  await expect(page.getByTestId('timeline-machine-hours')).toBeVisible({ timeout: 90_000 });
  const gantt = page.locator('[data-plot="timeline-gantt"]');
  await expect(gantt.locator('svg').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('.timeline-view .plot.stale')).toHaveCount(0, { timeout: 90_000 });
  const rows = await gantt.evaluate((figure) => {
    const svg = [...figure.querySelectorAll('svg')].at(-1)!;
    const ticks = [...svg.querySelectorAll('[aria-label="y-axis tick label"] text')].map((t) => ({
      label: t.textContent ?? '',
      y: t.getBoundingClientRect().top + t.getBoundingClientRect().height / 2,
    }));
    const bars = [...svg.querySelectorAll('g[fill="#4269d0"] rect')].map((r) => {
      const b = r.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, width: b.width };
    });
    return { ticks, bars };
  });
  expect(rows.ticks.length).toBeGreaterThan(1);
  const ys = rows.ticks.map((t) => t.y).sort((a, b) => a - b);
  const rowHeight = Math.min(...ys.slice(1).map((y, k) => y - ys[k]));
  const empty = rows.ticks.filter(
    (t) =>
      !rows.bars.some(
        (b) => b.width >= 1 && b.bottom > t.y - rowHeight / 2 && b.top < t.y + rowHeight / 2,
      ),
  );
  expect(empty.map((t) => t.label)).toEqual([]);
  // The exported SVG is the figure as drawn: the same rows.
  const download = page.waitForEvent('download');
  await gantt.getByRole('button', { name: /as SVG/ }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const svg = readFileSync(file, 'utf8');
  for (const t of rows.ticks) expect(svg).toContain(`>${t.label}</text>`);
});
