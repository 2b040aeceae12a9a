/**
 * Explorer start-up: time from navigation to the first headline numbers of the default
 * view, production build served by `vite preview`, headless Chromium. Baseline, same run: the time to
 * load and run the same page's static shell (the bench's blank page through the same server).
 */
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';

export const startup: BenchSuite = {
  name: 'startup',
  description: 'default view: navigation → first numbers, production build in headless Chromium',
  async run(): Promise<BenchFigure[]> {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
    const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
    const address = server.httpServer.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const first: number[] = [];
    const shell: number[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        let t0 = performance.now();
        await page.goto(`${origin}/`);
        await page.getByTestId('m-abs').waitFor({ timeout: 60_000 });
        first.push(performance.now() - t0);
        t0 = performance.now();
        await page.goto(`${origin}/?view=data&d=no-such-dataset`);
        await page.getByRole('heading', { name: /slopack/ }).waitFor();
        shell.push(performance.now() - t0);
        await context.close();
      }
    } finally {
      await browser.close();
      await new Promise<void>((r) => server.httpServer.close(() => r()));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const value = median(first);
    const baseline = median(shell);
    return [
      {
        name: 'startup: navigation → first numbers (median of 5)',
        value,
        unit: 'ms',
        baseline,
        ratio: baseline / value,
        note: `baseline: the app shell alone; goal ≤ 3000 ms`,
      },
    ];
  },
};
