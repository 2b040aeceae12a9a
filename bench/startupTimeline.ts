/**
 * One start of the built page, laid out in time: every resource the page and its workers fetch
 * (from the navigation's start: requested, first byte, done, bytes over the wire, from cache or
 * not) and the moment the headline shows digits. Cold (fresh profile) then warm (same profile,
 * service worker installed). Prints a table; the machine's load shifts the times, the order and
 * the fractions of the whole are what it is for. `npx tsx bench/startupTimeline.ts [dist]`.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { visit } from './startup.ts';

interface Row {
  name: string;
  start: number;
  firstByte: number;
  end: number;
  bytes: number;
}

async function timeline(
  context: BrowserContext,
  origin: string,
): Promise<{ shown: number; rows: Row[] }> {
  const { shown } = await visit(context, `${origin}/`, 'digits');
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page
    .locator('[data-testid="m-abs"]')
    .filter({ hasText: /\d/ })
    .waitFor({ timeout: 120_000 });
  const rows = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => ({
    name: e.name.replace(location.origin, ''), start: e.startTime, firstByte: e.responseStart,
    end: e.responseEnd, bytes: e.transferSize }))`)) as Row[];
  await page.close();
  return { shown, rows };
}

const print = (label: string, t: { shown: number; rows: Row[] }) => {
  console.log(
    `\n${label}: headline digits painted at ${t.shown.toFixed(0)} ms (the visit before the table's)`,
  );
  for (const r of t.rows)
    console.log(
      `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)} ms  ${String(r.bytes).padStart(8)} B  ${r.name}`,
    );
};

const server = await preview({
  build: { outDir: process.argv[2] ?? 'dist' },
  preview: { port: 0, host: '127.0.0.1' },
  logLevel: 'error',
});
const address = server.httpServer.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext();
  print('cold', await timeline(context, origin));
  print('warm', await timeline(context, origin));
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
}
