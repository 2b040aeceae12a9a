/**
 * The Timeline view in real Chromium: a small synthetic preset through a link (numbers, policy
 * table, curves on the pool), the window slider moving machine-hours, the same link reproducing the
 * numbers in a fresh page, an uploaded task list (Fig. 1's six tasks) and a bad one (a notice naming
 * file, line and field; the previous workload kept), and lesson 7 playing to 250 / 210 / 160.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, keepShot, test } from './fixtures.ts';

const FIG1 = fileURLToPath(new URL('../src/engine/timeline/fixtures/fig1.csv', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations of the page (axe-core rules). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    // Observable Plot's own SVG (aria-label on <g>) is the library's markup, shared by every view.
    const r = await axe.run({ exclude: [['.plot-host']] }, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.nodes.length}): ${JSON.stringify((v.nodes[0] as { html?: string }).html)}`,
      );
  });
}

// R = 1,000 in every link: the Timeline view and lesson 7 do not read R, but a page opened on them
// still realizes Pack's pool (PlanetLab at R, the default 10,000) beside their own work.
const FEW = 'r=1000';
// 500 tasks: the checks read the table's rows, the curves, and machine-hours that differ between
// tw = 2 s and online (20.63 and 19.99 here) and come back equal in a fresh page, at any size.
const PRESET = `/?view=timeline&tsrc=synthetic&tn=500&tdays=1&tseed=3&tpol=fmf&tw=2&${FEW}`;

async function machineHours(page: Page): Promise<string> {
  const box = page.getByTestId('timeline-machine-hours');
  await expect(box).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('.timeline-view .plot.stale')).toHaveCount(0, { timeout: 90_000 });
  return (await box.textContent()) ?? '';
}

test('a synthetic preset: numbers, table, curves; the window slider moves machine-hours; a link reproduces them', async ({
  page,
  browser,
}) => {
  await page.goto(PRESET);
  const first = await machineHours(page);
  await expect(page.getByTestId('timeline-policy-table').locator('tbody tr')).toHaveCount(9);
  await expect(
    page.locator('[data-plot="timeline-machine-time-vs-window"] svg').first(),
  ).toBeVisible({
    timeout: 90_000,
  });
  await keepShot(page, 'test-results/timeline-preset.png', { fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  // Online (tw = 0): the slider's first stop.
  await page.getByTestId('timeline-window').fill('0');
  await expect(page).toHaveURL(/tw=0/);
  await expect(page.getByTestId('timeline-headline')).toContainText('tw = 0 s', {
    timeout: 90_000,
  });
  const online = await machineHours(page);
  expect(Number(online)).not.toBe(Number(first));
  const link = page.url();
  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('timeline-headline')).toContainText('tw = 0 s', {
    timeout: 90_000,
  });
  expect(await machineHours(fresh)).toBe(online);
  await fresh.close();
});

test('an uploaded task list: Fig. 1 with FMF at tw = 3 s is 210 machine-minutes; a bad file is refused by line and field', async ({
  page,
}) => {
  await page.goto(`/?view=timeline&tsrc=synthetic&tn=500&tw=3&tpol=fmf&${FEW}`);
  await machineHours(page);
  await page.getByTestId('timeline-upload').setInputFiles(FIG1);
  await expect(page.getByTestId('timeline-workload')).toContainText('fig1.csv: 6 tasks', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('timeline-headline')).toContainText('tw = 3 s');
  await expect(page.getByTestId('timeline-machine-hours')).toHaveText((210 / 60).toFixed(2), {
    timeout: 60_000,
  });
  // HiGHS loads in the page and solves the windows exactly (Fig. 1 at tw = 3 s: FMF is optimal per window).
  await page.getByTestId('timeline-exact').click();
  await expect(page.getByTestId('timeline-exact-gap')).toContainText('windows solved', {
    timeout: 60_000,
  });
  // The scrubber replays the cluster event by event.
  const before = await page.getByTestId('timeline-at').textContent();
  await page.getByTestId('timeline-step-next').click();
  await expect(page).toHaveURL(/tt=/);
  await expect(page.getByTestId('timeline-at')).not.toHaveText(before ?? '');
  await keepShot(page, 'test-results/timeline-upload.png', { fullPage: true });
  await page.getByTestId('timeline-upload').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id,arrival_s,duration_s,cpu_frac\na,0,10,0.5\nb,1,10,1.5\n'),
  });
  await expect(page.getByTestId('notice')).toContainText('bad.csv, line 3: field cpu_frac');
  await expect(page.getByTestId('timeline-workload')).toContainText('fig1.csv: 6 tasks');
});

test('the Google excerpt has usage series (q_time, overflow map); the panel’s per-VM dataset runs as VMs', async ({
  page,
}) => {
  await page.goto(`/?view=timeline&tsrc=google&tw=2&${FEW}`);
  await expect(page.getByTestId('timeline-qtime')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('timeline-workload')).toContainText('Google 2011 excerpt');
  await page.getByTestId('timeline-source').selectOption('vms');
  await expect(page.getByTestId('timeline-workload')).toContainText(
    'VMs living through the trace',
    {
      timeout: 90_000,
    },
  );
  await expect(page.getByTestId('timeline-qtime')).toBeVisible({ timeout: 90_000 });
});

test('lesson 7 plays Fig. 1 to the paper’s 250 / 210 / 160 machine-minutes, in seconds, and links into the Timeline view', async ({
  page,
}) => {
  await page.goto(`/?view=learn&lesson=7&guess=11&${FEW}`);
  await expect(page.getByTestId('lesson-7')).toBeVisible();
  await expect(page.getByTestId('l7-step')).toContainText('0 of 6');
  for (let k = 1; k <= 6; k++) {
    await page.getByTestId('l7-next').click();
    await expect(page.getByTestId('l7-step')).toContainText(`${k} of 6`);
  }
  // Task i arrives at second i: online First Fit keeps M1 0–3,000 s, M2 2–6,002 s and M3 4–6,005 s
  // (15,001); the paper rounds each schedule to whole minutes.
  await expect(page.getByTestId('l7-online')).toHaveText('15,001');
  await expect(page.getByTestId('l7-semi-online')).toHaveText('12,603');
  await expect(page.getByTestId('l7-offline')).toHaveText('9,600');
  await expect(page).toHaveURL(/step=6/);
  await expect(page.getByTestId('l7-day')).toBeVisible({ timeout: 90_000 });
  await keepShot(page, 'test-results/timeline-lesson7.png', { fullPage: true });
  await expect(page.getByTestId('open-in-pack')).toHaveAttribute('href', /view=timeline/);
});
