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
  // The header whole on the projector's screen: every view's name, the engine badge and Share.
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await sideways(), 'sideways scroll').toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeInViewport({ ratio: 1 });

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

test('presenter mode: the step’s link as a QR code, and a handout of one printed page per step', async ({
  page,
}) => {
  await page.addInitScript(() => {
    sessionStorage.setItem('slopack-present-steps', '?view=learn&lesson=1\n?view=pack');
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/?present=1');
  await expect(page.getByTestId('presenter-step')).toHaveText('Step 1 of 2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: 'Phone link' }).click();
  const qr = page.getByTestId('presenter-qr');
  await expect(qr).toHaveAttribute('data-link', /\?view=learn&lesson=1$/);
  await expect(qr.getByRole('img', { name: /^QR code of http/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(qr).toHaveAttribute('data-link', /\?view=pack$/);

  await page.getByRole('button', { name: 'Print handout' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), {
      timeout: 60_000,
    })
    .toBe(1);
  // Back on the step the presenter was on.
  await expect(page.getByTestId('presenter-step')).toHaveText('Step 2 of 2');
  await expect.poll(() => page.url()).toContain('view=pack');
  const pages = page.locator('.handout-page');
  await expect(pages).toHaveCount(2);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app')).toBeHidden();
  const sheets = [
    { link: /lesson=1$/, shows: '[data-testid="predict"]' },
    { link: /view=pack$/, shows: '[role="listbox"][aria-label="Machines"] [role="option"]' },
  ];
  for (const [i, sheet] of sheets.entries()) {
    const copy = pages.nth(i);
    await expect(copy.getByRole('heading', { name: `Step ${i + 1} of 2` })).toBeVisible();
    await expect(copy.locator('.handout-link')).toHaveText(sheet.link);
    await expect(copy.locator('.handout-qr svg path')).toHaveCount(1);
    // A lesson's question (its prediction, asked before the reveal); Pack's machines and numbers.
    await expect(copy.locator(sheet.shows).first()).toBeVisible();
    expect(await copy.evaluate((el) => getComputedStyle(el).breakAfter)).toBe(
      i === 0 ? 'page' : 'auto',
    );
  }
  await expect(pages.nth(1).getByTestId('m-abs')).toHaveText(/^\d+$/);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBeGreaterThanOrEqual(2);
});

test('presenter mode on a phone: one row, the QR of the lesson the link opened, closed by Escape or a tap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/?view=learn&lesson=4&present=1');
  const bar = page.getByTestId('presenter');
  await expect(page.getByTestId('presenter-step')).toHaveText('Step 3 of 6');
  const qrButton = page.getByRole('button', { name: 'Phone link' });
  const rowHeight = (await qrButton.boundingBox())!.height;
  expect((await bar.boundingBox())!.height).toBeLessThan(2 * rowHeight);
  await qrButton.click();
  const qr = page.getByTestId('presenter-qr');
  await expect(qr).toHaveAttribute('data-link', /[?&]lesson=4(&|$)/);
  await expect(qr).not.toHaveAttribute('data-link', /present=/);
  await page.keyboard.press('Escape');
  await expect(qr).toHaveCount(0);
  await expect(qrButton).toBeFocused();
  await qrButton.click();
  await page.getByTestId('learn').click({ position: { x: 5, y: 5 } });
  await expect(qr).toHaveCount(0);
});
