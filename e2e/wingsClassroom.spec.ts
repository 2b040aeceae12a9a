/**
 * The classroom checks of classroom.spec.ts on the Timeline, Resize and Cluster views and Learn
 * lessons 7 and 8: every plot exports the whole figure as SVG and PNG, the page fits 375 px with
 * every nav item and control tappable (screenshots kept), axe-core finds nothing at any impact, Tab
 * reaches every control, and Back restores a parameter changed in the view. Small presets by link.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  axeSerious,
  checkExports,
  downloaded,
  everythingTappable,
  plotsRedrawn,
  sideBySide,
  sidewaysScroll,
  unreachedByTab,
} from './classroomChecks.ts';
import { expect, keepShot, openInApp, test } from './fixtures.ts';
import { inkShare, pngSize } from './png.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/wings-classroom');
// R = 1,000: none of these views reads R, but a page opened on them still realizes Pack's pool
// (PlanetLab at R, the default 10,000) beside their own work. (Resize and the Schedulers view do not.)
// The Cluster view's own realizations (cr) at 50: its packings are most of its time, and nothing
// here reads their numbers (cluster.spec.ts does, at 200).
const TIMELINE = '/?view=timeline&tsrc=synthetic&tn=300&tdays=1&tseed=3&tpol=fmf&tw=2&r=1000';
// Resize reads no R and realizes no pool; r=1000 for the Pack the Back test passes through.
const RESIZE = '/?view=resize&r=1000';
const CLUSTER = '/?view=cluster&cr=50&cper=4&ck=3&r=1000';

const VIEWS: {
  name: string;
  link: string;
  /** Resolves once the view has computed what it shows. */
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'timeline',
    link: TIMELINE,
    ready: async (p) => {
      await expect(p.getByTestId('timeline-machine-hours')).toBeVisible({ timeout: 90_000 });
      await expect(
        p.locator('[data-plot="timeline-machine-time-vs-window"] svg').first(),
      ).toBeVisible({ timeout: 90_000 });
      await expect(p.locator('.timeline-view .plot.stale')).toHaveCount(0, { timeout: 90_000 });
    },
  },
  {
    name: 'resize',
    link: RESIZE,
    ready: async (p) => {
      await expect(p.getByTestId('resize-totals')).toBeVisible({ timeout: 90_000 });
      await expect(p.locator('.resize-totals.stale')).toHaveCount(0, { timeout: 90_000 });
    },
    // Its policy sweep's Pareto plot is not brought up: the sweep is resize.spec.ts's, the plot's
    // SVG is pinned by src/present/resize/figures.test.ts, and it exports through the same
    // PlotFigure as the view's other plots, checked here.
  },
  {
    name: 'cluster',
    link: CLUSTER,
    ready: async (p) => {
      await expect(p.getByTestId('packing-machines')).toBeVisible({ timeout: 90_000 });
      await expect(p.getByTestId('packing-summary')).not.toHaveClass(/stale/, { timeout: 90_000 });
      await expect(p.getByTestId('provision-totals')).toBeVisible({ timeout: 90_000 });
    },
  },
  {
    name: 'learn-7',
    link: '/?view=learn&lesson=7&guess=11&r=1000',
    ready: async (p) => {
      await expect(p.getByTestId('l7-step')).toBeVisible({ timeout: 60_000 });
      await expect(p.locator('figure.plot svg').first()).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'learn-8',
    link: '/?view=learn&lesson=8&guess=11&r=1000',
    ready: async (p) => {
      await expect(p.getByTestId('pool-count-additive')).toBeVisible({ timeout: 60_000 });
      await expect(p.locator('figure.plot svg').first()).toBeVisible({ timeout: 60_000 });
    },
  },
];

/** Opens the view by its link: in the page, or (`inApp`) in the app already running there. */
async function open(page: Page, view: (typeof VIEWS)[number], inApp: boolean) {
  if (inApp) await openInApp(page, view.link);
  else await page.goto(view.link);
  await view.ready(page);
}

const main = (page: Page): Locator => page.locator('.app');

// One pass over the views, each computed once, in two pages at once (Timeline and Resize in one,
// Cluster and the lessons in the other): opened on a phone, no sideways scroll, axe (before any
// pointer moves: a hovered plot shows Observable Plot's own tip markup), Tab, a trial tap on every
// nav item and control (nothing covers it); then, the pointer parked, every plot's SVG and PNG export.
test('the wing views at 375 px: no sideways scroll, every control tappable, axe and Tab; every plot exports the whole figure as SVG and PNG', async ({
  page,
  browser,
}) => {
  test.setTimeout(900_000);
  mkdirSync(join(SHOTS, 'exports'), { recursive: true });
  const pass = async (page: Page, views: readonly (typeof VIEWS)[number][]) => {
    for (const [i, view] of views.entries()) {
      await page.setViewportSize({ width: 375, height: 812 });
      await open(page, view, i > 0);
      await keepShot(page, join(SHOTS, `${view.name}-375.png`), { fullPage: true });
      expect(await sidewaysScroll(page), `${view.name} at 375 px scrolls sideways`).toBe(0);
      expect.soft(await axeSerious(page, true), `${view.name}: axe`).toEqual([]);
      expect
        .soft(await unreachedByTab(page, main(page)), `${view.name}: not reached by Tab`)
        .toEqual([]);
      await everythingTappable(page);

      await page.mouse.move(0, 0);
      await page.setViewportSize({ width: 1280, height: 800 });
      await plotsRedrawn(page);
      const count = await checkExports(page, view.name, join(SHOTS, 'exports'));
      expect(count, `${view.name} has plots to export`).toBeGreaterThan(0);
    }
  };
  await sideBySide(page, browser, [
    (p) => pass(p, VIEWS.slice(0, 2)),
    (p) => pass(p, VIEWS.slice(2)),
  ]);
});

test('the VISBP replay exports its whole frame (caption, bins, legend) as SVG and PNG', async ({
  page,
}) => {
  await page.goto('/?view=resize');
  const figure = page.getByTestId('resize-replay-figure');
  await expect(figure.locator('svg rect').first()).toBeVisible({ timeout: 60_000 });
  const box = (await figure.boundingBox())!;
  const caption = (await page.getByTestId('resize-frame-caption').textContent())!.trim();
  const rects = await figure.locator('svg rect').count();
  const svg = (await downloaded(page, page.getByTestId('resize-replay-svg'))).toString();
  const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)![1]);
  const height = Number(/<svg[^>]*\sheight="(\d+)"/.exec(svg)![1]);
  expect(Math.abs(width - box.width)).toBeLessThanOrEqual(2);
  expect(Math.abs(height - box.height)).toBeLessThanOrEqual(2);
  // The bins (every rect of the frame, plus the background) and the caption's first words.
  expect((svg.match(/<rect/g) ?? []).length).toBeGreaterThan(rects);
  expect(svg).toContain(caption.split(' ').slice(0, 2).join(' '));
  const png = await downloaded(page, page.getByTestId('resize-replay-png'));
  expect(Math.abs(pngSize(png).width - 2 * width)).toBeLessThanOrEqual(2);
  expect(inkShare(png)).toBeGreaterThan(0.01);
});

/**
 * Opens `link`, changes one control, leaves for Pack, comes Back: the change is still there, and the
 * view computes for it. The control is changed as soon as it takes input (the view's first result,
 * for the link's own value, is not what Back is checked on, and is not waited for).
 */
async function backRestores(
  page: Page,
  view: (typeof VIEWS)[number],
  control: string,
  value: string,
  inUrl: RegExp,
  inApp: boolean,
) {
  if (inApp) await openInApp(page, view.link);
  else await page.goto(view.link);
  await page.getByTestId(control).selectOption(value, { timeout: 90_000 });
  await expect.poll(() => page.url()).toMatch(inUrl);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Pack' })
    .click();
  await expect(page.getByTestId('view-pack')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId(control)).toHaveValue(value, { timeout: 30_000 });
  expect(page.url()).toMatch(inUrl);
  await view.ready(page);
}

test('Back returns to each wing view with the parameter changed there', async ({ page }) => {
  test.setTimeout(400_000);
  const [timeline, resize, cluster] = VIEWS;
  await backRestores(page, timeline, 'timeline-policy', 'ff', /tpol=ff/, false);
  await backRestores(page, resize, 'resize-policy', 'ff', /rp=ff/, true);
  await backRestores(page, cluster, 'cluster-fit', 'request', /cfit=request/, true);
});
