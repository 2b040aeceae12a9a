/**
 * `schedulersKnob`: a knob value of one's own in the Schedulers view, from the committed input to
 * the view answering it, in headless Chromium on the production build (as `drag`: `vite build`,
 * `vite preview` with the isolation headers; `DRAG_DIST` measures a folder already built). The page
 * is Trimaran LoadVariationRiskBalancing on the bundled Azure V1 history; once it is tuned, the
 * knob box gets `KNOB_STEPS` (default 8) values below the tuned one, each typed and committed with
 * Enter, stamped with `performance.now()` just before; its answer is the first frame painted with
 * the point's line changed (machines, worst and mean q at the new value), the snippets rewritten
 * from it, and no plot of the panel stale. Reported: median and p95. Goal (issue "Your scheduler's
 * knob"): ≤ 1 s.
 */
import { loadavg } from 'node:os';
import { quantile, withBuiltPage } from './builtPage.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';

const STEPS = Number(process.env.KNOB_STEPS ?? 8);
const URL_PATH = '/?view=schedulers&sch=trimaran-lvrb';

// A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
const KNOB = `async (steps) => {
  // Queried at each value: the box is drawn anew when the value it shows changes.
  const box = () => document.querySelector('[data-testid="sched-knob"]');
  const panel = () => document.querySelector('[data-testid="sched-panel"]');
  const point = () => document.querySelector('[data-testid="sched-point"]')?.textContent ?? '';
  const snippets = () => panel().querySelectorAll('pre').length;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const painted = () => new Promise((done) => requestAnimationFrame(() => {
    const c = new MessageChannel();
    c.port1.onmessage = () => done(performance.now());
    c.port2.postMessage(0);
  }));
  const start = Number(box().value);
  // Below the tuned value: above it the knob may leave its range (then the box refuses it).
  const factors = [0.8, 0.9, 0.7, 0.95, 0.6, 0.85, 0.75, 0.65, 0.5, 0.55];
  const times = [];
  for (let i = 0; i < steps; i++) {
    const v = Number((start * factors[i % factors.length] * (1 + Math.floor(i / factors.length) * 0.01)).toPrecision(4));
    const before = point();
    await painted();
    const t0 = performance.now();
    setValue.call(box(), String(v));
    box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    let t = await painted();
    const deadline = t0 + 60000;
    while ((point() === before || panel().querySelector('.stale') || snippets() === 0) && t < deadline)
      t = await painted();
    if (t >= deadline) throw new Error('no answer within 60 s at knob value ' + v);
    times.push(t - t0);
  }
  return times;
}`;

export const schedulersKnob: BenchSuite = {
  name: 'schedulersKnob',
  description: 'Chromium, production build: a knob value in the Schedulers view, input to answer',
  async run(): Promise<BenchFigure[]> {
    return withBuiltPage(async (origin, browser) => {
      const page = await browser.newPage();
      page.on('pageerror', (e) => console.error('[page error]', e));
      await page.goto(origin + URL_PATH);
      await page
        .getByTestId('sched-tuned')
        .filter({ hasText: /safeVarianceMargin/ })
        .waitFor({ timeout: 300_000 });
      await page.getByTestId('sched-knob').waitFor();
      const times = (await page.evaluate(`(${KNOB})(${STEPS})`)) as number[];
      return [
        {
          name: 'Schedulers view: a knob value typed to the view answering it (Trimaran LVRB, Azure V1), p95',
          value: quantile(times, 0.95),
          unit: 'ms',
          baseline: null,
          ratio: null,
          note: `median ${quantile(times, 0.5).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length} values; goal ≤ 1,000 ms; load average ${loadavg()[0].toFixed(1)}`,
        },
      ];
    });
  },
};
