/**
 * ρ dragged with the pointer, through Chromium's own input pipeline (CDP mouse events, as a user's
 * drag arrives), measured in the page with the Performance API's clock.
 *
 * Why beside the synthetic drag (drag.ts): there each `input` event is dispatched from a task right
 * after a paint, so its answer can show only at the next frame, about one frame interval (16.7 ms)
 * later whatever the page does. A real drag's pointer moves are continuous events, which Chromium
 * dispatches aligned to the frame (at its start, before requestAnimationFrame), so the frame that
 * follows the handler can already show the answer.
 *
 * Two clocks, both ending at the post-paint stamp of the first frame whose headline is no longer
 * stale: from the pointer event's own timestamp (when Chromium received the move, so the wait for
 * the next frame to begin counts: up to one frame interval at 60 Hz, whatever the page does), and
 * from the input event the move fired (when the page has the new ρ: input to repaint). Event
 * Timing, the Performance API's own input-to-next-paint, is read beside them as a cross-check: it
 * ends at the next paint, fresh or stale, so it cannot tell a miss.
 */
import type { Page } from '@playwright/test';

/**
 * Installed once: for each input the slider fires, the timestamp of the pointer move that caused it
 * and its own; every painted frame; and Event Timing's entries for input events (the Performance
 * API's own input-to-next-paint, reported from 16 ms up).
 */
const RECORDER = `(() => {
  const slider = document.querySelector('[data-testid="rho"]');
  const headline = () => document.querySelector('[data-testid="headline"]');
  const d = (window.__pointerDrag = { move: 0, inputs: [], frames: [], slow: 0, on: true });
  addEventListener('pointermove', (e) => (d.move = e.timeStamp), true);
  slider.addEventListener('input', (e) => d.inputs.push([d.move, e.timeStamp]), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'input') d.slow++;
  }).observe({ type: 'event', durationThreshold: 16 });
  const frame = () => requestAnimationFrame(() => {
    const c = new MessageChannel();
    c.port1.onmessage = () => {
      d.frames.push({ t: performance.now(), fresh: !headline().classList.contains('stale') });
      if (d.on) frame();
    };
    c.port2.postMessage(0);
  });
  frame();
})()`;

/**
 * Resolves once a frame after the last input has painted a fresh headline, and one frame more: the
 * milliseconds from the pointer move and from the input event to that frame, and whether it was
 * the first frame painted after the input.
 */
const ANSWERED = `new Promise((done) => {
  const d = window.__pointerDrag;
  const [move, input] = d.inputs.at(-1);
  const check = () => {
    const hit = d.frames.findIndex((f) => f.t > input && f.fresh);
    const first = d.frames.findIndex((f) => f.t > input);
    if (hit >= 0 && d.frames.length > hit + 1)
      done([d.frames[hit].t - move, d.frames[hit].t - input, hit === first]);
    else setTimeout(check, 4);
  };
  check();
})`;

export interface PointerDrag {
  /** Milliseconds from each move's pointer event to the first frame painted with its answer. */
  readonly times: number[];
  /** The same from the input event the move fired (without the wait for the frame to begin). */
  readonly fromInput: number[];
  /** Moves whose answer was in the first frame painted after them. */
  readonly firstFrame: number;
  /** Input events Event Timing reported 16 ms or more from the event to the next paint. */
  readonly slowByEventTiming: number;
}

/** `moves` pointer moves along a triangle across the middle half of ρ's slider. */
export async function pointerDrag(page: Page, moves: number): Promise<PointerDrag> {
  const slider = page.locator('[data-testid="rho"]');
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  const start = box.x + box.width / 2;
  const span = box.width / 4;
  await page.evaluate(RECORDER);
  await page.mouse.move(start, y);
  await page.mouse.down();
  const times: number[] = [];
  const fromInput: number[] = [];
  let firstFrame = 0;
  let inputs = 0;
  for (let i = 1; i <= moves; i++) {
    const phase = (i / moves) * 4;
    const tri = phase < 1 ? phase : phase < 3 ? 2 - phase : phase - 4;
    await page.mouse.move(start + span * tri, y);
    // A move within one slider position changes nothing: no input, nothing to answer.
    const seen = (await page.evaluate('window.__pointerDrag.inputs.length')) as number;
    if (seen === inputs) continue;
    inputs = seen;
    const [ms, msFromInput, first] = (await page.evaluate(ANSWERED)) as [number, number, boolean];
    if (first) firstFrame++;
    times.push(ms);
    fromInput.push(msFromInput);
  }
  await page.mouse.up();
  // Event Timing reports an input once its next paint is known.
  await page.waitForTimeout(100);
  const slowByEventTiming = (await page.evaluate(
    'window.__pointerDrag.on = false, window.__pointerDrag.slow',
  )) as number;
  return { times, fromInput, firstFrame, slowByEventTiming };
}
