import * as Plot from '@observablehq/plot';
import { useEffect, useRef, useState } from 'react';
import { withNumberTicks } from '../present/plotTicks.ts';
import { downloadPng, downloadSvg } from './exportFiles.ts';
import { figureSvg } from './figureSvg.ts';
import { attachXDrag, type DragSetter } from './plotDrag.ts';

interface Props {
  /** Says what the plot shows; also the exported file's title. */
  title: string;
  caption?: string;
  spec: Plot.PlotOptions | null;
  /** File name stem for exports. */
  name: string;
  /** Called with the datum under the pointer when the plot is clicked (needs a pointer mark). */
  onPick?: (datum: unknown) => void;
  stale?: boolean;
  placeholder?: string;
  /** Dragging across the plot sets the x value under the pointer (`plotDrag.ts`). */
  onDragX?: DragSetter;
}

/** Renders one Observable Plot spec, with its title, caption and SVG/PNG export. */
export function PlotFigure({
  title,
  caption,
  spec,
  name,
  onPick,
  stale,
  placeholder,
  onDragX,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const pick = useRef(onPick);
  const drag = useRef(onDragX);
  const draggable = onDragX !== undefined;
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      setWidth((old) => (old === null || Math.abs(old - w) > 8 ? w : old));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    pick.current = onPick;
    drag.current = onDragX;
  }, [onPick, onDragX]);
  useEffect(() => {
    const el = host.current;
    if (!el || !spec || width === null) return;
    const figure = Plot.plot({
      ...withNumberTicks(spec),
      width: Math.max(280, width - 4),
      ariaLabel: title,
    });
    // Plot names its marks with aria-label on plain <g>/<circle> elements, where ARIA forbids a
    // name without a role: give each the role its name implies.
    for (const el of figure.querySelectorAll('[aria-label]:not(svg):not([role])'))
      el.setAttribute('role', el.tagName.toLowerCase() === 'g' ? 'group' : 'img');
    const onClick = () => {
      const value = (figure as unknown as { value?: unknown }).value;
      if (value != null) pick.current?.(value);
    };
    figure.addEventListener('click', onClick);
    el.replaceChildren(figure);
    return () => {
      figure.removeEventListener('click', onClick);
      figure.remove();
    };
  }, [spec, title, width]);
  const hasPlot = spec !== null;
  useEffect(() => {
    const el = host.current;
    if (!el || !draggable || !hasPlot) return;
    return attachXDrag(el, (value, frame) => drag.current?.(value, frame) ?? false);
  }, [draggable, hasPlot]);
  // The whole figure (title, legends, plot, caption) as on screen, without the export buttons.
  const svg = () =>
    frame.current && host.current?.querySelector('svg')
      ? figureSvg(frame.current, title, (el) => el.classList.contains('plot-actions'))
      : null;
  return (
    <figure ref={frame} className={`plot${stale ? ' stale' : ''}`} data-plot={name}>
      <figcaption>
        <span className="plot-title">{title}</span>
        {spec && (
          <span className="plot-actions">
            <button
              type="button"
              onClick={() => {
                const whole = svg();
                if (whole) downloadSvg(whole, name, title);
              }}
              aria-label={`Export "${title}" as SVG`}
            >
              SVG
            </button>
            <button
              type="button"
              onClick={() => {
                const whole = svg();
                if (whole) void downloadPng(whole, name, title);
              }}
              aria-label={`Export "${title}" as PNG`}
            >
              PNG
            </button>
          </span>
        )}
      </figcaption>
      {spec ? (
        <div ref={host} className="plot-host" />
      ) : (
        <div className="plot-placeholder">{placeholder ?? 'Waiting for data…'}</div>
      )}
      {caption && <p className="plot-caption">{caption}</p>}
    </figure>
  );
}
