/** Marks several plots share. */
import * as Plot from '@observablehq/plot';

/** Right margin a plot needs for the 1/|E| label of `resolutionFloorMarks`. */
export const FLOOR_LABEL_MARGIN = 44;

/**
 * The 1/|E| resolution of measured q (SPEC §7) on a log y axis: a dashed rule, labelled "1/|E|" in
 * the right margin (outside the frame, so the label never covers a point; the plot sets
 * `marginRight: FLOOR_LABEL_MARGIN`), with `explanation` as its tooltip. q = 0 cannot be drawn on a
 * log axis and is plotted below the rule.
 */
export function resolutionFloorMarks(floor: number, explanation: string): Plot.Markish[] {
  return [
    Plot.ruleY([floor], {
      stroke: '#999',
      strokeDasharray: '2,3',
      title: () => explanation,
      ariaLabel: () => explanation,
    }),
    Plot.text([floor], {
      y: (d: number) => d,
      frameAnchor: 'right',
      textAnchor: 'start',
      dx: 4,
      text: () => '1/|E|',
      fill: '#777',
    }),
  ];
}
