import { describe, expect, it } from 'vitest';
import { assessPlacement, matrixFrom, seriesAt } from '../../engine/index.ts';
import { planetlabDay } from '../../ingest/testing.ts';
import { assessJson, assessMarkdown } from './report.ts';

/**
 * Twelve PlanetLab VMs of the 2011-03-03 day read as pods of 4-core VMs (each value, a share of a
 * quarter machine, × 16 cores) on three 8-core nodes: each node's usage in cores is its utilisation
 * × its cores, and equals the percentile of its aligned total counted directly.
 */
function assessment() {
  const { ids, inst } = planetlabDay();
  const T = 288;
  const rows = 12;
  const data = new Float32Array(rows * T);
  for (let i = 0; i < rows; i++) {
    const series = seriesAt(inst, i);
    for (let t = 0; t < T; t++) data[i * T + t] = series[t] * 16;
  }
  const nodes = Array.from({ length: rows }, (_, i) => `node-${1 + (i % 3)}`);
  return {
    data,
    nodes,
    a: assessPlacement({
      ids: ids.slice(0, rows),
      nodes,
      usage: matrixFrom(rows, T, data),
      nodeCores: {},
      referenceCores: 8,
      slo: 0.01,
      fits: [{ kind: 'gpa', rho: 0.01 }],
    }),
  };
}

describe('the assessment in cores', () => {
  it('gives each node’s mean, p95, p99 and peak in cores, as its own aligned total reads them', () => {
    const { a, data, nodes } = assessment();
    const json = assessJson(a);
    for (const n of json.nodes) {
      const total = Array.from({ length: 288 }, (_, t) =>
        nodes.reduce((s, node, i) => (node === n.node ? s + data[i * 288 + t] : s), 0),
      );
      expect(n.peak_cores).toBeCloseTo(Math.max(...total), 9);
      const sorted = total.sort((x, y) => x - y);
      expect(n.p95_cores).toBeGreaterThanOrEqual(sorted[Math.floor(0.94 * 288)] - 1e-9);
      expect(n.p95_cores).toBeLessThanOrEqual(sorted[Math.ceil(0.95 * 288)] + 1e-9);
      expect(n.p99_cores).toBeCloseTo(n.p99 * 8, 12);
      expect(n.mean_cores).toBeCloseTo(total.reduce((s, x) => s + x, 0) / 288, 6);
    }
  });

  it('writes each utilisation as a share and in cores in the Markdown report', () => {
    const { a } = assessment();
    const md = assessMarkdown(a);
    for (const n of a.nodes) {
      const row = md.split('\n').find((l) => l.startsWith(`| ${n.node} |`))!;
      expect(row).toMatch(/% \([\d.]+ cores\)/);
      expect(row).toContain(`(${Number((n.p95 * 8).toPrecision(4))} cores)`);
    }
  });
});
