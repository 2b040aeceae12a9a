/**
 * Learn mode in real Chromium: every lesson opens from its link without a console error, lesson 1's
 * drag and keys move tasks and change the overflow figures, lesson 4 steps forward and back to the
 * same state (and its Pack link opens the same packing), lesson 6 scores a hand packing, and a
 * lesson fits a 375 px phone.
 */
import type { Page } from '@playwright/test';
import { sideBySide } from './classroomChecks.ts';
import { expect, test } from './fixtures.ts';
import { decode } from '../src/state/common/link/url.ts';

/** What each lesson shows once its data is ready. */
const READY: Record<number, string> = {
  1: 'l1-q-1',
  2: 'l2-verdict',
  3: 'l3-verdict',
  4: 'step-status',
  5: 'l5-point',
  6: 'l6-pool',
};

/**
 * R = 1,000 instead of the default 10,000, for the tests whose checks hold at any R (layout, links,
 * steps, a hand packing's machine count): the page realizes its pool and the lesson its tasks at it.
 * Lessons 1, 2, 3 and 5 keep the default: their checks read overflow rates and fit verdicts.
 */
const FEW = '&r=1000';

/** Answers the lesson's prediction (its first choice) and checks it: the lesson is revealed. */
async function answer(page: Page) {
  await page.getByTestId('predict-choice-1').check({ timeout: 60_000 });
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-feedback')).toContainText(/^(Right|Not quite)\./);
}

/** Opens a lesson with its prediction already answered (the link's guess: the first choice, checked). */
async function openLesson(page: Page, lesson: number, extra = '') {
  await page.goto(`/?view=learn&lesson=${lesson}&guess=11${extra}`);
  await expect(page.getByTestId(`lesson-${lesson}`)).toBeVisible();
  await expect(page.getByTestId(READY[lesson])).toBeVisible({ timeout: 60_000 });
}

async function noHorizontalOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Opens each of `lessons` from its link: its prompt, its link into Pack, its place in the list. */
async function fromLinks(page: Page, lessons: readonly number[]) {
  for (const lesson of lessons) {
    await openLesson(page, lesson, FEW);
    await expect(page.getByTestId('try-this')).toContainText('Try this');
    await expect(page.getByTestId('open-in-pack')).toHaveAttribute('href', /view=pack/);
    // The lesson list links to every lesson, and this one is marked current.
    const self = page.getByTestId(`lesson-link-${lesson}`);
    await expect(self).toHaveAttribute('aria-current', 'page');
    await expect(self).toHaveAttribute('href', new RegExp(`lesson=${lesson}(&|$)`));
  }
}

test('every lesson opens from its link, with its prompt and a link into Pack', async ({
  page,
  browser,
}) => {
  // Lessons 1–3 in a second page beside this one's 4–6.
  await sideBySide(page, browser, [(p) => fromLinks(p, [4, 5, 6]), (p) => fromLinks(p, [1, 2, 3])]);
  // A lesson link followed in the page switches lessons and updates the address.
  await page.getByTestId('lesson-link-3').click();
  await answer(page);
  await expect(page.getByTestId('l3-verdict')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => page.url()).toContain('lesson=3');
});

test('once loaded, every lesson works offline, and nothing is fetched from elsewhere', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await openLesson(page, 2, FEW);
  // Loaded: the page, its assets, the dataset and the icon.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  for (let lesson = 1; lesson <= 6; lesson++) {
    await page.getByTestId(`lesson-link-${lesson}`).click();
    await answer(page);
    await expect(page.getByTestId(READY[lesson])).toBeVisible();
  }
  await page.getByTestId('l6-task-1').click();
  await page.getByTestId('l6-move-to-1').click();
  await page.getByTestId('l6-score-button').click();
  await expect(page.getByTestId('l6-score')).toBeVisible();
  await context.setOffline(false);
  expect(foreign).toEqual([]);
});

test('lesson 1: dragging a task moves it and changes the overflow figures; keys do too', async ({
  page,
}) => {
  await openLesson(page, 1);
  const q1 = page.getByTestId('l1-q-1');
  const q2 = page.getByTestId('l1-q-2');
  // Packing by means: C beside A overflows about half the time; B alone never.
  await expect(page.getByTestId('l1-machine-1').getByTestId('l1-task-C')).toBeVisible();
  const before = [await q1.textContent(), await q2.textContent()];
  expect(before[0]).toMatch(/in a share 0\.(4\d|5\d)\d/);
  expect(before[1]).toMatch(/in a share 0 \(/);

  // Dropped on the machine's head, on screen beside the task (a drop lower down scrolls mid-drag).
  await page.getByTestId('l1-task-C').dragTo(page.getByTestId('l1-machine-2'), {
    targetPosition: { x: 40, y: 20 },
  });
  await expect(page.getByTestId('l1-machine-2').getByTestId('l1-task-C')).toBeVisible();
  await expect(q1).not.toHaveText(before[0]!);
  await expect(q1).toContainText('in a share 0 (');
  await expect(q2).toContainText(/in a share 0\.(4\d|5\d)\d/);

  // Keyboard: B, then 1, puts B beside A, and neither machine overflows.
  await page.keyboard.press('b');
  await expect(page.getByTestId('l1-task-B')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('1');
  await expect(page.getByTestId('l1-machine-1').getByTestId('l1-task-B')).toBeVisible();
  await expect(q1).toContainText('in a share 0 (');
  await expect(q2).toContainText('in a share 0 (');
  await expect(page.getByTestId('l1-status')).toContainText('GPA’s packing');
  // The state is in the link.
  await expect.poll(() => page.url()).toMatch(/step=\d/);
});

test('lesson 4: stepping forward and back returns to the same state; its Pack link opens the same packing', async ({
  page,
}) => {
  await openLesson(page, 4, FEW);
  const forward = page.getByTestId('step-forward');
  const back = page.getByTestId('step-back');
  const state = async () => ({
    step: await page.getByTestId('step-number').textContent(),
    status: await page.getByTestId('step-status').textContent(),
    machines: await page.getByTestId('step-machines').textContent(),
  });
  for (let k = 0; k < 6; k++) await forward.click();
  const here = await state();
  expect(here.step).toBe('6');
  for (let k = 0; k < 4; k++) await forward.click();
  const later = await state();
  expect(later.step).toBe('10');
  expect(later.machines).not.toBe(here.machines);
  for (let k = 0; k < 4; k++) await back.click();
  expect(await state()).toEqual(here);
  // Keys on the stepper: → then ← comes back too.
  await page.getByTestId('stepper').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('step-number')).toHaveText('7');
  await page.keyboard.press('ArrowLeft');
  expect(await state()).toEqual(here);

  const summary = (await page.getByTestId('l4-summary').textContent())!;
  const machines = summary.match(/(\d+) machines/)![1];
  const total = (await page.getByTestId('stepper').locator('.stepper-range span').textContent())!
    .split('/')[1]
    .trim();
  await page.getByTestId('open-in-pack').click();
  await expect(page.getByTestId('view-pack')).toBeVisible();
  await expect(page.getByTestId('m-abs')).toHaveText(machines, { timeout: 60_000 });
  // The link carries the lesson's step: Pack's step-through is open at it.
  await expect(page.getByTestId('pack-steps')).toHaveAttribute('open', '');
  await expect(page.getByTestId('step-number')).toHaveText(here.step!);
  await expect(page.getByTestId('pack-steps').locator('.stepper-range span')).toContainText(
    `/ ${total}`,
  );
});

test('lesson 6: a hand packing is scored against Best Fit + GPA', async ({ page }) => {
  await openLesson(page, 6, FEW);
  for (let t = 1; t <= 20; t++) {
    await page.getByTestId(`l6-task-${t}`).click();
    await page.getByTestId(`l6-move-to-${(t % 3) + 1}`).click();
  }
  await expect(page.getByTestId('l6-pool')).toContainText('All placed');
  await page.getByTestId('l6-score-button').click();
  const score = page.getByTestId('l6-score');
  await expect(score).toBeVisible();
  await expect(page.getByTestId('l6-score-you').locator('td').first()).toHaveText('3');
  await expect(page.getByTestId('l6-score-baseline').locator('td').first()).toHaveText(/^\d+$/);
  await expect(score.locator('.l6-verdict')).not.toBeEmpty();
  // Moving a task marks the score as out of date.
  await page.getByTestId('l6-task-1').click();
  await page.keyboard.press('1');
  await expect(page.getByTestId('l6-stale')).toBeVisible();
});

test('lessons 2, 3 and 5 answer their controls', async ({ page }) => {
  await openLesson(page, 2);
  const error = page.getByTestId('l2-error');
  const one = await error.textContent();
  await page.getByTestId('l2-add').click();
  await expect(page.getByTestId('l2-n')).toHaveText('2');
  await page.keyboard.press('+');
  await expect(page.getByTestId('l2-n')).toHaveText('3');
  await expect(error).not.toHaveText(one!);

  await openLesson(page, 3, '&lrho=0.0001');
  const verdict = page.getByTestId('l3-verdict');
  await page.getByTestId('l3-candidate-1').click();
  await expect(verdict).toContainText('does not fit');
  const slider = page.getByTestId('lesson-rho-slider');
  await slider.focus();
  await page.keyboard.press('End'); // ρ = 0.3
  await expect(page.getByTestId('lesson-rho')).toHaveText('0.3');
  await expect(verdict).toContainText(/: fits/);

  await openLesson(page, 5, '&lrho=0.3');
  const machines = Number(await page.getByTestId('l5-machines').textContent());
  await page.getByTestId('lesson-rho-slider').focus();
  await page.keyboard.press('Home'); // ρ = 0.0001
  await expect(page.getByTestId('lesson-rho')).toHaveText('0.0001');
  await expect
    .poll(async () => Number(await page.getByTestId('l5-machines').textContent()))
    .toBeGreaterThan(machines);
});

test('a lesson fits a 375 px phone and a 1920 × 1080 projector without horizontal overflow', async ({
  page,
}) => {
  // Each lesson opened once, on the phone, then the same page widened to the projector.
  for (const lesson of [1, 4, 6]) {
    for (const [i, [width, height]] of [
      [375, 800],
      [1920, 1080],
    ].entries()) {
      await page.setViewportSize({ width, height });
      if (i === 0) await openLesson(page, lesson, FEW);
      await noHorizontalOverflow(page);
      const box = await page.getByTestId(`lesson-${lesson}`).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  }
});

/** What a lesson shows once revealed, and something a learner does there. */
const REVEALED: Record<number, string> = {
  ...READY,
  7: 'l7-step',
  8: 'pool-count-pooled',
  9: 'lesson-q-aligned',
  10: 'knob-risk',
};

const rhoKey = (key: string) => async (page: Page) => {
  await page.getByTestId('lesson-rho-slider').focus();
  await page.keyboard.press(key);
};

const ACT: Record<number, (page: Page) => Promise<void>> = {
  1: async (p) => {
    await p.getByTestId('l1-task-C').click();
    await p.getByTestId('l1-move-to-2').click();
  },
  2: (p) => p.getByTestId('l2-add').click(),
  3: rhoKey('End'),
  4: (p) => p.getByTestId('l4-packer-ff').click(),
  5: rhoKey('Home'),
  6: async (p) => {
    await p.getByTestId('l6-task-1').click();
    await p.getByTestId('l6-move-to-2').click();
    await expect.poll(() => p.url()).toMatch(/hand=2(&|$)/);
  },
  7: (p) => p.getByTestId('l7-next').click(),
  8: (p) => p.getByTestId('pool-sigma').fill('0.04'),
  9: async () => {},
  10: rhoKey('End'),
};

test('every lesson asks for a prediction before its reveal and leaves Pack’s link as it was', async ({
  page,
}) => {
  test.setTimeout(400_000);
  await page.goto('/?r=1000');
  await expect(page.getByTestId('m-abs')).toHaveText(/\d/, { timeout: 60_000 });
  const packLink = page.url();
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Learn' }).click();
  for (let lesson = 1; lesson <= 10; lesson++) {
    await page.getByTestId(`lesson-link-${lesson}`).click();
    const predict = page.getByTestId('predict');
    await expect(predict).toBeVisible({ timeout: 90_000 });
    // Nothing of the reveal before the prediction is checked, and no checking without a choice.
    await expect(page.getByTestId('lesson-reveal')).toHaveCount(0);
    await expect(page.getByTestId(REVEALED[lesson])).toHaveCount(0);
    await expect(page.getByTestId('predict-check')).toBeDisabled();
    expect(await predict.locator('input[type=radio]').count()).toBeGreaterThanOrEqual(3);
    await answer(page);
    // The feedback agrees with the choice marked right.
    const firstIsRight = await predict.locator('label').first().getAttribute('class');
    await expect(page.getByTestId('predict-feedback')).toContainText(
      firstIsRight === 'right' ? 'Right.' : 'Not quite.',
    );
    await expect(predict.locator('label.right')).toHaveCount(1);
    await expect(page.getByTestId(REVEALED[lesson])).toBeVisible({ timeout: 90_000 });
    await ACT[lesson](page);
    await expect.poll(() => page.url()).toMatch(new RegExp(`lesson=${lesson}(&|$)`));
  }
  // Pack's link carries nothing the lessons did: no ρ, rule, dataset, lesson or prediction.
  await views.getByRole('button', { name: 'Pack' }).click();
  await expect(page.getByTestId('m-abs')).toHaveText(/\d/, { timeout: 60_000 });
  const params = (url: string) => decode(new URL(url).search);
  expect(params(page.url())).toEqual(params(packLink));
  expect(page.url()).not.toMatch(/[?&](lesson|guess|lrho|lpacker|lw|hand|step)=/);
});
