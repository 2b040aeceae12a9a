import type { PlotOptions, ScaleOptions } from '@observablehq/plot';
import { formatTick } from './format.ts';

const POSITION_SCALES = ['x', 'y', 'fx', 'fy'] as const;

/**
 * The spec with the page's number formatter as the tick format of every position axis that sets
 * none, so no axis falls back to d3's defaults (SI prefixes such as "300m" for 0.3, or "−" and "-"
 * mixed). Time axes keep Plot's own calendar ticks.
 */
export function withNumberTicks(spec: PlotOptions): PlotOptions {
  const out: PlotOptions = { ...spec };
  for (const key of POSITION_SCALES) {
    const scale = spec[key] as ScaleOptions | undefined;
    if (scale?.tickFormat !== undefined) continue;
    if (scale?.type === 'time' || scale?.type === 'utc') continue;
    out[key] = { ...scale, tickFormat: formatTick };
  }
  return out;
}
