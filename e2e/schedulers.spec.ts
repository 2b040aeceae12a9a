/**
 * The Schedulers view in real Chromium on the bundled Azure V1 history (time-aligned, 28 days):
 * Trimaran LoadVariationRiskBalancing's knob tuned to the per-machine SLO, a value of one's own
 * judged, its snippet copied through the clipboard and parsed back as YAML with Trimaran's fields;
 * a target outside (0, 1) refused at the box; a link reproduces the tab and the knob.
 */
import { parse } from 'yaml';
import { expect, keepShot, test } from './fixtures.ts';
import { sharedPage } from './sharedPage.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const VIEW = '/?view=schedulers&sch=trimaran-lvrb';

/** Both tests read the tuning of one page: it is computed once (the fresh page recomputes it). */
test.describe('the tuned knob', () => {
  const shared = sharedPage(VIEW, { permissions: ['clipboard-read', 'clipboard-write'] });

  test('a knob tuned on a bundled history, its snippet copied and parsed as YAML', async ({
    browser,
  }) => {
    const page = shared();
    await expect(page.getByTestId('schedulers')).toBeVisible();
    await expect(page.getByTestId('sched-tab-trimaran-lvrb')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const tuned = page.getByTestId('sched-tuned');
    await expect(tuned).toHaveText(/safeVarianceMargin [\d.]+, safeVarianceSensitivity 2/, {
      timeout: 120_000,
    });
    await expect(page.getByTestId('sched-gpa')).toHaveText(/machines \(ρ = /);
    await expect(page.locator('[data-plot="sched-curve-trimaran-lvrb"] svg').first()).toBeVisible();

    // A knob of one's own: one packing, judged, and the snippet follows it.
    const box = page.getByTestId('sched-knob');
    await box.fill('0.5');
    await box.press('Enter');
    await expect(page.getByTestId('sched-point')).toHaveText(
      /safeVarianceMargin = 0\.5: \d+ machines/,
    );
    await expect.poll(() => page.url()).toMatch(/[?&]schk=0\.5/);

    await page.getByTestId('snippet-copy').first().click();
    await expect(page.getByTestId('snippet-copied').first()).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(/^# /);
    const doc = parse(text) as {
      kind: string;
      profiles: { pluginConfig: { name: string; args: Record<string, unknown> }[] }[];
    };
    expect(doc.kind).toBe('KubeSchedulerConfiguration');
    const plugin = doc.profiles[0].pluginConfig.find(
      (p) => p.name === 'LoadVariationRiskBalancing',
    );
    expect(plugin, 'the LoadVariationRiskBalancing pluginConfig').toBeDefined();
    expect(plugin!.args.safeVarianceMargin).toBe(0.5);
    expect(plugin!.args.safeVarianceSensitivity).toBe(2);
    await expect(page.getByTestId('snippet').first()).toContainText(
      'LoadVariationRiskBalancingArgs',
    );
    await keepShot(page, 'test-results/schedulers-view.png', { fullPage: true });

    // The link reproduces the tab, the knob and its figures in a fresh page.
    const point = await page.getByTestId('sched-point').textContent();
    const fresh = await browser.newPage();
    await fresh.goto(page.url());
    await expect(fresh.getByTestId('sched-point')).toHaveText(point!, { timeout: 120_000 });
    await fresh.close();
  });

  test('a target outside (0, 1) is refused at the box; the results stay', async () => {
    const page = shared();
    const tuned = page.getByTestId('sched-tuned');
    await expect(tuned).toHaveText(/safeVarianceMargin/, { timeout: 120_000 });
    const before = await tuned.textContent();
    const target = page.getByTestId('sched-target');
    await target.fill('1.5');
    await target.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: /q\*/ })).toBeVisible();
    await expect(target).toHaveValue('0.01');
    await expect(tuned).toHaveText(before!);
    expect(page.url()).not.toMatch(/schq=1\.5/);
  });
});

test('an unknown scheduler in a link lists the schedulers', async ({ page }) => {
  await page.goto('/?view=schedulers&sch=kube-magic');
  await expect(page.getByTestId('sched-unknown')).toHaveText(/trimaran-lvrb/);
  await expect(page.getByTestId('sched-unknown')).toHaveText(/koordinator/);
});

test('at 375 px the view keeps a margin at both sides of the phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/?view=schedulers&sch=kube-magic');
  const tabs = page.getByRole('tablist', { name: 'Schedulers' });
  await expect(tabs).toBeVisible();
  const box = (await tabs.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(8);
  expect(box.x + box.width).toBeLessThanOrEqual(375 - 8);
});

test('the knob lesson: σ in the link, the implied risk against GPA’s, a way into the view', async ({
  page,
}) => {
  // R = 1,000: the lesson's figures are closed-form; the page realizes Pack's pool at R meanwhile.
  await page.goto('/?view=learn&lesson=10&step=2500&guess=11&r=1000');
  await expect(page.getByTestId('lesson-knob')).toBeVisible();
  // Sensitivity 2 at σ = 0.25: z = 2, ρ = 1 − Φ(2) ≈ 2.3·10⁻², looser than GPA at 0.01.
  await expect(page.getByTestId('knob-sigma-reading')).toHaveText('0.25');
  await expect(page.getByTestId('knob-risk')).toHaveText('2.3·10⁻²');
  await expect(page.getByTestId('knob-verdict')).toHaveText(/looser than GPA/);
  const sensitivity = page.getByTestId('knob-sensitivity');
  await sensitivity.fill('1');
  await sensitivity.press('Enter');
  await expect(page.getByTestId('knob-risk')).toHaveText('1.6·10⁻¹');
  await expect(page.getByTestId('knob-crossing')).toHaveText(/every node gets the same risk/);
  await page.getByTestId('open-in-schedulers').click();
  await expect(page.getByTestId('schedulers')).toBeVisible();
});
