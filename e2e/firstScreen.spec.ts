/**
 * The first screen as a visitor meets it, at a projector's 1366 × 768 and a phone's 375 px: the
 * sentence under the headline says what the numbers mean for these data, plain names come before
 * symbols, no label is clipped or covered, the engine's diagnostics wait behind a toggle, the views
 * sit on one row, and nothing on the first screen moves once painted (the Layout Instability API's
 * layout-shift entries, summed over the whole load until the late cards have arrived).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;

/** Records every layout shift from the page's first frame on (window.__shifts). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (e.hadRecentInput) continue;
        shifts.push({
          value: e.value,
          sources: (e.sources ?? []).map((s) => (s.node?.textContent ?? '').slice(0, 40)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Labels, terms and buttons on the first screen whose text is cut or runs under their "?". */
function clippedLabels(page: Page) {
  return page.evaluate(() => {
    const onScreen = (r: DOMRect) =>
      r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0;
    const problems: string[] = [];
    const texts = document.querySelectorAll<HTMLElement>(
      'label, dt, summary, button, .headline dd, .start-here',
    );
    for (const el of texts) {
      if (!el.checkVisibility() || !onScreen(el.getBoundingClientRect())) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        problems.push(`cut: ${el.textContent}`);
    }
    // A label's words never run under the "?" placed at its field's corner.
    for (const field of document.querySelectorAll<HTMLElement>('.field')) {
      const label = field.querySelector(':scope > label');
      const explain = field.querySelector(':scope > .explain button');
      if (!label || !explain || !field.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(label);
      const q = explain.getBoundingClientRect();
      for (const r of range.getClientRects())
        if (r.left < q.right && r.right > q.left && r.top < q.bottom && r.bottom > q.top)
          problems.push(`under its "?": ${label.textContent}`);
    }
    // A select's chosen option is read whole (the box is as wide as its text and the arrow).
    const ctx = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll<HTMLSelectElement>('select')) {
      if (!select.checkVisibility() || !onScreen(select.getBoundingClientRect())) continue;
      const style = getComputedStyle(select);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      if (ctx.measureText(text).width > room) problems.push(`option cut: ${text}`);
    }
    return problems;
  });
}

for (const size of SIZES) {
  test(`the first screen at ${size.width} px teaches, keeps still and cuts no label`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await watchShifts(page);
    await page.goto('/');
    const q = page.getByTestId('q');
    await expect(q).toHaveText(/\d/);
    // The late cards: the exact q, the sentence, the machines.
    await expect(page.getByTestId('exact-q')).toHaveAttribute('data-state', 'ready');
    const sentence = page.getByTestId('headline-sentence');
    await expect(sentence).toBeVisible();
    await expect(page.getByTestId('strip')).toBeVisible();
    await expect(page.getByTestId('stale')).toHaveCount(0);

    // The sentence reads the numbers beside it: ρ promised, the q of independent draws and in time.
    // Spelled as the cells spell them (docs/conventions.md: one spelling of a probability).
    const replayed = (await q.textContent())!;
    const independent = (await page.getByTestId('q-independent-value').textContent())!;
    await expect(sentence).toContainText(
      'GPA promised a machine over capacity in at most a share ρ = 0.01',
    );
    await expect(sentence).toContainText(`it gets q = ${independent} on independent draws`);
    await expect(sentence).toContainText(`replayed in time it gets q = ${replayed}`);
    await expect(sentence).toContainText('heavier tail than the Gaussian');
    await expect(sentence).toContainText('tail plot');

    // Plain names first, the paper's symbols second.
    const headline = page.getByTestId('headline');
    await expect(headline).toContainText('machines used (m_abs)');
    await expect(headline).toContainText('mean-load machines (m_norm)');
    await expect(headline).toContainText('promised overflow (ρ)');

    // The diagnostics wait behind their toggle.
    await expect(page.getByTestId('memory')).toBeHidden();
    await expect(page.getByTestId('runtime')).toBeHidden();
    expect(await clippedLabels(page)).toEqual([]);

    // The views on one row (scrolling sideways on a phone).
    const nav = page.getByRole('navigation', { name: 'Views' }).getByRole('button');
    const tops = new Set<number>();
    for (let i = 0; i < (await nav.count()); i++)
      tops.add(Math.round((await nav.nth(i).boundingBox())!.y));
    expect(tops.size, 'the views on one row').toBe(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    ).toBeLessThanOrEqual(0);

    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);

    await page.getByTestId('diagnostics').locator('summary').click();
    await expect(page.getByTestId('runtime')).toContainText(/workers|main thread/);
    await expect(page.getByTestId('memory')).toBeVisible();
  });
}

/** The headline's place and figures, as the page shows them now. */
const headlineNow = (page: Page) =>
  page.evaluate(() => {
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;
    const box = document.querySelector('[data-testid="m-abs"]')!.getBoundingClientRect();
    const nav = [...document.querySelectorAll('nav[aria-label="Views"] button')];
    return {
      figures: ['m-abs', 'm-norm', 'm', 'oversized'].map(text),
      at: [Math.round(box.x), Math.round(box.y)],
      nav: nav.map((b) => b.textContent),
    };
  });

test('the headline is painted from the build before the app runs, where the app then draws it', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(SIZES[0]);
  // Nothing of /assets/ arrives, neither the app's code nor a stylesheet: what the page shows is
  // index.html alone, the app's stylesheet written into it (no request holds the first paint).
  await page.route('**/assets/*', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  const still = await headlineNow(page);
  expect(still.nav).toContain('Trade-off');
  await page.unroute('**/assets/*');
  const sheet = await page.evaluate(
    () => document.querySelector('link[rel="stylesheet"][disabled]')?.getAttribute('href') ?? null,
  );
  const sheetLoads: string[] = [];
  page.on('request', (r) => {
    if (sheet && r.url().endsWith(sheet)) sheetLoads.push(r.url());
  });
  await page.reload();
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.getByTestId('m-abs')).toHaveText(/\d/);
  expect(await headlineNow(page)).toEqual(still);
  expect(sheet).toMatch(/\.css$/);
  expect(sheetLoads, 'the app loads its stylesheet again').toEqual([]);

  // Another address (another view or parameters) is drawn by the app alone: the static block is
  // gone once parsed, so nothing reads its figures before the app has drawn its own. The app
  // left first: its lazy chunks still on their way would be refused too (a console error).
  await page.goto('about:blank');
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/?view=data');
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.getByTestId('m-abs')).toHaveCount(0);
  // The console's only complaints are the loads refused above.
  const refused = 'Failed to load resource: net::ERR_FAILED';
  expect(consoleErrors.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== refused));
});
