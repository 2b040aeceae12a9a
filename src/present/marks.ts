/** Marks several plots share. */
import * as Plot from '@observablehq/plot';

/**
 * The 1/|E| resolution of measured q (SPEC §7) on a log y axis: a dashed rule with its label, since
 * q = 0 cannot be drawn on a log axis and is plotted below it.
 */
export function resolutionFloorMarks(floor: number, label: string, dy: number): Plot.Markish[] {
  return [
    Plot.ruleY([floor], { stroke: '#999', strokeDasharray: '2,3' }),
    Plot.text([floor], {
      y: (d: number) => d,
      frameAnchor: 'left',
      dx: 4,
      dy,
      text: () => label,
      fill: '#777',
    }),
  ];
}
