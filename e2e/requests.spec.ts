/**
 * The Requests view in real Chromium on the bundled Azure V1 history (100 VMs, 28 days, computed
 * in a worker): the side-by-side table of slopack, krr and the VPA first, the YAML patches copied
 * through the clipboard and parsed back, one per workload, the first line naming the data; a
 * target outside (0, 1) refused at the box while the table stays.
 */
import { parseAllDocuments } from 'yaml';
import { expect, test } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the requests side by side, their YAML copied and parsed back', async ({ page }) => {
  await page.goto('/?view=requests&rqs=krr');
  const table = page.getByTestId('rq-comparison');
  await expect(table.locator('tbody tr')).toHaveCount(3, { timeout: 60_000 });
  await expect(table.locator('tbody th')).toHaveText(['slopack', 'krr', 'vpa']);
  await expect(table.locator('tbody tr').first()).toContainText(/\d+ of 100/);
  await expect(page.locator('[data-plot="requests-nodes"] svg').first()).toBeVisible();

  await page.getByTestId('snippet-copy').click();
  await expect(page.getByTestId('snippet-copied')).toBeVisible();
  const yaml = await page.evaluate(() => navigator.clipboard.readText());
  expect(yaml).toMatch(/^# krr requests learned on the bundled history Azure/);
  const docs = parseAllDocuments(yaml).map(
    (d) =>
      d.toJS() as {
        kind: string;
        spec: { containers: { resources: { requests: { cpu: string } } }[] };
      },
  );
  expect(docs).toHaveLength(100);
  for (const d of docs) expect(d.spec.containers[0].resources.requests.cpu).toMatch(/^\d+m$/);

  const target = page.getByTestId('rq-target');
  await target.fill('1.5');
  await target.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /q\*/ })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(3);
});
