/**
 * History and layout in real Chromium: each settled parameter change is one history entry that Back
 * undoes (numbers included) and Back from the visit's first state leaves the page; each view shows
 * only the shared parameters it declares; at 375 px every view's first numbers are on the first
 * screen, its parameters folded below; at 1280 px the header is one row and the Data task table
 * fits; a lesson's step does not follow into Pack.
 */
import type { Locator, Page } from '@playwright/test';
import { sideBySide } from './classroomChecks.ts';
import { expect, openInApp, test } from './fixtures.ts';

const SMALL = 'n=300&r=1000';

async function headline(page: Page) {
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 90_000 });
  await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 90_000 });
  return `${await page.getByTestId('m-abs').textContent()} / ${await page.getByTestId('q').textContent()}`;
}

async function commit(box: Locator, value: string) {
  await box.fill(value);
  await box.press('Enter');
}

test('Back walks three parameter changes back in order, then leaves the app', async ({ page }) => {
  test.setTimeout(300_000);
  // A page before the app: Back from the app's first state must land here, and only then.
  await page.goto('data:text/html,<title>before</title>');
  await page.goto(`/?view=pack&${SMALL}`);
  const start = await page.evaluate(() => history.length);
  const packer = page
    .getByRole('complementary', { name: 'Parameters' })
    .getByLabel('Packer', { exact: true });
  const states = [{ seed: '1', tasks: '300', packer: 'bf', numbers: await headline(page) }];
  const changes: [() => Promise<void>, RegExp, Partial<(typeof states)[0]>][] = [
    [() => commit(page.getByTestId('seed'), '2'), /[?&]seed=2(&|$)/, { seed: '2' }],
    [() => commit(page.getByTestId('tasks'), '200'), /[?&]n=200(&|$)/, { tasks: '200' }],
    [async () => void (await packer.selectOption('ff')), /[?&]algo=ff(&|$)/, { packer: 'ff' }],
  ];
  for (const [change, inUrl, values] of changes) {
    await change();
    await expect.poll(() => page.url()).toMatch(inUrl);
    states.push({ ...states.at(-1)!, ...values, numbers: await headline(page) });
  }
  expect(await page.evaluate(() => history.length)).toBe(start + 3);
  // The three changes moved the numbers (else walking back would prove nothing about them).
  expect(new Set(states.map((s) => s.numbers)).size).toBeGreaterThan(1);

  for (const state of states.slice(0, -1).reverse()) {
    await page.goBack();
    await expect(page.getByTestId('seed')).toHaveValue(state.seed);
    await expect(page.getByTestId('tasks')).toHaveValue(state.tasks);
    await expect(packer).toHaveValue(state.packer);
    expect(await headline(page)).toBe(state.numbers);
    expect(new URL(page.url()).pathname).toBe('/');
  }
  await page.goBack();
  await expect.poll(() => page.url()).toMatch(/^data:/);
});

/** What the side panel shows beside each view: the shared parameters its numbers depend on. */
const PANELS: Record<string, { shown: string[]; hidden: string[] }> = {
  pack: { shown: ['Dataset', 'Seed', 'Packer', 'Fit test', 'Capacity c'], hidden: [] },
  tradeoff: { shown: ['Dataset', 'Packer', 'Capacity c'], hidden: ['Fit test', 'Instance'] },
  data: { shown: ['Dataset', 'Realizations R'], hidden: ['Packer', 'Capacity c', 'Seed'] },
  tune: { shown: ['Dataset', 'Packer', 'Capacity c'], hidden: ['Fit test', 'Instance'] },
  paper: { shown: ['Dataset', 'Packer'], hidden: ['Capacity c', 'Fit test', 'Instance'] },
};

/** The nav button of each view. */
const NAV: Record<string, string> = {
  pack: 'Pack',
  tradeoff: 'Trade-off',
  data: 'Data',
  tune: 'Tune',
  paper: 'Paper lab',
  learn: 'Learn',
  resize: 'Resize',
  cluster: 'Cluster',
};

test('each view shows only its own parameters; Timeline none of Pack’s', async ({ page }) => {
  test.setTimeout(180_000);
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  const views = page.getByRole('navigation', { name: 'Views' });
  // The first view by its link, the others by the nav in the same page (the panel follows the view).
  await page.goto(`/?view=pack&${SMALL}`);
  for (const [view, { shown, hidden }] of Object.entries(PANELS)) {
    await views.getByRole('button', { name: NAV[view], exact: true }).click();
    await expect.poll(() => page.url()).toContain(`view=${view}`);
    await expect(page.getByTestId(`view-${view}`)).toBeVisible({ timeout: 60_000 });
    for (const label of shown)
      await expect(panel.getByLabel(label, { exact: true })).toHaveCount(1);
    for (const label of hidden)
      await expect(panel.getByLabel(label, { exact: true })).toHaveCount(0);
  }
  await openInApp(page, `/?view=timeline&${SMALL}`);
  await expect(page.getByTestId('timeline-headline')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('params-panel')).toHaveCount(0);
  await expect(page.getByTestId('fit-family')).toHaveCount(0);
  await expect(page.getByLabel('Packer', { exact: true })).toHaveCount(0);
  // Its per-VM source reads the panel's dataset: then the dataset, and only it, is beside it.
  await page.getByTestId('timeline-source').selectOption('vms');
  await expect(panel.getByLabel('Dataset', { exact: true })).toHaveCount(1);
  await expect(panel.getByLabel('Packer', { exact: true })).toHaveCount(0);
  for (const view of ['learn', 'resize', 'cluster']) {
    await views.getByRole('button', { name: NAV[view], exact: true }).click();
    await expect.poll(() => page.url()).toContain(`view=${view}`);
    await expect(page.locator('main')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('params-panel')).toHaveCount(0);
  }
});

/** Each view's first numbers, as the view shows them once computed. */
const FIRST_NUMBERS: Record<string, string> = {
  pack: '[data-testid="headline"]',
  tradeoff: '[data-testid="view-tradeoff"] figure',
  data: '[data-testid="view-data"] h2',
  tune: '[data-testid="view-tune"] figure',
  paper: '[data-testid="view-paper"] figure, [data-testid="view-paper"] table',
  timeline: '[data-testid="timeline-headline"]',
  resize: '[data-testid="view-resize"] table',
  cluster: '.cluster-main figure',
  learn: '[data-testid="learn"] .lesson',
};

/** Opens each of `views` by its link at 375 px: its first numbers on the first screen, the rest below. */
async function firstScreens(page: Page, views: readonly string[]) {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const view of views) {
    const selector = FIRST_NUMBERS[view];
    await page.goto(`/?view=${view}&${SMALL}`);
    const first = page.locator(selector).first();
    await expect(first).toBeVisible({ timeout: 120_000 });
    const box = (await first.boundingBox())!;
    expect(box.y, `${view}: first numbers start within the first screen`).toBeLessThan(812 - 40);
    const fold = page.getByTestId('panel-fold');
    if (view in PANELS) {
      await expect(fold).not.toHaveAttribute('open');
      expect((await fold.boundingBox())!.y).toBeGreaterThan(box.y);
      // Keyboard: the summary takes focus and Enter unfolds the parameters.
      await fold.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(fold).toHaveAttribute('open', '');
      await expect(fold.getByLabel('Dataset', { exact: true })).toBeVisible();
    } else await expect(fold).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      `${view}: no sideways scroll at 375 px`,
    ).toBeLessThanOrEqual(0);
  }
}

test('at 375 px every view opens on its numbers, the parameters folded below', async ({
  page,
  browser,
}) => {
  test.setTimeout(400_000);
  // The views in two pages at once; the lessons' list then in this one.
  const views = Object.keys(FIRST_NUMBERS);
  await sideBySide(page, browser, [
    (p) => firstScreens(p, views.slice(0, 5)),
    (p) => firstScreens(p, views.slice(5)),
  ]);
  // Every lesson is a visible link, none scrolled off to the side.
  await page.goto('/?view=learn&lesson=1&guess=11');
  const lessons = page.getByRole('navigation', { name: 'Lessons' }).getByRole('link');
  await expect(lessons.last()).toBeVisible();
  const count = await lessons.count();
  expect(count).toBeGreaterThanOrEqual(8);
  for (let i = 0; i < count; i++) {
    const b = (await lessons.nth(i).boundingBox())!;
    expect(b.x + b.width, `lesson ${i + 1} within the screen`).toBeLessThanOrEqual(375);
  }
  // Lesson 1: the move of the selected task is offered on the first screen.
  await page.getByTestId('l1-task-C').click();
  const move = page.getByTestId('l1-move-near-to-2');
  await expect(move).toBeVisible();
  expect((await move.boundingBox())!.y).toBeLessThan(812);
});

test('at 1280 px the header is one row; the Data task table and the tuner table fit', async ({
  page,
}) => {
  // R = 1,000: the layout holds at any R (Data's task table waits for the pool realized at it).
  for (const view of ['tradeoff', 'resize', 'data']) {
    await page.goto(`/?view=${view}&r=1000`);
    const nav = page.getByRole('navigation', { name: 'Views' }).getByRole('button');
    await expect(nav.last()).toBeVisible();
    const tops = new Set<number>();
    for (let i = 0; i < (await nav.count()); i++)
      tops.add(Math.round((await nav.nth(i).boundingBox())!.y));
    expect(tops.size, `${view}: the views on one row`).toBe(1);
    const diagnostics = (await page.getByTestId('diagnostics').boundingBox())!;
    const share = (await page.getByTestId('share').boundingBox())!;
    expect(
      diagnostics.x + diagnostics.width,
      `${view}: diagnostics clear of Share`,
    ).toBeLessThanOrEqual(share.x);
  }
  const wrap = page.locator('.task-table-wrap');
  await expect(wrap).toBeVisible({ timeout: 60_000 });
  const fits = await wrap.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(fits[0]).toBeLessThanOrEqual(fits[1]);
  expect((await wrap.boundingBox())!.x + (await wrap.boundingBox())!.width).toBeLessThanOrEqual(
    1280,
  );
  // The tuner's table: within the view's column, the page never scrolls sideways.
  await page.goto('/?view=tune&tm=auto&n=100&r=1000&K=1&fams=gpa,perc');
  await page.getByTestId('run-tuner').click({ timeout: 60_000 });
  const table = page.locator('.tune-table-wrap');
  await expect(page.getByTestId('tune-table')).toBeVisible({ timeout: 120_000 });
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(1280);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
  ).toBeLessThanOrEqual(0);
});

test('a lesson’s step does not follow into Pack’s step-through', async ({ page }) => {
  await page.goto(`/?view=learn&lesson=2&step=5&${SMALL}`);
  await expect(page.getByTestId('lesson-2')).toBeVisible({ timeout: 60_000 });
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Pack' })
    .click();
  await headline(page);
  await expect(page.getByTestId('pack-steps')).not.toHaveAttribute('open');
  expect(page.url()).not.toMatch(/[?&]step=/);
  await page.goBack();
  await expect(page.getByTestId('lesson-2')).toBeVisible();
  expect(page.url()).toMatch(/[?&]step=5(&|$)/);
});
