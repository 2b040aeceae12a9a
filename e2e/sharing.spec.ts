/**
 * The explorer in class and in a shared link: Back returns from Pack to the lesson, the lesson's
 * step carries into Pack, a number box sets ρ exactly (the numbers the CLI gives for it), tasks per
 * instance come back after a smaller dataset, and a task's "why" opens the decision that placed it,
 * from where the two animations run: the packer placing tasks one by one and a machine's draws
 * filling its histogram (play, pause, step, speed).
 */
import type { Page } from '@playwright/test';
import { sideBySide } from './classroomChecks.ts';
import { expect, keepShot, test } from './fixtures.ts';
import { formatCount, formatFixed, readNumber } from '../src/present/format.ts';
import { fillCounts } from '../src/present/pack/drawsFill.ts';
import { inProcess } from '../src/cli/testing/run.ts';

/**
 * The CLI's packing of the default instance (PlanetLab day, N' = 1,000, R = 10,000, seed 1) with
 * `fit`, in this process (the page meanwhile loads in its own).
 */
async function cliPacking(fit: string): Promise<{ m_abs: number; m: number; q: number }> {
  const { status, stdout, stderr } = await inProcess(
    'sweep',
    '--data',
    '../shared/data/planetlab-cloudsim/planetlab_20110303.csv',
    '--scale',
    '0.25',
    '--fits',
    fit,
    '--instances',
    '1',
    '--tasks',
    '1000',
    '--seed',
    '1',
    '--workers',
    '0',
  );
  expect(status, stderr).toBe(0);
  return JSON.parse(stdout.trim().split('\n')[0]) as { m_abs: number; m: number; q: number };
}

async function packed(page: Page) {
  await expect(page.getByTestId('m-abs')).toHaveText(/\d/, { timeout: 90_000 });
  await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 90_000 });
}

test('Back from Pack returns to the lesson, and the lesson’s step carries into Pack', async ({
  page,
}) => {
  await page.goto('/?view=learn&lesson=4&step=15&guess=11');
  await expect(page.getByTestId('step-number')).toHaveText('15', { timeout: 60_000 });
  await page.getByTestId('open-in-pack').click();
  await expect(page.getByTestId('view-pack')).toBeVisible();
  await expect.poll(() => page.url()).toContain('view=pack');
  await expect(page.getByTestId('pack-steps')).toHaveAttribute('open', '');
  await expect(page.getByTestId('pack-steps').getByTestId('step-number')).toHaveText('15', {
    timeout: 60_000,
  });
  await page.goBack();
  await expect(page.getByTestId('lesson-4')).toBeVisible();
  await expect(page.getByTestId('step-number')).toHaveText('15', { timeout: 60_000 });
  expect(page.url()).toContain('view=learn');
  await page.goForward();
  await expect(page.getByTestId('view-pack')).toBeVisible();
});

test('a number box sets ρ = 0.001 exactly: the packing the CLI gives for gpa:0.001', async ({
  page,
}) => {
  const fromCli = cliPacking('gpa:0.001');
  await page.goto('/?view=pack');
  await packed(page);
  const cli = await fromCli;
  const box = page.getByTestId('rho-box');
  await box.fill('0.001');
  await box.press('Enter');
  await expect(page.getByTestId('rho-reading')).toHaveText(/^0\.001/);
  await expect(page.getByTestId('m-abs')).toHaveText(String(cli.m_abs), { timeout: 90_000 });
  await packed(page);
  await expect(page.getByTestId('m')).toHaveText(formatFixed(cli.m, 3));
  // The command line packs independent draws: the page shows their q beside the replayed headline.
  await expect(page.getByTestId('q-independent-value')).toHaveText(formatFixed(cli.q, 4));
  await expect.poll(() => decodeURIComponent(page.url())).toContain('fit=gpa:0.001');
  // Below the slider's reach: the label reads the value, not the slider's end.
  await box.fill('4.18e-5');
  await box.press('Enter');
  await expect(page.getByTestId('rho-reading')).toHaveText('0.0000418');
  // A bad value is refused with the parameter's message and the last good one kept.
  await box.fill('1.5');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'ρ' })).toBeVisible();
  await expect(page.getByTestId('rho-reading')).toHaveText('0.0000418');
});

test('tasks per instance come back after a smaller dataset (Azure’s 100 → PlanetLab’s 1,000)', async ({
  page,
}) => {
  // R = 1,000: tasks per instance follow the datasets' task counts, not the realizations (each
  // dataset change realizes a pool, ten times smaller so).
  await page.goto('/?view=pack&r=1000');
  await packed(page);
  const dataset = page.getByLabel('Dataset');
  const tasks = page.getByLabel('Tasks per instance', { exact: false });
  await expect(tasks).toHaveValue('1000');
  await dataset.selectOption('azure-v1');
  await expect(tasks).toHaveValue('100', { timeout: 60_000 });
  await packed(page);
  await dataset.selectOption('planetlab-20110303');
  await expect(tasks).toHaveValue('1000', { timeout: 60_000 });
  await expect.poll(() => page.url()).not.toMatch(/[?&]n=100(&|$)/);
  // A dataset left before it loaded changes nothing: straight back, the tasks stay.
  await dataset.selectOption('azure-v1');
  await dataset.selectOption('planetlab-20110303');
  await packed(page);
  await expect(tasks).toHaveValue('1000');
});

test('a task’s “why” opens the step-through at its decision; the packer and the draws play, pause, step', async ({
  page,
}) => {
  // R = 1,000: where a task goes and at which step follow the tasks' series, not the realizations.
  await page.goto('/?view=pack&n=120&m=1&r=1000');
  await packed(page);
  await expect(page.getByTestId('machine-detail')).toBeVisible();
  const why = page.getByTestId('task-why');
  await expect(why.first()).toBeVisible({ timeout: 60_000 });
  const rows = await why.count();
  const last = why.nth(rows - 1);
  const text = (await last.locator('xpath=..').textContent())!;
  const step = text.match(/step (\d+):/)![1];
  await last.click();
  await expect(page.getByTestId('pack-steps')).toHaveAttribute('open', '');
  await expect(page.getByTestId('step-number')).toHaveText(step);
  await expect(page.getByTestId('step-status')).toContainText(/M2/);
  await expect(page.getByTestId('step-machine-2')).toHaveClass(/chosen/);
  await keepShot(page, 'test-results/sharing-why.png');
  await packerPlays(page, Number(step));
  await drawsPlay(page);
});

/** The packer placing tasks one by one, from `step`: step, speed, play, pause. */
async function packerPlays(page: Page, step: number) {
  const number = page.getByTestId('step-number');
  const play = page.getByTestId('play');
  await page.getByTestId('step-back').click();
  await expect(number).toHaveText(String(step - 1));
  await page.getByTestId('play-speed').selectOption('4');
  await play.click();
  await expect(play).toHaveText('Pause');
  await expect.poll(async () => Number(await number.textContent())).toBeGreaterThan(step + 1);
  await play.click();
  await expect(play).toHaveText('Play');
  const paused = Number(await number.textContent());
  await page.getByTestId('step-forward').click();
  await expect(number).toHaveText(String(paused + 1));
  await expect(page.getByTestId('step-status')).toContainText(/M\d/);
}

/** A machine's draws filling its histogram: step, speed, play to the last frame, pause. */
async function drawsPlay(page: Page) {
  await page.getByTestId('draws-open').click();
  const caption = page.getByTestId('draws-caption');
  await expect(caption).toHaveText(/^1 of [\d,]+ draws/);
  const total = readNumber(/of ([\d,]+) draws/.exec((await caption.textContent())!)![1]);
  const counts = fillCounts(total);
  const shows = (k: number) =>
    new RegExp(`^${formatCount(counts[k])} of ${formatCount(total)} draws`);
  const play = page.getByTestId('draws-play');
  await page.getByTestId('draws-step').click();
  await expect(caption).toHaveText(shows(1));
  await page.getByTestId('draws-speed').selectOption('4');
  await play.click();
  await expect(caption).toHaveText(shows(counts.length - 1));
  await expect(play).toHaveText('Play');
  await expect(page.getByTestId('draws-step')).toBeDisabled();
  // From the last frame Play starts again; paused, Step shows the next frame.
  await play.click();
  await expect(caption).not.toHaveText(shows(counts.length - 1));
  await play.click();
  await expect(play).toHaveText('Play');
  const at = counts.indexOf(readNumber(/^([\d,]+) of/.exec((await caption.textContent())!)![1]));
  expect(at).toBeGreaterThanOrEqual(0);
  await page.getByTestId('draws-step').click();
  await expect(caption).toHaveText(shows(Math.min(at + 1, counts.length - 1)));
}

test('A/B: pin, change ρ, and a fresh page from the link shows both sides', async ({
  page,
  browser,
}) => {
  // R = 1,000: both sides, the link and the fresh page's copy of them hold whatever R the link
  // says (the fresh page's trade-off sweeps the grid at it).
  await page.goto('/?view=pack&n=200&r=1000');
  await packed(page);
  const mA = (await page.getByTestId('m-abs').textContent())!;
  await page.getByTestId('pin').click();
  await expect.poll(() => page.url()).toContain('ab=');
  const box = page.getByTestId('rho-box');
  await box.fill('0.3');
  await box.press('Enter');
  await packed(page);
  const mB = (await page.getByTestId('m-abs').textContent())!;
  expect(mB).not.toBe(mA);
  await expect(page.getByTestId('ab-machines-a')).toHaveText(mA, { timeout: 60_000 });
  await expect(page.getByTestId('ab-machines-b')).toHaveText(mB);
  await expect(page.getByTestId('ab-difference')).toHaveText('fit gpa:0.01 → gpa:0.3');
  const table = async (p: typeof page) =>
    Object.fromEntries(
      await Promise.all(
        ['machines', 'm', 'q'].flatMap((row) =>
          ['a', 'b', 'diff'].map(
            async (side) =>
              [`${row}-${side}`, await p.getByTestId(`ab-${row}-${side}`).textContent()] as const,
          ),
        ),
      ),
    );
  const here = await table(page);
  await expect(page.getByTestId('strip-a').getByRole('option')).toHaveCount(Number(mA));
  await expect(page.getByTestId('strip-b').getByRole('option')).toHaveCount(Number(mB));
  await expect.poll(() => decodeURIComponent(page.url())).toContain('fit=gpa:0.3');
  const link = page.url();

  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('ab-machines-a')).toHaveText(mA, { timeout: 90_000 });
  await expect(fresh.getByTestId('ab-machines-b')).toHaveText(mB);
  expect(await table(fresh)).toEqual(here);
  await expect(fresh.getByTestId('ab-exact-q-a')).not.toHaveText('computing…', { timeout: 60_000 });
  await keepShot(fresh, 'test-results/sharing-ab.png', { fullPage: true });
  // The trade-off plot marks both sides.
  await fresh.getByRole('button', { name: 'Trade-off' }).click();
  await expect(fresh.locator('[aria-label^="A: m "], [aria-label^="B: m "]').first()).toBeAttached({
    timeout: 120_000,
  });
  await fresh.close();
});

/** A trade-off sweep cancelled: the faded plot is labelled as the last grid, and runs again. */
async function tradeoffCancel(page: Page) {
  await page.goto('/?view=tradeoff&n=100&K=1');
  await expect(page.locator('[data-plot="tradeoff-m-vs-q"] svg').first()).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 120_000 });
  const instances = page.getByLabel('Instances K');
  await instances.fill('40');
  // The sweep's Cancel pressed the moment its bar shows it: a click from here raced the sweep, which
  // reuses the finished instance and could end (taking its Cancel away) before the click landed.
  await page.evaluate(() => {
    const cancelOnSight = new MutationObserver(() => {
      const cancel = document.querySelector<HTMLButtonElement>(
        '.progress:has(progress[aria-label="Packing the grid"]) button',
      );
      if (cancel?.textContent !== 'Cancel') return;
      cancelOnSight.disconnect();
      cancel.click();
    });
    cancelOnSight.observe(document.body, { childList: true, subtree: true });
  });
  await instances.blur();
  await expect(page.getByTestId('sweep-cancelled')).toContainText(
    'the last completed grid, for other settings: 1 instance of 100 tasks',
  );
  await page.getByTestId('sweep-run-again').click();
  // Run again: the notice goes and the grid of 40 instances completes, nothing faded any more
  // (whether its Cancel is seen on the way depends on how fast the rerun ends).
  await expect(page.getByTestId('sweep-cancelled')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 120_000 });
  await expect(page.locator('.stale')).toHaveCount(0);
}

/** A heavy pack shows its progress and Cancel, and runs again. */
async function packCancel(page: Page) {
  await page.goto('/?view=pack&r=100000');
  await expect(page.getByTestId('pack-empty')).toContainText('Realizing R = 100,000', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('pack-empty').getByRole('progressbar')).toBeVisible();
  await page.getByTestId('pack-empty').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('pack-empty')).toContainText('Cancelled');
  await page.getByTestId('run-again').click();
  await expect(page.getByTestId('pack-empty')).toContainText('Realizing R = 100,000');
}

test('after Cancel: the faded trade-off is labelled as the last grid and runs again; a heavy pack shows progress and Cancel', async ({
  page,
  browser,
}) => {
  // The trade-off's Cancel and Pack's in two pages at once.
  await sideBySide(page, browser, [tradeoffCancel, packCancel]);
});

test('a link waiting for the user’s files says so', async ({ page }) => {
  await page.goto(`/?view=pack&d=upload&files=mine.csv&h=${'ab'.repeat(32)}&fmt=wide`);
  await expect(page.getByTestId('pack-empty')).toContainText(
    'This link packs your files mine.csv: drop them on this page (any',
  );
  await page.getByTestId('pack-empty').getByRole('button', { name: 'Open the Data view' }).click();
  await expect(page.getByTestId('view-data')).toBeVisible();
});
