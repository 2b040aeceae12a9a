/**
 * A figure as a stable SVG snapshot, the way Observable Plot tests its own marks: the spec rendered
 * with a DOM implementation (linkedom) in Node, as the page renders it (the project's number ticks,
 * a fixed width), then written one element per line so a change reads as a diff of elements.
 * Stable across runs and test orders: attributes sorted, the ids Plot numbers with a counter shared
 * by every figure of a process (clip paths, markers, patterns) renumbered per figure, and numbers
 * rounded to a thousandth of a pixel (a change smaller than that is not visible).
 *
 * Tests compare with `expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/x.svg')`;
 * `npx vitest run src/present -u` rewrites the files after a change meant to be seen.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { withNumberTicks } from '../src/present/plotTicks.ts';

const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>');

// Plot paints a continuous colour legend's ramp on a canvas, which linkedom lacks: a canvas here
// records the colours painted, and its image is their list, so a changed ramp shows in the diff.
const createElement = document.createElement.bind(document);
document.createElement = ((tag: string, options?: ElementCreationOptions) => {
  const el = createElement(tag, options);
  if (tag.toLowerCase() !== 'canvas') return el;
  const painted: string[] = [];
  const context = {
    fillStyle: '',
    fillRect() {
      painted.push(String(context.fillStyle));
    },
  };
  return Object.assign(el, {
    getContext: () => context,
    toDataURL: () => `data:text/plain,${painted.join(' ')}`,
  });
}) as typeof document.createElement;

/** The document figures render with in Node (for the standalone SVG writer of the paper lab). */
export const figureDocument = document as unknown as Document;

const ROUND = /-?\d+\.\d{4,}(?:e-?\d+)?/g;
const round = (text: string) =>
  text.replace(ROUND, (n) => String(Math.round(Number(n) * 1e3) / 1e3));

/** Markup of a rendered element: one element per line, attributes sorted, ids renumbered. */
export function prettySvg(root: Element): string {
  const ids = new Map<string, string>();
  const idOf = (id: string) => {
    if (!ids.has(id)) ids.set(id, `figure-id-${ids.size + 1}`);
    return ids.get(id)!;
  };
  for (const el of [root, ...Array.from(root.querySelectorAll('[id]'))]) {
    const id = el.getAttribute('id');
    if (id) idOf(id);
  }
  const renumber = (value: string) =>
    value.replace(/#([\w-]+)/g, (whole, id: string) => (ids.has(id) ? `#${ids.get(id)}` : whole));
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines: string[] = [];
  const walk = (el: Element, depth: number) => {
    const pad = '  '.repeat(depth);
    const attrs = Array.from(el.attributes)
      .map((a) => [a.name, a.name === 'id' ? idOf(a.value) : renumber(round(a.value))])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => ` ${name}="${escape(value).replace(/"/g, '&quot;')}"`)
      .join('');
    const tag = el.tagName.toLowerCase();
    const children = Array.from(el.childNodes);
    const elements = children.filter((c) => c.nodeType === 1) as Element[];
    const text = children
      .filter((c) => c.nodeType === 3)
      .map((c) => c.textContent ?? '')
      .join('')
      .trim();
    if (!elements.length) {
      const body = tag === 'style' ? text.replace(/\s+/g, ' ') : round(text);
      lines.push(`${pad}<${tag}${attrs}${body ? `>${escape(body)}</${tag}>` : ' />'}`);
      return;
    }
    lines.push(`${pad}<${tag}${attrs}>${text ? escape(round(text)) : ''}`);
    for (const child of elements) walk(child, depth + 1);
    lines.push(`${pad}</${tag}>`);
  };
  walk(root, 0);
  return `${lines.join('\n')}\n`;
}

/** A Plot spec rendered as the page does (number ticks, 640 px unless the spec says), as markup. */
export function figureSnapshot(spec: Plot.PlotOptions | null): string {
  if (!spec) return 'no figure\n';
  const figure = Plot.plot({
    ...withNumberTicks(spec),
    width: typeof spec.width === 'number' ? spec.width : 640,
    document: figureDocument,
  });
  return prettySvg(figure as unknown as Element);
}

/** Markup text (a standalone SVG file) in the snapshots' layout. */
export function svgTextSnapshot(markup: string): string {
  const { document: doc } = parseHTML(`<!doctype html><html><body>${markup}</body></html>`);
  const root = doc.body.firstElementChild;
  if (!root) throw new Error('the markup holds no element');
  return prettySvg(root as unknown as Element);
}
