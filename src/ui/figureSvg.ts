import { decimalOrNull } from '../engine/index.ts';
/**
 * One standalone SVG from a figure as it is on screen: its title, legends (ramps and swatches),
 * the plot itself and its caption, each placed where the browser laid it out. Text outside SVG
 * (titles, swatch labels, captions) is written as SVG text line by line, as the browser wrapped it.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function relative(rect: DOMRect, origin: DOMRect): Box {
  return {
    x: rect.left - origin.left,
    y: rect.top - origin.top,
    width: rect.width,
    height: rect.height,
  };
}

/** The lines of one text node, as the browser wrapped them: words grouped by their line's top. */
function textLines(node: Text): { text: string; rect: DOMRect }[] {
  const content = node.textContent ?? '';
  const range = document.createRange();
  const lines: { text: string; rect: DOMRect }[] = [];
  const word = /\S+/g;
  for (let match = word.exec(content); match; match = word.exec(content)) {
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const rect = range.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.rect.top - rect.top) < rect.height / 2) {
      last.text += ` ${match[0]}`;
      last.rect = new DOMRect(
        last.rect.left,
        last.rect.top,
        rect.right - last.rect.left,
        last.rect.height,
      );
    } else lines.push({ text: match[0], rect });
  }
  return lines;
}

function textElement(line: { text: string; rect: DOMRect }, style: CSSStyleDeclaration, at: Box) {
  const text = document.createElementNS(SVG_NS, 'text');
  const size = decimalOrNull(style.fontSize.replace(/px$/, '')) ?? 12;
  text.setAttribute('x', coordinate(at.x));
  // Baseline: the line box's vertical middle plus about a third of the font size.
  text.setAttribute('y', coordinate(at.y + at.height / 2 + size * 0.35));
  text.setAttribute('font-family', style.fontFamily);
  text.setAttribute('font-size', `${size}px`);
  if (style.fontWeight !== '400') text.setAttribute('font-weight', style.fontWeight);
  if (style.fontStyle !== 'normal') text.setAttribute('font-style', style.fontStyle);
  text.setAttribute('fill', style.color);
  text.textContent = line.text;
  return text;
}

function visible(el: Element): boolean {
  const style = getComputedStyle(el);
  return style.display !== 'none' && style.visibility !== 'hidden';
}

/** Copies every visible SVG and text line under `node` into `out`, at positions relative to `origin`. */
function collect(node: Node, origin: DOMRect, out: SVGSVGElement, skip: (el: Element) => boolean) {
  if (node.nodeType === Node.TEXT_NODE) {
    const parent = node.parentElement;
    if (!parent || !(node.textContent ?? '').trim()) return;
    const style = getComputedStyle(parent);
    for (const line of textLines(node as Text))
      out.append(textElement(line, style, relative(line.rect, origin)));
    return;
  }
  if (!(node instanceof Element) || skip(node) || !visible(node)) return;
  if (node instanceof SVGSVGElement) {
    const box = relative(node.getBoundingClientRect(), origin);
    if (box.width === 0 || box.height === 0) return;
    const clone = node.cloneNode(true) as SVGSVGElement;
    clone.setAttribute('x', coordinate(box.x));
    clone.setAttribute('y', coordinate(box.y));
    clone.setAttribute('width', coordinate(box.width));
    clone.setAttribute('height', coordinate(box.height));
    // A swatch's colour may come from the page's CSS (e.g. `fill: currentColor` on a dot).
    const style = getComputedStyle(node);
    if (!clone.getAttribute('fill') && style.fill) clone.setAttribute('fill', style.fill);
    clone.style.removeProperty('max-width');
    clone.style.removeProperty('height');
    out.append(clone);
    return;
  }
  for (const child of Array.from(node.childNodes)) collect(child, origin, out, skip);
}

/** The figure as one SVG element at its on-screen size; `skip` leaves out controls (buttons). */
/** An SVG coordinate to a tenth of a pixel (an attribute, not a number shown to a person). */
const coordinate = (v: number) => String(Math.round(v * 10) / 10);

export function figureSvg(
  figure: Element,
  title: string,
  skip: (el: Element) => boolean,
): SVGSVGElement {
  const origin = figure.getBoundingClientRect();
  const out = document.createElementNS(SVG_NS, 'svg');
  const width = Math.ceil(origin.width);
  const height = Math.ceil(origin.height);
  out.setAttribute('xmlns', SVG_NS);
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(height));
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const titleElement = document.createElementNS(SVG_NS, 'title');
  titleElement.textContent = title;
  out.append(titleElement);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', String(width));
  background.setAttribute('height', String(height));
  background.setAttribute('fill', '#fff');
  out.append(background);
  collect(figure, origin, out, skip);
  return out;
}
