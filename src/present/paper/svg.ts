/**
 * A figure as one standalone SVG file: title, legend, plot and caption. Plot renders legends of
 * categories as HTML swatches beside its SVG; here they become SVG too, so the file stands alone.
 * Takes the document to render with: the page's, or a DOM implementation's in the command line.
 */
import * as Plot from '@observablehq/plot';
import { withNumberTicks } from '../plotTicks.ts';

const NS = 'http://www.w3.org/2000/svg';

interface SvgOptions {
  readonly document: Document;
  readonly title: string;
  readonly caption?: string;
  readonly width?: number;
}

/** Splits text into lines of at most `chars` characters at spaces. */
export function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function num(el: Element, name: string, fallback: number): number {
  const v = Number(el.getAttribute(name));
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/** Renders a Plot spec to standalone SVG markup. */
export function standaloneSvg(spec: Plot.PlotOptions, o: SvgOptions): string {
  const doc = o.document;
  const width = o.width ?? (typeof spec.width === 'number' ? spec.width : 640);
  // Continuous colour legends are painted on a canvas, which a DOM implementation lacks: say the
  // scale in the caption instead.
  const color = spec.color;
  const continuous =
    color?.legend &&
    color.type !== undefined &&
    color.type !== 'categorical' &&
    color.type !== 'ordinal';
  const domain = continuous && Array.isArray(color.domain) ? color.domain : null;
  const caption = continuous
    ? `${o.caption ?? ''} Colour: ${color.label ?? 'value'}${domain ? ` from ${String(domain[0])} to ${String(domain[domain.length - 1])}` : ''} (${color.scheme ? `${String(color.scheme)} scheme` : 'continuous'}).`.trim()
    : o.caption;
  const root = Plot.plot({
    ...withNumberTicks(spec),
    ...(continuous ? { color: { ...color, legend: false } } : {}),
    width,
    document: doc,
  });
  const parts: Element[] =
    root.tagName.toLowerCase() === 'svg' ? [root] : Array.from(root.children as HTMLCollection);
  const svgs = parts.filter((e) => e.tagName.toLowerCase() === 'svg');
  const plot = svgs.at(-1);
  if (!plot) throw new Error(`the plot "${o.title}" rendered no SVG`);
  const ramps = svgs.slice(0, -1);
  const swatches: { color: string; label: string }[] = [];
  for (const div of parts.filter((e) => e.tagName.toLowerCase() === 'div'))
    for (const sw of Array.from(div.children).filter((e) => e.tagName.toLowerCase() === 'span')) {
      const shape = sw.querySelector('rect, circle, path');
      const color = shape?.getAttribute('fill') ?? shape?.getAttribute('stroke') ?? '#888';
      const label = sw.textContent?.trim() ?? '';
      if (label) swatches.push({ color, label });
    }
  const out = doc.createElementNS(NS, 'svg') as unknown as SVGSVGElement;
  const add = (tag: string, attrs: Record<string, string | number>, text?: string) => {
    const e = doc.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    out.appendChild(e);
    return e;
  };
  add('rect', { x: 0, y: 0, width: '100%', height: '100%', fill: '#fff' });
  let y = 0;
  const charsPerLine = Math.max(40, Math.floor(width / 6.2));
  for (const line of wrap(o.title, Math.floor(charsPerLine * 0.85))) {
    y += 20;
    add(
      'text',
      { x: 4, y, 'font-family': 'system-ui, sans-serif', 'font-size': 15, 'font-weight': 'bold' },
      line,
    );
  }
  y += 6;
  if (swatches.length) {
    let x = 4;
    y += 14;
    for (const s of swatches) {
      const w = 18 + s.label.length * 6.5;
      if (x + w > width) {
        x = 4;
        y += 16;
      }
      add('rect', { x, y: y - 9, width: 10, height: 10, fill: s.color });
      add(
        'text',
        { x: x + 14, y, 'font-family': 'system-ui, sans-serif', 'font-size': 11 },
        s.label,
      );
      x += w;
    }
    y += 8;
  }
  for (const ramp of ramps) {
    ramp.setAttribute('x', '0');
    ramp.setAttribute('y', String(y));
    out.appendChild(ramp);
    y += num(ramp, 'height', 50);
  }
  plot.setAttribute('x', '0');
  plot.setAttribute('y', String(y));
  out.appendChild(plot);
  y += num(plot, 'height', 400);
  if (caption)
    for (const line of wrap(caption, charsPerLine)) {
      y += 15;
      add(
        'text',
        { x: 4, y, 'font-family': 'system-ui, sans-serif', 'font-size': 11, fill: '#444' },
        line,
      );
    }
  y += 8;
  out.setAttribute('xmlns', NS);
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(Math.ceil(y)));
  out.setAttribute('viewBox', `0 0 ${width} ${Math.ceil(y)}`);
  const t = doc.createElementNS(NS, 'title');
  t.textContent = o.title;
  out.insertBefore(t, out.firstChild);
  return (out as unknown as Element).outerHTML;
}
