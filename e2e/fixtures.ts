import { test as base, expect as baseExpect, type Frame, type Page } from '@playwright/test';

/** The slice a waiting assertion is asked in: under 2.5 s, Playwright polls it every 100 ms. */
const SLICE_MS = 2400;

type Expect = (
  expression: string,
  options: { timeout?: number },
) => Promise<{ timedOut?: boolean }>;

/**
 * Playwright's server polls a waiting web assertion every 500 ms once 270 ms have passed, unless the
 * assertion's timeout is under 2.5 s, when it polls every 100 ms (`retryWithProgressAndBackoff`). Most
 * of this suite's assertions wait for a computation, and each lost about 250 ms to the coarse polling
 * (10 % of two specs' time, measured side by side). Asked in slices of 2.4 s up to the same deadline,
 * each slice polls every 100 ms; what passes and what fails is unchanged. The client's `_expect` is
 * not public: if a Playwright upgrade drops it, this says so instead of silently slowing down.
 */
function pollFiner(frame: Frame): void {
  const proto = Object.getPrototypeOf(frame) as { _expect?: Expect; finerPolling?: true };
  if (proto.finerPolling) return;
  const coarse = proto._expect;
  if (typeof coarse !== 'function')
    throw new Error("Playwright's Frame has no _expect: e2e/fixtures.ts must be revised");
  proto._expect = async function (this: unknown, expression, options) {
    const total = options.timeout;
    if (!total || total <= SLICE_MS) return coarse.call(this, expression, options);
    const deadline = Date.now() + total;
    for (;;) {
      const left = deadline - Date.now();
      const slice = Math.max(1, Math.min(left, SLICE_MS));
      const result = await coarse.call(this, expression, { ...options, timeout: slice });
      if (!result.timedOut || left <= SLICE_MS) return result;
    }
  };
  proto.finerPolling = true;
}

/** How long a script run in the page may take before the test fails naming it. */
const EVALUATE_MS = 90_000;

/**
 * Playwright bounds actions and navigations (playwright.config.ts) but not `evaluate`: a script whose
 * promise never settles holds the test to its whole timeout with nothing named (a classroom pass sat
 * idle for 8 min once). Every frame's `evaluate` fails after EVALUATE_MS, naming the script's start.
 */
function boundEvaluate(frame: Frame): void {
  const proto = Object.getPrototypeOf(frame) as {
    evaluate: (...args: unknown[]) => Promise<unknown>;
    evaluateBounded?: true;
  };
  if (proto.evaluateBounded) return;
  const unbounded = proto.evaluate;
  proto.evaluate = function (this: unknown, ...args: unknown[]) {
    let timer: NodeJS.Timeout | undefined;
    const script = String(args[0]).replace(/\s+/g, ' ').slice(0, 80);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`page script unsettled after ${EVALUATE_MS} ms: ${script}`)),
        EVALUATE_MS,
      );
    });
    return Promise.race([unbounded.apply(this, args), late]).finally(() => clearTimeout(timer));
  };
  proto.evaluateBounded = true;
}

/**
 * `expect.poll` waits 100, 250, 500 ms, then a second between tries; the suite polls computations
 * that end at any moment, so its default here is a try every 100 ms (a call's own intervals win).
 */
export const expect = new Proxy(baseExpect, {
  get(target, key, receiver) {
    if (key !== 'poll') return Reflect.get(target, key, receiver);
    const poll: typeof baseExpect.poll = (actual, options) =>
      target.poll(
        actual,
        typeof options === 'string'
          ? { message: options, intervals: [100] }
          : { intervals: [100], ...options },
      );
    return poll;
  },
});

/** A page that fails the test on any console error or uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      pollFiner(page.mainFrame());
      boundEvaluate(page.mainFrame());
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await use(errors);
      baseExpect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A picture of the page for a person to look at, taken only when `E2E_SHOTS` is set: no test reads
 * it, and a full-page screenshot costs 0.3–1 s of the browser's time (it lays out and paints the
 * whole page), which the suite paid about forty times per run.
 */
export async function keepShot(
  page: Page,
  path: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ ...options, path });
}

/**
 * Opens `url` (this app's path, query and hash) in the running page as the app opens an address
 * from history (pushState, then popstate: what Back and presenter mode's steps do): the link's
 * parameters and view without the app's start again (its code, workers and first packing, 1–2 s
 * each time). A claim about a link opened cold, in a fresh page, still needs `page.goto`.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((address) => {
    history.pushState(null, '', address);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
