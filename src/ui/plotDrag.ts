/**
 * Dragging along a plot's horizontal axis: the pointer's position read back as a value of the
 * plot's own x scale (Observable Plot's `figure.scale('x').invert`, the inverse of the map the
 * plot drew with), so what the pointer is over is the value set. A drag is one change in history:
 * its first change is an edit and its later ones adjust it (`playback.ts`), so Back undoes the
 * whole drag, not each of its pointer moves.
 */
import type { Frame } from './playback.ts';

/** What the drag needs of a Plot scale: its pixel range and its inverse. */
export interface DragScale {
  readonly range?: readonly number[];
  readonly invert?: (pixel: number) => unknown;
}

/** The on-screen box of the plot's SVG: where it starts and how wide it is drawn. */
interface ScreenBox {
  readonly left: number;
  readonly width: number;
}

/**
 * The x value under a pointer at `clientX`: the screen position turned into the SVG's own pixels
 * (the SVG may be drawn wider or narrower than its `viewWidth`), held inside the scale's range
 * (a drag past the plot's edge stays at the edge), then inverted. Null where the scale cannot be
 * inverted (a band scale) or the box has no width.
 */
export function valueAtPointer(
  clientX: number,
  box: ScreenBox,
  viewWidth: number,
  scale: DragScale,
): number | null {
  if (!scale.invert || !(box.width > 0) || !(viewWidth > 0)) return null;
  const pixel = ((clientX - box.left) * viewWidth) / box.width;
  const [a, b] = scale.range ?? [0, viewWidth];
  const held = Math.min(Math.max(a, b), Math.max(Math.min(a, b), pixel));
  const value: unknown = scale.invert(held);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Takes a value the drag reached and applies it as the frame says, returning whether it changed
 * anything (a value the slider would round to the one already set changes nothing).
 */
export type DragSetter = (value: number, frame: Frame) => boolean;

/**
 * The frames of one drag: each value goes to `set` as 'first' until one changes something, then as
 * 'next' — so a drag that starts on the current value still makes one history entry, not none.
 */
export function dragFrames(set: DragSetter): { start(): void; move(value: number): void } {
  let changed = false;
  return {
    start() {
      changed = false;
    },
    move(value) {
      if (set(value, changed ? 'next' : 'first')) changed = true;
    },
  };
}

interface PlotFigureElement extends Element {
  scale?(name: 'x'): DragScale | undefined;
}

/** The SVG and x scale of the Plot figure `host` holds now (a figure, or an SVG alone). */
function plotIn(host: Element): { svg: SVGSVGElement; scale: DragScale } | null {
  const figure = host.firstElementChild as PlotFigureElement | null;
  if (!figure) return null;
  const svg = figure.tagName.toLowerCase() === 'svg' ? figure : figure.querySelector('svg');
  const scale = figure.scale?.('x');
  return svg instanceof SVGSVGElement && scale?.invert ? { svg, scale } : null;
}

/**
 * Makes the Plot figure inside `host` draggable along x; returns the function that detaches it.
 * The listeners sit on the host, not on the figure: a value set redraws the figure (its marks
 * follow the value) and the drag goes on over the new one, read through its own scale. The host
 * takes the pointer while the button is down, so a drag may leave the plot and still move the
 * value; the press is not passed on (a tip would stick where the drag began); vertical touch
 * scrolling is left to the page.
 */
export function attachXDrag(host: HTMLElement, set: DragSetter): () => void {
  host.classList.add('plot-drag-x');
  const frames = dragFrames(set);
  const at = (e: PointerEvent) => {
    const plot = plotIn(host);
    if (!plot) return null;
    const box = plot.svg.getBoundingClientRect();
    return valueAtPointer(e.clientX, box, plot.svg.viewBox.baseVal?.width || box.width, plot.scale);
  };
  let pointer: number | null = null;
  const down = (e: PointerEvent) => {
    if (e.button !== 0 || pointer !== null) return;
    const value = at(e);
    if (value === null) return;
    pointer = e.pointerId;
    host.setPointerCapture?.(e.pointerId);
    e.preventDefault();
    e.stopPropagation();
    frames.start();
    frames.move(value);
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== pointer) return;
    const value = at(e);
    if (value !== null) frames.move(value);
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== pointer) return;
    pointer = null;
    if (host.hasPointerCapture?.(e.pointerId)) host.releasePointerCapture(e.pointerId);
  };
  const listeners = [
    ['pointerdown', down],
    ['pointermove', move],
    ['pointerup', up],
    ['pointercancel', up],
  ] as const;
  // Captured on the way down: a Plot tip's own pointerdown stops the event at the SVG.
  for (const [type, f] of listeners) host.addEventListener(type, f, true);
  return () => {
    host.classList.remove('plot-drag-x');
    for (const [type, f] of listeners) host.removeEventListener(type, f, true);
  };
}
