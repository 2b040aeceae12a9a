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
 * from the input event the move fired (when the page has the new ρ: input to repaint).
 *
 * The stamp is a user-blocking task (`scheduler.postTask`) posted from the frame's
 * requestAnimationFrame: it runs once the frame's paint and commit are done, ahead of the tasks
 * already queued (React's deferred render of what lies below the headline, a worker's answer),
 * which a message posted the same way waits behind. That later stamp is kept beside it (`queued`)
 * and reported too: the difference is work done after the repaint, not before it.
 *
 * Event Timing cannot cross-check this: it does not report a slider's `input` events during a drag
 * (Chromium 156: a 30 ms `input` handler is never reported, the `pointerdown` that began the drag
 * is), so the frames of 50 ms or more that the Long Animation Frames API reports are counted
 * instead.
 */
import type { Page } from '@playwright/test';

/**
 * Installed once: for each input the slider fires, the timestamp of the pointer move that caused it
 * and its own; every painted frame with its two post-paint stamps; and the long animation frames.
 */
const RECORDER = `(() => {
  const slider = document.querySelector('[data-testid="rho"]');
  const headline = () => document.querySelector('[data-testid="headline"]');
  const d = (window.__pointerDrag = { move: 0, inputs: [], frames: [], long: 0, on: true });
  addEventListener('pointermove', (e) => (d.move = e.timeStamp), true);
  slider.addEventListener('input', (e) => d.inputs.push([d.move, e.timeStamp]), true);
  new PerformanceObserver((list) => (d.long += list.getEntries().length)).observe({
    type: 'long-animation-frame',
  });
  const frame = () => requestAnimationFrame(() => {
    const f = { t: 0, queued: 0, fresh: false };
    d.frames.push(f);
    scheduler.postTask(() => {
      f.t = performance.now();
      f.fresh = !headline().classList.contains('stale');
      if (d.on) frame();
    }, { priority: 'user-blocking' });
    const c = new MessageChannel();
    c.port1.onmessage = () => (f.queued = performance.now());
    c.port2.postMessage(0);
  });
  frame();
})()`;

/**
 * Resolves once a frame after the last input has painted a fresh headline, and one frame more: the
 * milliseconds from the pointer move and from the input event to that frame's stamp, the same from
 * the input to its queued stamp, and whether it was the first frame painted after the input.
 */
const ANSWERED = `new Promise((done) => {
  const d = window.__pointerDrag;
  const [move, input] = d.inputs.at(-1);
  const check = () => {
    const after = d.frames.filter((f) => f.t > input);
    const hit = after.findIndex((f) => f.fresh);
    if (hit >= 0 && after.length > hit + 1 && after[hit].queued > 0) {
      const f = after[hit];
      done([f.t - move, f.t - input, f.queued - input, hit === 0]);
    } else setTimeout(check, 4);
  };
  check();
})`;

export interface PointerDrag {
  /** Milliseconds from each move's pointer event to the first frame painted with its answer. */
  readonly times: number[];
  /** The same from the input event the move fired (without the wait for the frame to begin). */
  readonly fromInput: number[];
  /** From the input event to that frame's queued stamp (after the tasks queued before it). */
  readonly queuedFromInput: number[];
  /** Moves whose answer was in the first frame painted after them. */
  readonly firstFrame: number;
  /** Frames of 50 ms or more during the drag (Long Animation Frames API). */
  readonly longFrames: number;
}

/** Chromium's range thumb, in CSS pixels (the app leaves it unstyled). */
const THUMB_WIDTH = 16;

/**
 * `moves` pointer moves along a triangle of half the slider's width, the thumb grabbed where it
 * rests. (A press elsewhere on the track makes the thumb jump there first: a click, whose distance
 * says nothing of the drag that follows, and whose next position no packing made ahead can guess.)
 */
export async function pointerDrag(page: Page, moves: number): Promise<PointerDrag> {
  const slider = page.locator('[data-testid="rho"]');
  const box = (await slider.boundingBox())!;
  const [min, max, before] = await slider.evaluate((e: HTMLInputElement) => [
    Number(e.min),
    Number(e.max),
    e.valueAsNumber,
  ]);
  const y = box.y + box.height / 2;
  const start =
    box.x + THUMB_WIDTH / 2 + ((before - min) / (max - min)) * (box.width - THUMB_WIDTH);
  const span = box.width / 4;
  await page.evaluate(RECORDER);
  await page.mouse.move(start, y);
  await page.mouse.down();
  if ((await slider.evaluate((e: HTMLInputElement) => e.valueAsNumber)) !== before)
    throw new Error(`the press at x = ${start.toFixed(1)} missed ρ's thumb (it jumped there)`);
  const times: number[] = [];
  const fromInput: number[] = [];
  const queuedFromInput: number[] = [];
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
    const [ms, msFromInput, queued, first] = (await page.evaluate(ANSWERED)) as [
      number,
      number,
      number,
      boolean,
    ];
    if (first) firstFrame++;
    times.push(ms);
    fromInput.push(msFromInput);
    queuedFromInput.push(queued);
  }
  await page.mouse.up();
  // A long animation frame is reported once it has ended.
  await page.waitForTimeout(100);
  const longFrames = (await page.evaluate(
    'window.__pointerDrag.on = false, window.__pointerDrag.long',
  )) as number;
  return { times, fromInput, queuedFromInput, firstFrame, longFrames };
}
