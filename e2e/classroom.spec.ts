/**
 * The explorer in class and on a phone: every plot's SVG and PNG export holds the whole figure
 * (plot marks, legend, title), every view fits 375 px with a usable nav, and axe-core finds no
 * accessibility violation of any impact (minor included) in any view, lesson, Tune mode or paper
 * figure kind. Sizes are small (a few hundred tasks, 2 instances).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { readNumber } from '../src/present/format.ts';
import { FIGURE_IDS } from '../src/runtime/lab/paperLab.ts';
import {
  axeSerious,
  checkExports,
  everythingTappable,
  nothingFaded,
  plotsRedrawn,
  sideBySide,
  sidewaysScroll,
} from './classroomChecks.ts';
import { expect, keepShot, openInApp, test } from './fixtures.ts';

const SHOTS = resolve(import.meta.dirname, '../test-results/classroom');
const SMALL = 'n=300&K=2&r=1000&pK=2&pS=40&pN=20';

/** What shows each lesson has computed (as in learn.spec.ts). */
const LESSON_READY: Record<number, string> = {
  1: 'l1-q-1',
  2: 'l2-verdict',
  3: 'l3-verdict',
  4: 'step-status',
  5: 'l5-point',
  6: 'l6-pool',
};

/** Every view, by a link that makes it quick, and what shows it is ready. */
const VIEWS: {
  name: string;
  link: string;
  ready: (page: Page) => Locator;
  /** Brings up the view's plots that wait for a click (a machine, a run). */
  more?: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'pack',
    link: `/?${SMALL}`,
    ready: (p) => p.getByTestId('m-abs'),
    more: async (p) => {
      await p.getByTestId('strip').getByRole('option').first().click();
      await expect(p.locator('[data-plot="machine-1-tail"] svg').first()).toBeVisible();
    },
  },
  {
    name: 'tradeoff',
    link: `/?view=tradeoff&${SMALL}`,
    ready: (p) => p.locator('[data-plot="tradeoff-m-vs-q"] svg').first(),
  },
  {
    name: 'data',
    link: `/?view=data&${SMALL}`,
    ready: (p) => p.locator('[data-plot="std-vs-mean"] svg').first(),
  },
  ...[1, 2, 3, 4, 5, 6].map((lesson) => ({
    name: `learn-${lesson}`,
    link: `/?view=learn&lesson=${lesson}&guess=11&${SMALL}`,
    ready: (p: Page) => p.getByTestId(LESSON_READY[lesson]),
  })),
  {
    name: 'tune-calibrate',
    link: `/?view=tune&tm=calibrate&${SMALL}&fam=cantelli`,
    ready: (p) => p.locator('figure.plot svg').first(),
  },
  {
    name: 'tune-auto',
    link: `/?view=tune&tm=auto&${SMALL}&qt=0.01&fams=gpa,perc`,
    ready: (p) => p.getByTestId('run-tuner'),
    more: async (p) => {
      await p.getByTestId('run-tuner').click();
      await expect(p.locator('[data-plot="tuner-machines-vs-q"] svg').first()).toBeVisible({
        timeout: 90_000,
      });
    },
  },
  ...FIGURE_IDS.map((fig) => ({
    name: `paper-${fig}`,
    link: `/?view=paper&fig=${fig}&${SMALL}`,
    ready: (p: Page) =>
      p
        .getByTestId(`paper-figure-${fig}`)
        .getByTestId('paper-result')
        .or(p.getByTestId(`paper-figure-${fig}`).getByTestId('paper-unavailable')),
  })),
];

/**
 * The paper figures axe and the exports run on: one of each kind (the data, sums and packing
 * groups, with and without a table). Every figure is drawn by the same PaperFigure and exported by
 * the same PlotFigure; each builder's SVG is pinned by src/present/figureSnapshots.test.ts. The
 * others are still opened at every width, tapped and checked for sideways scroll.
 */
const PAPER_KINDS = new Set([
  'paper-fig1',
  'paper-fig2',
  'paper-fig5',
  'paper-table1',
  'paper-fig7',
]);
const checkedWhole = (view: string) => !view.startsWith('paper-') || PAPER_KINDS.has(view);

/**
 * Opens the view: the pass's first by its link in the page, the others by their links opened in the
 * running app (as from history, without starting the app again) — a paper figure after the first by
 * the figure's link in the paper lab's list (the same parameters).
 */
async function open(page: Page, view: (typeof VIEWS)[number], previous: string) {
  const fig = /^paper-(.+)$/.exec(view.name)?.[1];
  if (previous.startsWith('paper-') && fig) {
    const link = page.getByTestId(`paper-link-${fig}`);
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.url()).toContain(`fig=${fig}`);
  } else if (previous) await openInApp(page, view.link);
  else await page.goto(view.link);
  await expect(view.ready(page)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('stale')).toHaveCount(0);
}

async function fitsSideways(page: Page, view: string, width: number) {
  const overflow = await sidewaysScroll(page);
  expect(overflow, `${view} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  if ((width === 375 && checkedWhole(view)) || view === 'pack')
    await keepShot(page, join(SHOTS, `${view}-${width}.png`), { fullPage: true });
}

// One pass over the views, each computed once for every claim, in two pages at once of about the
// same length (Pack to lesson 4 in one; lessons 5 and 6, Tune and the paper lab in the other).
// Opened on a phone: no sideways scroll, every nav item and control takes a tap (a trial click:
// nothing covers it); the same page widened to a tablet; then at the default width axe (the pointer
// parked off the plots: a hovered plot shows Observable Plot's own tip markup), the clicks that
// bring up the remaining plots, and every plot's SVG and PNG export (of the paper figures, one of
// each kind: PAPER_KINDS); last, widened to a projector.
test('every view: fits 375 px with every control tappable, axe finds nothing at any impact, every plot exports the whole figure', async ({
  page,
  browser,
}) => {
  test.setTimeout(900_000);
  mkdirSync(join(SHOTS, 'exports'), { recursive: true });
  let total = 0;
  const pass = async (page: Page, views: readonly (typeof VIEWS)[number][]) => {
    let previous = '';
    for (const view of views) {
      await page.setViewportSize({ width: 375, height: 812 });
      await open(page, view, previous);
      previous = view.name;
      await fitsSideways(page, view.name, 375);
      await everythingTappable(page);
      await page.mouse.move(0, 0);
      await page.setViewportSize({ width: 768, height: 1024 });
      await fitsSideways(page, view.name, 768);

      await page.setViewportSize({ width: 1280, height: 800 });
      await plotsRedrawn(page);
      await nothingFaded(page, view.name === 'pack', 90_000);
      if (checkedWhole(view.name)) {
        expect.soft(await axeSerious(page, true), view.name).toEqual([]);
        await view.more?.(page);
        const exported = await checkExports(page, view.name, join(SHOTS, 'exports'));
        total += exported; // after the await: the other page adds to it meanwhile
      }

      await page.setViewportSize({ width: 1920, height: 1080 });
      await fitsSideways(page, view.name, 1920);
    }
  };
  const split = VIEWS.findIndex((v) => v.name === 'learn-5');
  await sideBySide(page, browser, [
    (p) => pass(p, VIEWS.slice(0, split)),
    (p) => pass(p, VIEWS.slice(split)),
  ]);
  expect(total).toBeGreaterThan(15);
});

test('first contact: a start-here line, terms explained on focus, focus visible', async ({
  page,
}) => {
  await page.goto(`/?${SMALL}`);
  await expect(page.getByTestId('start-here')).toContainText('Start here');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  for (const term of ['mNorm', 'realizations', 'clairvoyance', 'maxFailures', 'qVsRho']) {
    const button = page.getByTestId(`explain-${term}`);
    const tip = page.locator(
      `#${await button.getAttribute('aria-describedby')}`.replace(/:/g, '\\:'),
    );
    await expect(tip).toBeHidden();
    await button.focus();
    await expect(tip).toBeVisible();
    expect((await tip.textContent())!.length).toBeGreaterThan(40);
    // The focus ring shows.
    expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  }
  await expect(page.getByTestId('explain-mNorm')).toHaveAccessibleName('What is m_norm?');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
});

test('the paper lab describes what is on screen', async ({ page }) => {
  await page.goto(`/?view=paper&fig=table1&${SMALL}&paper=1`);
  const table = page.getByTestId('paper-figure-table1');
  const summary = table.getByTestId('paper-summary');
  await expect(summary).toBeVisible({ timeout: 90_000 });
  // The sentence follows the rates in the table: first and last N's rejection rate.
  const first = readNumber((await table.getByTestId('cell-0-rejectionRate').textContent()) ?? '');
  const rows = await table.locator('[data-testid$="-rejectionRate"]').count();
  const last = readNumber(
    (await table.getByTestId(`cell-${rows - 1}-rejectionRate`).textContent()) ?? '',
  );
  if (first - last >= 0.2) await expect(summary).toContainText('falls');
  else await expect(summary).not.toContainText('falls');
  if (last >= 0.9) await expect(summary).toContainText('stays near 1');
  await expect(summary).toContainText('Red columns are the paper’s');
  if ((await table.getByRole('cell', { name: 'no', exact: true }).count()) > 0)
    await expect(summary).toContainText('A “no” marks');

  // Fig. 1 on data without avg says so and switches in one click to data that has it.
  await page.getByTestId('paper-link-fig1').click();
  await expect(page.getByTestId('paper-unavailable')).toContainText('no avg series');
  await page.getByTestId('switch-to-avg').click();
  await expect(page.getByTestId('paper-figure-fig1').getByTestId('paper-result')).toBeVisible({
    timeout: 90_000,
  });
  await expect.poll(() => page.url()).toContain('d=google-like');
});
