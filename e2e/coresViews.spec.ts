/**
 * Data that came in cores are shown in cores and nodes beyond Pack's headline: a CSV of 40 PlanetLab
 * VMs as 4-core VMs' cores, read at 16 cores per machine; Pack says its machines as nodes of 16
 * cores, and Trade-off its capacity. (Assess, `tune` and `advise` in cores: unit and CLI tests; the
 * Schedulers and Cluster views read their bundled histories, which do not come in cores.)
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

function vmCoresCsv(): string {
  const [head, ...rest] = readFileSync(
    '../shared/data/planetlab-cloudsim/planetlab_20110303.csv',
    'utf8',
  )
    .trim()
    .split('\n');
  const first = head.split(',').findIndex((h) => /^t\d+$/.test(h));
  const vms = rest.slice(0, 40).map((l) => l.split(',').slice(first).map(Number));
  const lines = [['timestamp', ...vms.map((_, i) => `pod${i + 1}`)].join(',')];
  for (let t = 0; t < vms[0].length; t++)
    lines.push([1299110400 + 300 * t, ...vms.map((v) => ((v[t] / 100) * 4).toFixed(3))].join(','));
  return `${lines.join('\n')}\n`;
}

test('a CSV in cores is shown in nodes of its cores in Pack and Trade-off', async ({ page }) => {
  const path = join(mkdtempSync(join(tmpdir(), 'slopack-cores-views-')), 'pods_cores.csv');
  writeFileSync(path, vmCoresCsv());
  // R = 1,000: the checks are units and labels, at any R (the page realizes its pools at R).
  await page.goto('/?view=data&r=1000');
  await page.getByTestId('upload').setInputFiles(path);
  await page.getByTestId('opt-unit').selectOption('cores');
  await page.getByTestId('opt-coresPerMachine').fill('16');
  await expect(page.getByTestId('preview-rows')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText('pods_cores.csv', { timeout: 60_000 });

  await page.getByRole('button', { name: 'Pack', exact: true }).click();
  await expect(page.getByTestId('m-abs')).toHaveText(/\d/, { timeout: 90_000 });
  const machines = Number(await page.getByTestId('m-abs').textContent());
  await expect(page.getByTestId('m-abs-nodes')).toHaveText(
    `${machines} node${machines === 1 ? '' : 's'} of 16 cores, ${16 * machines} cores`,
  );

  await page.getByRole('button', { name: 'Trade-off', exact: true }).click();
  await expect(page.getByTestId('tradeoff-capacity')).toHaveText('c = 1: nodes of 16 cores');

  // The bundled PlanetLab day is not in cores: no nodes are claimed for it.
  await page.goto('/?view=tradeoff&r=1000');
  await expect(page.getByTestId('tradeoff-capacity')).toHaveText('c = 1');
});
