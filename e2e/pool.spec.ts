/**
 * The browser's worker pool in real Chromium, driven without the UI: the same numbers with 1, 2 and 4
 * workers and as the engine on Node, cancel and crash recovery, and the copying mode of a page that
 * is not cross-origin isolated (a dev server without COOP/COEP; and the built app from a plain
 * static server, which must still compute and say it runs in the slower mode).
 */
import { test as base, type Page } from '@playwright/test';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { parseWideCsv } from '../src/engine/index.ts';
import { createInlineRunner } from '../src/runtime/inlineRunner.ts';
import { expect, test } from './fixtures.ts';
import { REALIZATIONS, SPEC } from './pages/poolHarness.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PLANETLAB = resolve(ROOT, '../shared/data/planetlab-cloudsim/planetlab_20110303.csv');

async function devServer(isolated: boolean): Promise<{ url: string; close(): Promise<void> }> {
  const server: ViteDevServer = await createServer({
    root: ROOT,
    server: {
      port: 0,
      host: '127.0.0.1',
      // Overrides the isolation headers of vite.config.ts, like a host that cannot send them.
      ...(isolated
        ? {}
        : {
            headers: {
              'Cross-Origin-Opener-Policy': 'unsafe-none',
              'Cross-Origin-Embedder-Policy': 'unsafe-none',
            },
          }),
    },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

type Harness = typeof import('./pages/poolHarness.ts');
function harness<K extends 'sweep' | 'cancelAndCrash'>(
  page: Page,
  name: K,
  ...args: Parameters<Harness[K]>
): Promise<Awaited<ReturnType<Harness[K]>>> {
  return page.evaluate(
    async ([path, n, a]) => {
      const m = await import(/* @vite-ignore */ path);
      return (m[n] as (...x: unknown[]) => unknown)(...(a as unknown[]));
    },
    ['/e2e/pages/poolHarness.ts', name, args] as const,
  ) as never;
}

/** The same sweep by the engine on Node, on the main thread: what every browser pool must give. */
const reference = (async () => {
  const samples = parseWideCsv(readFileSync(PLANETLAB), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  const runner = createInlineRunner();
  const pool = await runner.createPool(samples, REALIZATIONS, SPEC.seed);
  const rows = await runner.sweep(pool, SPEC);
  const packed = await runner.pack(pool, {
    tasks: SPEC.tasks,
    instance: 2,
    seed: SPEC.seed,
    params: rows[3].params,
  });
  return { rows: JSON.stringify(rows), packed: JSON.stringify(packed.result) };
})();

test.describe('the browser worker pool, cross-origin isolated', () => {
  let server: Awaited<ReturnType<typeof devServer>>;
  test.beforeAll(async () => {
    server = await devServer(true);
  });
  test.afterAll(() => server.close());

  test('gives every number identically with 1, 2 and 4 workers, and as on Node', async ({
    page,
  }) => {
    await page.goto(`${server.url}/e2e/pages/blank.html`);
    const ref = await reference;
    for (const workers of [1, 2, 4]) {
      const got = await harness(page, 'sweep', workers);
      expect(got.isolated).toBe(true);
      expect(got.shared).toBe(true);
      expect(got.poolShared).toBe(true);
      expect(got.kernel).toBe('wasm-simd');
      expect(got.description.slower).toBe(false);
      expect(got.rows).toBe(ref.rows);
      expect(got.packed).toBe(ref.packed);
    }
  });

  // A simulated crash is an uncaught error inside a worker: expected here, so the console is not
  // checked in this test.
  base(
    'cancels a sweep, completes one whose worker crashed, and keeps computing right',
    async ({ page }) => {
      await page.goto(`${server.url}/e2e/pages/blank.html`);
      const ref = await reference;
      const got = await harness(page, 'cancelAndCrash');
      expect(got.cancelled).toBe('CancelledError');
      expect(got.progressed).toBeGreaterThan(0);
      expect(got.progressed).toBeLessThan(got.total);
      expect(got.told).toMatch(/^WorkerCrashedError: worker 2 stopped.*replaced/);
      expect(got.crashed).toBe(ref.rows);
      expect(got.after).toBe(ref.rows);
    },
  );
});

test.describe('without cross-origin isolation', () => {
  test('the pool runs on copies, says so, and gives the same numbers', async ({ page }) => {
    const server = await devServer(false);
    try {
      await page.goto(`${server.url}/e2e/pages/blank.html`);
      const ref = await reference;
      const got = await harness(page, 'sweep', 2);
      expect(got.isolated).toBe(false);
      expect(got.shared).toBe(false);
      expect(got.poolShared).toBe(false);
      expect(got.description.slower).toBe(true);
      expect(got.description.text).toMatch(/slower mode/);
      expect(got.rows).toBe(ref.rows);
      expect(got.packed).toBe(ref.packed);
    } finally {
      await page.close();
      await server.close();
    }
  });

  test('the built app served without COOP/COEP computes and says it is in the slower mode', async ({
    page,
  }) => {
    const dist = resolve(ROOT, process.env.SLOPACK_DIST ?? 'dist');
    expect(existsSync(join(dist, 'index.html')), 'run `vite build` first').toBe(true);
    const server = await staticServer(dist);
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // R = 1,000: the check is that it computes at all, and says in which mode (the pool is copied
      // to each worker here, so a smaller one is made and sent sooner).
      await page.goto(`http://127.0.0.1:${port}/?n=300&K=2&r=1000`);
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
      await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 60_000 });
      await expect(page.getByTestId('q')).not.toBeEmpty();
      await expect(page.getByTestId('runtime')).toContainText(/slower/i);
    } finally {
      // The page first: the app goes on fetching its lazy chunks after the last check, and a
      // server gone under it is a console error (seen once with two spec files running at once).
      await page.close();
      await new Promise((r) => server.close(r));
    }
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.gz': 'application/gzip',
  '.md': 'text/markdown',
};

/** A plain static file server, deliberately without COOP/COEP headers. */
function staticServer(dir: string): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(dir, '.' + path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}
