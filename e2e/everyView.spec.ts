/**
 * Every view opens on numbers: one page walks the nav, and each view's main result shows a digit
 * with no click but the nav's (the views compute on open). Small workloads keep it quick: the
 * pool's 300 tasks and R = 1,000, the cluster's 50 VMs; the other views' own defaults. In the same
 * walk, once a view has computed, axe-core finds no violation in it at all (minor ones included),
 * and no overflow probability (ρ, q) is written as a percent (docs/conventions.md: one spelling).
 */
import type { Page } from '@playwright/test';
import type { ViewId } from '../src/state/common/store/params.ts';
import { VIEW_REGISTRY } from '../src/state/common/views/views.ts';
import {
  percentProbabilities,
  percentProbabilityCells,
} from '../src/present/probabilitySpelling.ts';
import { axeSerious, nothingFaded, sideBySide } from './classroomChecks.ts';
import { expect, test } from './fixtures.ts';

/** A plot's numbers: its x axis's tick labels (drawn once it has data). */
const ticks = (p: Page, plot: string) =>
  p.locator(`[data-plot="${plot}"] g[aria-label="x-axis tick label"]`).first();

/** Where each view shows its main result. */
const RESULT: { readonly [V in ViewId]: (page: Page) => ReturnType<Page['locator']> } = {
  pack: (p) => p.getByTestId('m-abs'),
  tradeoff: (p) => ticks(p, 'tradeoff-m-vs-q'),
  data: (p) => ticks(p, 'std-vs-mean'),
  learn: (p) => p.getByTestId('predict'),
  tune: (p) => p.getByTestId('calibration-table'),
  paper: (p) => p.getByTestId('paper-result').first(),
  timeline: (p) => p.getByTestId('timeline-machine-hours'),
  resize: (p) => p.getByTestId('resize-totals'),
  cluster: (p) => p.getByTestId('packing-machines'),
  schedulers: (p) => p.getByTestId('sched-machines'),
  requests: (p) => p.getByTestId('rq-comparison'),
  whatif: (p) => p.getByTestId('whatif-worst-a'),
  model: (p) => p.locator('main h3').first(),
};

/**
 * Where the open screen (view, side panel, header) writes an overflow probability as a percent,
 * against the one spelling of docs/conventions.md: its sentences and its tables' columns.
 */
async function percentSpelled(page: Page): Promise<string[]> {
  const root = page.locator('#root');
  const tables = await root
    .locator('table')
    .evaluateAll((all) =>
      all.map((t) =>
        [...(t as HTMLTableElement).rows].map((r) => [...r.cells].map((c) => c.innerText)),
      ),
    );
  return [
    ...percentProbabilities(await root.innerText()),
    ...tables.flatMap(percentProbabilityCells),
  ];
}

/** Opens the app, then each of `views` by the nav alone: its result shows a digit. */
async function walk(page: Page, views: typeof VIEW_REGISTRY) {
  await page.goto('/?n=300&K=2&r=1000&cr=50&cper=4&ck=3');
  const nav = page.getByRole('navigation', { name: 'Views' });
  for (const view of views) {
    await nav.getByRole('button', { name: view.label, exact: true }).click();
    await expect(page.getByTestId(`view-${view.id}`).or(page.locator('main'))).toBeVisible();
    await expect(RESULT[view.id](page), `${view.label}'s result`).toHaveText(/\d/, {
      timeout: 120_000,
    });
    await nothingFaded(page, view.id === 'pack', 120_000);
    await page.mouse.move(0, 0);
    expect.soft(await axeSerious(page, true), `${view.label}: axe`).toEqual([]);
    expect.soft(await percentSpelled(page), `${view.label}: ρ or q as a percent`).toEqual([]);
  }
}

// The views in two pages at once (the page's main thread is the bottleneck, and there are two cores).
test('every view opens on numbers, switched by the nav with no other click', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const half = Math.ceil(VIEW_REGISTRY.length / 2);
  await sideBySide(page, browser, [
    (p) => walk(p, VIEW_REGISTRY.slice(0, half)),
    (p) => walk(p, VIEW_REGISTRY.slice(half)),
  ]);
});
