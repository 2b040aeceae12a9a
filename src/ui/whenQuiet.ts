/**
 * Work the page does for later, started only once the user has left it alone for a while. The
 * service worker's install fetches and compiles the whole app: on two cores it took one from the
 * first drag of ρ for half a second (the drag's frames came 30–60 ms late while it ran).
 */

/** What counts as the user at work: a press, a key, a wheel turn, an input, a move with a button held. */
const BUSY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'input'] as const;

const LISTEN = { capture: true, passive: true } as const;

const isBusy = (e: Event) => e.type !== 'pointermove' || (e as PointerEvent).buttons !== 0;

/**
 * Calls `run` once, after `quietMs` without the user at work on `target` (the window), counted
 * afresh from each of their events; returns the function that gives up waiting.
 */
export function whenQuiet(run: () => void, quietMs: number, target: EventTarget): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    for (const type of BUSY_EVENTS) target.removeEventListener(type, onEvent, LISTEN);
  };
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stop();
      run();
    }, quietMs);
  };
  function onEvent(e: Event) {
    if (isBusy(e)) restart();
  }
  for (const type of BUSY_EVENTS) target.addEventListener(type, onEvent, LISTEN);
  restart();
  return stop;
}
