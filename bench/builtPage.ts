/**
 * The production page for the browser suites (`drag`, `schedulersKnob`): `vite build` (unless
 * `DRAG_DIST` names a folder already built), served by `vite preview` with the isolation headers on a
 * free port, and Debian's Chromium; both closed whatever the suite does.
 */
import { chromium, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

const ROOT = resolve(import.meta.dirname, '..');

export async function withBuiltPage<T>(
  measure: (origin: string, browser: Browser) => Promise<T>,
): Promise<T> {
  const dist = process.env.DRAG_DIST ?? resolve(ROOT, 'dist');
  if (!process.env.DRAG_DIST)
    execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const server = await preview({
    root: ROOT,
    build: { outDir: dist },
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  const address = server.httpServer.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return await measure(origin, browser);
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
}

/** The nearest-rank quantile of `xs` (the smallest value with at least p of the sample at or below). */
export function quantile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
}
