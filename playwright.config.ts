import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './e2e/chromium.ts';
const PORT = Number(process.env.E2E_PORT ?? 4173);
const FULL_BROWSER_SPECS = ['smoke.spec.ts', 'firstScreen.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  // Two spec files at once, one per core. A page's work comes in bursts (its main thread, then its
  // engine workers, then waits on a server, a deadline or Playwright's polling): the whole suite
  // took 12–13 min on a quiet 2-core machine with one worker and about 12 min of CPU in every
  // process, browser included, so the second core sat idle about half the time.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    // An action or a navigation that never completes fails within its own bound, naming its step,
    // instead of holding a long test until its whole timeout (one such hang: 15 min of CI).
    actionTimeout: 60_000,
    navigationTimeout: 90_000,
    // The service worker would answer requests that specs intercept with page.route; the offline
    // spec allows it.
    serviceWorkers: 'block',
  },
  // Every spec in Chromium's headless shell (e2e/chromium.ts says why); the page's first contact
  // again in the full browser people use, so that a difference between the two builds shows.
  projects: [
    {
      name: 'headless-shell',
      use: { launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS } },
    },
    {
      name: 'chromium',
      testMatch: FULL_BROWSER_SPECS,
      use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
