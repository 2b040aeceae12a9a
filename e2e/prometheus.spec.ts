/**
 * A real Prometheus read from the page in Chromium: the SRE path (a URL to per-node q now and the
 * machines after repacking in at most 4 interactions), the same numbers as the same answers
 * uploaded as an exported file, the source in the link without the token, and bad input (a PromQL
 * error, CORS refused) said clearly with the data kept.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { DEFAULT_CPU_QUERY } from '../src/engine/data/prometheus/promRange.ts';
import { writeOptions } from '../src/state/common/sources/uploadOptions.ts';
import { startPrometheus, type RunningPrometheus } from '../src/cli/testing/prometheus.ts';

const NODE_CORES = 8;
let prom: RunningPrometheus;
let dir: string;

test.describe('From Prometheus', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    // Backfilling a day of 40 pods with promtool takes minutes on a loaded machine.
    test.setTimeout(300_000);
    dir = mkdtempSync(join(tmpdir(), 'slopack-prom-e2e-'));
    // A day of history ending ten minutes ago: the panel's default range (1d back from now) sees it.
    const start = Math.floor(Date.now() / 60_000) * 60 - 86400 - 600;
    prom = await startPrometheus(
      { pods: 40, nodes: 4, nodeCores: NODE_CORES, seconds: 86400, scrape: 30, start },
      { corsOrigin: '.*' },
    );
  });
  test.afterAll(async () => {
    await prom?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the SRE path: a URL to per-node q now and machines after repacking in 3 interactions, the numbers of an exported file', async ({
    page,
  }) => {
    await page.goto('/?view=data&n=50&K=2&r=1000');
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    let interactions = 0;
    await page.getByText('From Prometheus').click();
    interactions++;
    await page.getByTestId('prom-url').fill(prom.url);
    interactions++;
    // A box's number under the one rule, named before anything is fetched; the data stay.
    for (const [box, typed] of [
      ['cores', '0x10'],
      ['slo', '1.5'],
    ] as const) {
      await page.getByTestId(`prom-${box}`).fill(typed);
      await page.getByTestId('prom-read').click();
      await expect(page.getByTestId('prom-error')).toContainText(
        `"${box === 'cores' ? 'cores per node' : 'SLO ρ'}" is "${typed}"`,
      );
      await page.getByTestId(`prom-${box}`).fill(box === 'cores' ? '' : '0.01');
    }
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    await page.getByTestId('prom-read').click();
    interactions++;
    await expect(page.getByTestId('prom-assessment')).toBeVisible({ timeout: 120_000 });
    expect(interactions).toBeLessThanOrEqual(4);
    await expect(page.getByTestId('assess-nodes').locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('prom-headline')).toContainText(/nodes over the SLO .*node-\d/);
    await expect(page.getByTestId('assess-fit-gpa:0.01')).toBeVisible();
    await expect(page.getByTestId('tasks-kept')).toContainText('40 kept');

    // The link carries the source (URL, query, range), never a token (written once settled).
    await expect.poll(() => new URL(page.url()).searchParams.get('prom')).toBe(prom.url);
    const link = new URL(page.url());
    expect(link.searchParams.get('prom')).toBe(prom.url);
    expect(link.searchParams.get('pq')).toBe(DEFAULT_CPU_QUERY);
    const start = Number(link.searchParams.get('pstart'));
    const end = Number(link.searchParams.get('pend'));
    const step = Number(link.searchParams.get('pstep'));
    expect(step).toBe(60);
    const summary = await page.getByTestId('value-summary').textContent();
    const kept = await page.getByTestId('tasks-kept').textContent();

    // The same answer exported to a file and uploaded: the same tasks and numbers.
    const p = new URLSearchParams({
      query: DEFAULT_CPU_QUERY,
      start: String(start),
      end: String(end),
      step: String(step),
    });
    const file = join(dir, 'export.json');
    writeFileSync(file, await (await fetch(`${prom.url}/api/v1/query_range?${p}`)).text());
    await page.goto('/?view=data&n=50&K=2&r=1000');
    await page.getByTestId('upload').setInputFiles([file]);
    await expect(page.getByTestId('preview')).toBeVisible();
    await page.getByTestId('opt-coresPerMachine').fill(String(NODE_CORES));
    await page.getByTestId('use-files').click();
    await expect(page.getByTestId('tasks-kept')).toContainText('40 kept');
    await expect(page.getByTestId('value-summary')).toHaveText(summary!);
    expect(await page.getByTestId('tasks-kept').textContent()).toBe(kept);
  });

  test('the link carries the source alone: opened, it reads the server again to the same numbers; links made before still open', async ({
    page,
  }) => {
    await page.goto('/?view=data&n=20&K=2&r=1000');
    await page.getByText('From Prometheus').click();
    await page.getByTestId('prom-url').fill(prom.url);
    await page.getByTestId('prom-read').click();
    await expect(page.getByTestId('prom-assessment')).toBeVisible({ timeout: 120_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('prom')).toBe(prom.url);
    // The task count follows the data: every pod read, not the 20 asked before.
    await expect.poll(() => new URL(page.url()).searchParams.get('n')).toBe('40');
    const link = new URL(page.url());
    for (const key of ['files', 'h', 'fmt', 'oh', 'o.pq', 'o.pstep', 'o.pstart', 'o.pend'])
      expect(link.searchParams.has(key), key).toBe(false);
    const summary = await page.getByTestId('value-summary').textContent();
    const kept = await page.getByTestId('tasks-kept').textContent();

    // Opened afresh (no file, no token in it): the page asks the server again, same numbers.
    await page.goto('/?view=pack&n=50&K=2&r=1000');
    await page.goto(link.toString());
    await expect(page.getByTestId('tasks-kept')).toHaveText(kept!, { timeout: 120_000 });
    await expect(page.getByTestId('value-summary')).toHaveText(summary!);

    // A link made before (the chunk's name, its SHA-256 and the loader options beside the source).
    const p = new URLSearchParams({
      query: link.searchParams.get('pq')!,
      start: link.searchParams.get('pstart')!,
      end: link.searchParams.get('pend')!,
      step: link.searchParams.get('pstep')!,
    });
    const answer = Buffer.from(
      await (await fetch(`${prom.url}/api/v1/query_range?${p}`)).arrayBuffer(),
    );
    const hash = createHash('sha256').update(answer).digest('hex');
    const old = new URL(link.toString());
    old.searchParams.set('files', 'prometheus-1-of-1.json');
    old.searchParams.set('h', hash);
    old.searchParams.set('fmt', 'prometheus');
    writeOptions(
      hash,
      'prometheus',
      {
        unit: 'cores',
        capacity: NODE_CORES,
        query: p.get('query')!,
        step: Number(p.get('step')),
        rangeStart: Number(p.get('start')),
        rangeEnd: Number(p.get('end')),
      },
      old.searchParams,
    );
    await page.goto('/?view=pack&n=50&K=2&r=1000');
    await page.goto(old.toString());
    await expect(page.getByTestId('tasks-kept')).toHaveText(kept!, { timeout: 120_000 });
    await expect(page.getByTestId('value-summary')).toHaveText(summary!);

    // Data in cores: Pack says its machines as nodes of the server's 8 cores.
    await page.getByRole('button', { name: 'Pack' }).click();
    const mAbs = Number(await page.getByTestId('m-abs').textContent({ timeout: 120_000 }));
    await expect(page.getByTestId('m-abs-nodes')).toHaveText(
      `${mAbs} node${mAbs === 1 ? '' : 's'} of 8 cores, ${mAbs * 8} cores`,
    );
  });

  test('bad input: a PromQL error in the server’s words, CORS refused with the way out; the data stay', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/?view=data&n=50&K=2&r=1000');
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    await page.getByText('From Prometheus').click();
    await page.getByTestId('prom-url').fill(prom.url);
    await page.getByTestId('prom-query').fill('sum by (pod (rate(x[5m]))');
    await page.getByTestId('prom-read').click();
    await expect(page.getByTestId('prom-error')).toContainText(
      /Prometheus refused the query \(HTTP 400.*\): bad_data: .*parse error/,
    );
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');

    // A server that answers without CORS headers: the browser refuses, the message says how.
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"success","data":{"resultType":"vector","result":[]}}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      await page.getByTestId('prom-url').fill(`http://127.0.0.1:${port}`);
      await page.getByTestId('prom-query').fill(DEFAULT_CPU_QUERY);
      await page.getByTestId('prom-read').click();
      await expect(page.getByTestId('prom-error')).toContainText('--web.cors.origin');
    } finally {
      server.close();
    }
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    // The browser logs the refused requests themselves: those, and nothing else, are expected.
    const expected = /status of 400 \(Bad Request\)|blocked by CORS policy|net::ERR_FAILED/;
    expect(consoleErrors.filter((e) => !expected.test(e))).toEqual([]);
    consoleErrors.splice(0);
  });
});
