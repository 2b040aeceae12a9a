/**
 * Runs benchmark code inside headless Chromium: a Vite dev server (cross-origin isolated) serves the
 * project, and the page imports a module by its path and calls its exported `run()`.
 */
import { chromium, type Browser } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

export interface BrowserSession {
  /** Imports `modulePath` (e.g. '/bench/parseBrowser.ts') in the page and returns `run(arg)`. */
  run<T>(modulePath: string, arg?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<BrowserSession> {
  const server: ViteDevServer = await createServer({
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : 5173;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e));
  // The main thread's CPU time (DevTools protocol), for suites that report CPU-time rates.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.exposeFunction('__benchThreadTimeMs', async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
  });
  await page.goto(`http://127.0.0.1:${port}/bench/blank.html`);
  return {
    run: <T>(modulePath: string, arg?: unknown) =>
      page.evaluate(
        async ([path, a]) => {
          const m = await import(/* @vite-ignore */ path as string);
          return m.run(a);
        },
        [modulePath, arg] as const,
      ) as Promise<T>,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
