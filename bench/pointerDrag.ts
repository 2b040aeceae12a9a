/**
 * ρ dragged with the pointer, through Chromium's own input pipeline (CDP mouse events, as a user's
 * drag arrives), measured in the page with the Performance API's clock.
 *
 * Why beside the synthetic drag (drag.ts): there each `input` event is dispatched from a task right
 * after a paint, so its answer can show only at the next frame, about one frame interval (16.7 ms)
 * later whatever the page does. A real drag's pointer moves are continuous events, which Chromium
 * dispatches aligned to the frame (at its start, before requestAnimationFrame), so the frame that
 * follows the handler can already show the answer. Here each move's time runs from the pointer
 * event's own timestamp (when Chromium received it, so the wait for the frame counts) to the
 * post-paint stamp of the first frame whose headline is no longer stale.
 */
import type { Page } from '@playwright/test';

/** Installed once: stamps of pointer moves, of the slider's input events, and of every painted frame. */
const RECORDER = `(() => {
  const slider = document.querySelector('[data-testid="rho"]');
  const headline = () => document.querySelector('[data-testid="headline"]');
  const d = (window.__pointerDrag = { move: 0, inputs: [], frames: [], on: true });
  addEventListener('pointermove', (e) => (d.move = e.timeStamp), true);
  slider.addEventListener('input', () => d.inputs.push(d.move), true);
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
 * milliseconds to that frame, and whether it was the first frame painted after the input.
 */
const ANSWERED = `new Promise((done) => {
  const d = window.__pointerDrag;
  const since = d.inputs.at(-1);
  const check = () => {
    const hit = d.frames.findIndex((f) => f.t > since && f.fresh);
    const first = d.frames.findIndex((f) => f.t > since);
    if (hit >= 0 && d.frames.length > hit + 1) done([d.frames[hit].t - since, hit === first]);
    else setTimeout(check, 4);
  };
  check();
})`;

export interface PointerDrag {
  /** Milliseconds from each move's pointer event to the first frame painted with its answer. */
  readonly times: number[];
  /** Moves whose answer was in the first frame painted after them. */
  readonly firstFrame: number;
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
    const [ms, first] = (await page.evaluate(ANSWERED)) as [number, boolean];
    if (first) firstFrame++;
    times.push(ms);
  }
  await page.mouse.up();
  await page.evaluate('window.__pointerDrag.on = false');
  return { times, firstFrame };
}
