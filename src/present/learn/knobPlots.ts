/**
 * The knob lesson's plot: the overflow risk a node at LoadVariationRiskBalancing's fit boundary
 * carries under a Gaussian, against the node's σ (both log), for the knob chosen and for the code
 * default, beside GPA's fixed ρ; the σ under study marked.
 */
import * as Plot from '@observablehq/plot';
import {
  LVRB_CODE_DEFAULT,
  lvrbImpliedRisk,
  lvrbRiskCurve,
  type LvrbKnob,
} from '../../engine/learn/index.ts';
import { LOG_PROBABILITY, probabilityTick } from '../probability.ts';

export const KNOB_SIGMA_RANGE = [0.02, 0.5] as const;
/** The lowest risk drawn: below it the curve is clipped (σ = 0.02 at sensitivity 2 is 8·10⁻¹³). */
const KNOB_RISK_FLOOR = 1e-14;

const GPA = '#d62728';
const CHOSEN = '#1f77b4';
const DEFAULT = '#8c96a3';

function knobLabel(knob: LvrbKnob): string {
  return `margin ${knob.margin}, sensitivity ${knob.sensitivity}`;
}

export function knobRiskSpec(knob: LvrbKnob, sigma: number, gpaRho: number): Plot.PlotOptions {
  const lo = Math.min(KNOB_SIGMA_RANGE[0], sigma);
  const hi = Math.max(KNOB_SIGMA_RANGE[1], sigma);
  const chosen = `LVRB, ${knobLabel(knob)}`;
  const fallback = `LVRB code default, ${knobLabel(LVRB_CODE_DEFAULT)}`;
  const gpa = `GPA, ρ = ${probabilityTick(gpaRho)}`;
  const clipped = (k: LvrbKnob, name: string) =>
    lvrbRiskCurve(k, lo, hi).map((p) => ({ ...p, rho: Math.max(KNOB_RISK_FLOOR, p.rho), name }));
  const curves = [
    ...clipped(LVRB_CODE_DEFAULT, fallback),
    ...clipped(knob, chosen),
    { sigma: lo, rho: gpaRho, z: 0, name: gpa },
    { sigma: hi, rho: gpaRho, z: 0, name: gpa },
  ];
  const here = Math.max(KNOB_RISK_FLOOR, lvrbImpliedRisk(sigma, knob));
  return {
    height: 300,
    marginLeft: 56,
    x: {
      type: 'log',
      label: 'node’s σ (fraction of capacity) →',
      domain: [lo, hi],
      ticks: [0.01, 0.02, 0.04, 0.1, 0.25, 0.5, 1].filter((t) => t >= lo && t <= hi),
      tickFormat: (t: number) => String(t),
    },
    y: {
      ...LOG_PROBABILITY,
      label: '↑ overflow risk at the fit boundary',
      domain: [KNOB_RISK_FLOOR, 1],
      grid: true,
    },
    color: { legend: true, domain: [chosen, fallback, gpa], range: [CHOSEN, DEFAULT, GPA] },
    marks: [
      Plot.line(curves, { x: 'sigma', y: 'rho', stroke: 'name', strokeWidth: 2 }),
      Plot.ruleX([sigma], { stroke: CHOSEN, strokeDasharray: '4,3' }),
      Plot.dot([{ sigma, rho: here }], { x: 'sigma', y: 'rho', fill: CHOSEN, r: 5 }),
      Plot.text([{ sigma, rho: here }], {
        x: 'sigma',
        y: 'rho',
        dx: 8,
        textAnchor: 'start',
        text: (d: { sigma: number; rho: number }) =>
          `σ = ${d.sigma}: ρ ≈ ${probabilityTick(d.rho)}`,
        fill: CHOSEN,
        stroke: 'white',
        strokeWidth: 3,
        paintOrder: 'stroke',
      }),
    ],
  };
}
