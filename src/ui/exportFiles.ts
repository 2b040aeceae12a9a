/** Downloads: plots as SVG or PNG, tables as CSV, results as JSON. */
import { toCsv } from '../present/csv.ts';
import { decimalOrNull } from '../engine/index.ts';

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The SVG's markup, standalone (with its namespace) and titled. */
export function svgText(svg: SVGSVGElement, title: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  if (clone.firstElementChild?.tagName.toLowerCase() !== 'title') {
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.textContent = title;
    clone.insertBefore(t, clone.firstChild);
  }
  return new XMLSerializer().serializeToString(clone);
}

export function downloadSvg(svg: SVGSVGElement, name: string, title: string): void {
  download(`${name}.svg`, new Blob([svgText(svg, title)], { type: 'image/svg+xml' }));
}

/** The SVG's size: its width/height attributes, else its box on screen. */
function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const width = decimalOrNull(svg.getAttribute('width') ?? '');
  const height = decimalOrNull(svg.getAttribute('height') ?? '');
  if (width !== null && height !== null && width > 0 && height > 0) return { width, height };
  return svg.getBoundingClientRect();
}

/** A PNG of the SVG at `scale` times its size (2× by default, for slides). */
export async function downloadPng(
  svg: SVGSVGElement,
  name: string,
  title: string,
  scale = 2,
): Promise<void> {
  const { width, height } = svgSize(svg);
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svgText(svg, title)], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('could not render the SVG'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
    if (blob) download(`${name}.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function downloadCsv(name: string, rows: readonly Record<string, unknown>[]): void {
  download(`${name}.csv`, new Blob([toCsv(rows)], { type: 'text/csv' }));
}

export function downloadJson(name: string, value: unknown): void {
  const text = JSON.stringify(
    value,
    (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v),
    2,
  );
  download(`${name}.json`, new Blob([text], { type: 'application/json' }));
}
