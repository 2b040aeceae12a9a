/**
 * The classroom checks shared by the specs over every view: each plot's SVG and PNG export holds
 * the whole figure, the page fits a phone, axe-core finds nothing serious, Tab reaches every control.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { inkShare, pngSize } from './png.ts';

/**
 * Runs `runs` at once, the first in the test's own page, each other in a page of its own like it
 * (the project's base URL, viewport and service-worker policy): independent passes of a long check
 * side by side. A console error or uncaught exception in any of the pages fails the test.
 */
export async function sideBySide(
  page: Page,
  browser: Browser,
  runs: readonly ((page: Page) => Promise<void>)[],
): Promise<void> {
  const { baseURL, viewport, serviceWorkers } = test.info().project.use;
  const errors: string[] = [];
  const others = await Promise.all(
    runs.slice(1).map(async () => {
      const other = await browser.newPage({ baseURL, viewport, serviceWorkers });
      other.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      other.on('pageerror', (e) => errors.push(String(e)));
      return other;
    }),
  );
  try {
    await Promise.all(runs.map((run, i) => run(i === 0 ? page : others[i - 1])));
  } finally {
    await Promise.all(others.map((p) => p.close()));
  }
  expect(errors, 'console errors in the other pages').toEqual([]);
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A download of the extension `kind` (any when ''), awaited for as long as an expectation is (a
 * click that starts none fails there, not at the end of a long test's time).
 */
function download(page: Page, kind = '') {
  return page.waitForEvent('download', {
    predicate: (d) => d.suggestedFilename().endsWith(kind),
    timeout: 30_000,
  });
}

/** The file a click on `button` downloads (of the extension `kind`, when several are in flight). */
export async function downloaded(page: Page, button: Locator, kind = ''): Promise<Buffer> {
  const [file] = await Promise.all([download(page, kind), button.click({ timeout: 30_000 })]);
  return readFileSync((await file.path())!);
}

/** Every plot on the page exports as SVG and PNG the whole figure at its on-screen size. */
export async function checkExports(page: Page, view: string, dir: string) {
  const figures = page.locator('figure.plot:has(.plot-actions)');
  const count = await figures.count();
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const name = await figure.getAttribute('data-plot');
    const title = (await figure.locator('.plot-title').textContent())!.trim();
    const box = (await figure.boundingBox())!;
    const marks = await figure.locator('.plot-host svg[aria-label] [aria-label]').count();
    // One download in flight at a time: the PNG (rendered asynchronously, after the click's user
    // activation may have lapsed) has started before the SVG is asked for; its file is read below.
    const pngFile = await Promise.all([
      download(page, '.png'),
      figure.getByRole('button', { name: /as PNG/ }).click({ timeout: 30_000 }),
    ]).then(([file]) => file);
    const svgButton = figure.getByRole('button', { name: /as SVG/ });
    const svg = (await downloaded(page, svgButton, '.svg')).toString();
    const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)![1]);
    const height = Number(/<svg[^>]*\sheight="(\d+)"/.exec(svg)![1]);
    const where = `${view} ${name}`;
    expect(Math.abs(width - box.width), `${where} SVG width`).toBeLessThanOrEqual(2);
    expect(Math.abs(height - box.height), `${where} SVG height`).toBeLessThanOrEqual(2);
    expect(width, `${where} not a swatch`).toBeGreaterThan(200);
    // The plot itself, with its marks, and the figure's title as text.
    expect(svg.includes(`aria-label="${xml(title)}"`), `${where} plot`).toBe(true);
    expect((svg.match(/aria-label="/g) ?? []).length, `${where} marks`).toBeGreaterThan(marks / 2);
    expect(svg.includes(`>${xml(title.split(' ')[0])}`), `${where} title`).toBe(true);
    const png = readFileSync((await pngFile.path())!);
    writeFileSync(join(dir, `${view}-${name}.png`), png);
    const size = pngSize(png);
    expect(Math.abs(size.width - 2 * width), `${where} PNG width`).toBeLessThanOrEqual(2);
    expect(Math.abs(size.height - 2 * height), `${where} PNG height`).toBeLessThanOrEqual(2);
    expect(inkShare(png), `${where} PNG ink`).toBeGreaterThan(0.01);
  }
  return count;
}

const AXE = resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

/**
 * Resolves once nothing on the page is faded while it computes (a faded part's text is low-contrast
 * on purpose). On Pack (`pack`) its exact q first: it starts after the packing lands, so a moment
 * with nothing faded may come before it.
 */
export async function nothingFaded(page: Page, pack: boolean, timeout: number): Promise<void> {
  if (pack)
    await expect(page.getByTestId('exact-q')).toHaveAttribute('data-state', 'ready', { timeout });
  await expect(page.locator('.stale')).toHaveCount(0, { timeout });
}

/** A violation: its rule and each node's selector; `detached` when a node left the page meanwhile. */
type AxeFinding = { rule: string; targets: string[]; detached: boolean };

/** One axe-core run over the whole page: the violations at `every` level or serious and critical. */
function axeRun(page: Page, every: boolean): Promise<AxeFinding[]> {
  return page.evaluate(async (every) => {
    const w = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: { resultTypes: string[] },
        ) => Promise<{
          violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    // Every rule runs on the whole page; only the passes and incomplete results, which nothing
    // reads, are cut to one node per rule (the violations keep all of theirs).
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    // axe names a node that left the document before its selector was made ':root' (it finds no
    // unique path to it); any other selector that no longer matches means the same.
    const element = (n: { target: string[] }) =>
      n.target.join(' ') === ':root' ? null : document.querySelector(n.target.join(' '));
    // A part faded while it recomputes (`.stale`) is low in contrast on purpose, for as long as
    // the computation lasts: its contrast is judged once it has settled, not mid-flight.
    const settled = (v: { id: string }, n: { target: string[] }) =>
      v.id !== 'color-contrast' || !element(n)?.closest('.stale');
    return result.violations
      .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => settled(v, n)) }))
      .filter((v) => v.nodes.length > 0)
      .map((v) => ({
        rule: v.id,
        targets: v.nodes.map((n) => n.target.join(' ')),
        detached: v.nodes.some((n) => element(n) === null),
      }));
  }, every);
}

/**
 * axe-core's violations on the page, each as "rule: targets": the serious and critical ones, or with
 * `every` all of them (moderate and minor too). A run during which a violating node left the page
 * judged a part mid-render (a result replacing its "computing…" line): it is run again once nothing is
 * faded, up to three times; the last run's violations all count.
 */
export async function axeSerious(page: Page, every = false): Promise<string[]> {
  // Injected once per document (≈ 0.5 MB of script): a view opened in the page keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  let findings = await axeRun(page, every);
  for (let again = 0; again < 2 && findings.some((f) => f.detached); again++) {
    await nothingFaded(page, false, 60_000);
    findings = await axeRun(page, every);
  }
  return findings.map((f) => `${f.rule}: ${f.targets.join(', ')}`);
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Every nav item and every control of the view (up to 60) takes a tap: nothing covers it. The check
 * a trial click makes (Playwright's hit-target test), run in the page over all of them at once:
 * each is scrolled into view (centred, else at the start, end or nearest edge, as Playwright's
 * retries do) and the element at its centre is the control itself, a part of it or its label.
 * Disabled controls and ones of no size are left out; covered ones are retried for a few seconds.
 */
export async function everythingTappable(page: Page): Promise<void> {
  const covered = () =>
    page.evaluate(() => {
      // Visible as Playwright's `:visible` has it (a closed <details> hides its content).
      const shown = (el: HTMLElement) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return el.checkVisibility() && r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
      };
      const nav = [
        ...document.querySelectorAll<HTMLElement>('nav[aria-label="Views"] button'),
      ].filter(shown);
      const controls = [
        ...document.querySelectorAll<HTMLElement>(
          'main button, main select, main input, aside button, aside select, aside input',
        ),
      ]
        .filter(shown)
        .slice(0, 60)
        .filter((el) => !el.matches(':disabled') && el.getAttribute('aria-disabled') !== 'true');
      const takesTap = (el: HTMLElement) =>
        (['center', 'start', 'end', 'nearest'] as const).some((block) => {
          el.scrollIntoView({ block, inline: block });
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit !== null && (el.contains(hit) || hit.closest('label')?.control === el);
        });
      return [...nav, ...controls]
        .filter((el) => !takesTap(el))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} ${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}`,
        );
    });
  await expect.poll(covered, { timeout: 5000, message: 'controls covered' }).toEqual([]);
}

/**
 * Tab from the top of the page reaches every enabled, visible control inside `root` (buttons,
 * selects, inputs, links, summaries); the ones never reached, by their accessible description.
 */
export async function unreachedByTab(
  page: Page,
  root: Locator,
  maxPresses = 400,
): Promise<string[]> {
  const total = await root.evaluate((el) => {
    const controls = el.querySelectorAll<HTMLElement>(
      'button, select, input, textarea, a[href], summary, [tabindex]:not([tabindex="-1"])',
    );
    let k = 0;
    for (const c of controls) {
      const visible = c.getClientRects().length > 0 && getComputedStyle(c).visibility !== 'hidden';
      const enabled = !(c as HTMLButtonElement).disabled && c.getAttribute('tabindex') !== '-1';
      if (visible && enabled) c.dataset.tabCheck = String(k++);
    }
    return k;
  });
  // The control focused after each Tab, noted in the page as the key comes up (no round trip per
  // press); Tab pressed in runs of as many presses as controls are still unreached.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const reached = new Set<string>();
    const note = (e: KeyboardEvent) => {
      const id = (document.activeElement as HTMLElement | null)?.dataset.tabCheck;
      if (e.key === 'Tab' && id !== undefined) reached.add(id);
    };
    document.addEventListener('keyup', note, true);
    Object.assign(window, {
      tabCheck: { reached, stop: () => document.removeEventListener('keyup', note, true) },
    });
  });
  const reachedCount = () =>
    page.evaluate(
      () => (window as unknown as { tabCheck: { reached: Set<string> } }).tabCheck.reached.size,
    );
  for (let pressed = 0, reached = 0; pressed < maxPresses && reached < total;) {
    const run = Math.min(total - reached, maxPresses - pressed);
    for (let i = 0; i < run; i++) await page.keyboard.press('Tab');
    pressed += run;
    reached = await reachedCount();
  }
  return root.evaluate((el) => {
    const check = (window as unknown as { tabCheck: { reached: Set<string>; stop: () => void } })
      .tabCheck;
    check.stop();
    return [...el.querySelectorAll<HTMLElement>('[data-tab-check]')]
      .filter((c) => !check.reached.has(c.dataset.tabCheck!))
      .map(
        (c) =>
          `${c.tagName.toLowerCase()} ${c.getAttribute('data-testid') ?? c.getAttribute('aria-label') ?? c.textContent?.trim().slice(0, 40)}`,
      );
  });
}

/**
 * Resolves once every drawn plot has its figure's width (PlotFigure redraws a plot a frame or two
 * after its figure is resized, at the figure's content width less 4 px, at least 280 px, ignoring
 * changes of 8 px or less): the page's state after a viewport change, before exports read it.
 */
export async function plotsRedrawn(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const lagging: string[] = [];
          for (const host of document.querySelectorAll<HTMLElement>('figure.plot .plot-host')) {
            const figure = host.closest<HTMLElement>('figure.plot')!;
            const widths = [...host.querySelectorAll('svg')].map((s) =>
              Number(s.getAttribute('width')),
            );
            if (widths.length === 0) continue;
            const style = getComputedStyle(figure);
            const room =
              figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const want = Math.max(280, Math.floor(room) - 4);
            if (Math.abs(Math.max(...widths) - want) > 9)
              lagging.push(`${figure.dataset.plot}: ${Math.max(...widths)} px, not ${want}`);
          }
          return lagging;
        }),
      { message: 'plots redrawn at their figure’s width' },
    )
    .toEqual([]);
}
