/**
 * The pooling lesson's plot: what n identical tasks reserve on one machine when each adds its own
 * percentile, n(μ + Zσ), against the pooled GPA reservation nμ + Zσ√n, with the capacity C; the
 * tasks placed so far marked.
 */
import * as Plot from '@observablehq/plot';
import { additiveReservation, pooledReservation } from '../../engine/learn/index.ts';

const RULE_ADDITIVE = 'adding percentiles: n(μ + Zσ)';
const RULE_POOLED = 'pooling (GPA): nμ + Zσ√n';

export function poolingSpec(
  mu: number,
  sigma: number,
  z: number,
  capacity: number,
  nMax: number,
  placed: number,
): Plot.PlotOptions {
  const data = Array.from({ length: nMax }, (_, i) => i + 1).flatMap((n) => [
    { n, rule: RULE_ADDITIVE, reserve: additiveReservation(n, mu, sigma, z) },
    { n, rule: RULE_POOLED, reserve: pooledReservation(n, mu, sigma, z) },
  ]);
  const shown = data.filter((d) => d.n <= placed);
  return {
    height: 300,
    marginLeft: 50,
    x: { label: 'tasks on the machine n', domain: [0, nMax + 0.5] },
    y: { label: 'reserved capacity', grid: true, zero: true },
    color: { legend: true, domain: [RULE_ADDITIVE, RULE_POOLED], range: ['#d95f02', '#1b9e77'] },
    marks: [
      Plot.line(data, { x: 'n', y: 'reserve', stroke: 'rule', strokeOpacity: 0.35 }),
      Plot.dot(shown, {
        x: 'n',
        y: 'reserve',
        fill: (d: (typeof data)[number]) => (d.reserve <= capacity + 1e-12 ? d.rule : 'white'),
        stroke: 'rule',
        r: 4,
      }),
      Plot.ruleY([capacity], { stroke: '#c00', strokeDasharray: '4,3' }),
      Plot.text([capacity], {
        y: (c: number) => c,
        frameAnchor: 'left',
        dy: -7,
        dx: 4,
        text: () => `capacity C = ${capacity}`,
        fill: '#c00',
      }),
    ],
  };
}
