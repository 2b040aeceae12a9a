/**
 * The Replay view in real Chromium on the user's data: a PlanetLab day uploaded, then two schedulers
 * replayed on it in the engine's workers (never on a bundled history while the upload is loaded),
 * side A beside side B: the table's worst nodes and the node-by-node figure.
 */
import { expect, keepShot, test } from './fixtures.ts';

test('two schedulers replayed on uploaded data, node by node', async ({ page }) => {
  await page.goto('/?view=data&r=1000');
  await page
    .getByTestId('upload')
    .setInputFiles('../shared/data/planetlab-cloudsim/planetlab_20110303.csv');
  await expect(page.getByTestId('preview-rows')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText('planetlab_20110303.csv', {
    timeout: 60_000,
  });

  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(page.getByTestId('whatif-data')).toContainText('planetlab_20110303.csv');
  await expect(page.getByTestId('whatif-worst-a')).toHaveText(/^node-\d+, \d\.\d{4}$/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('whatif-worst-b')).toHaveText(/^node-\d+, \d\.\d{4}$/);
  await expect(page.getByTestId('whatif-row-a')).toContainText('kube-default');
  await expect(page.getByTestId('whatif-row-b')).toContainText('koordinator');
  await expect(page.getByTestId('whatif-judged')).toContainText('judged instants of 300 s');
  const figure = page.locator('[data-plot="whatif-nodes"] svg').first();
  await expect(figure).toBeVisible();
  await expect(figure.locator('g[aria-label="fy-axis tick label"] text').first()).toHaveText(
    /^node-\d+$/,
  );

  // A knob of one's own on side B: replayed again, the table says it.
  await page.getByTestId('whatif-b-set').check();
  const box = page.getByTestId('whatif-b-knob');
  await box.fill('45');
  await box.press('Enter');
  await expect(page.getByTestId('whatif-row-b')).toContainText('usageThresholds.cpu = 45', {
    timeout: 60_000,
  });
  await keepShot(page, 'test-results/whatif-view.png', { fullPage: true });
});
