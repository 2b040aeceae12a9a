import { describe, expect, it } from 'vitest';
import {
  PAPER_TABLE1,
  boxStats,
  fig3,
  momentsChunk,
  syntheticWorkload,
  type SweepRow,
} from '../../../engine/index.ts';
import type { LabSweep } from '../../../engine/analysis/paperFigures.ts';
import {
  byCondition,
  evaluated,
  fitSummaries,
  gpaErrors,
  rebalancingGains,
  rowsOf,
  sourceComparison,
} from '../summaries.ts';
import { boxRows, boxSpec } from './boxes.ts';
import { fig3Spec, fig4Spec, heatmapCells } from './dataPlots.ts';
import { fig13Spec, fig9Spec } from './packingPlots.ts';
import { table1Spec, violinPoints } from './sumsPlots.ts';
import { wrap } from '../svg.ts';
import { taskCount } from '../../../engine/index.ts';

type Params = SweepRow['params'];
const base: Params = {
  packer: 'bf',
  fit: { kind: 'gpa', rho: 0.01 },
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
};
function row(instance: number, p: Partial<Params>, m: number, q: number, mAbs = 10): SweepRow {
  return {
    index: instance,
    instance,
    params: { ...base, ...p },
    mAbs,
    mNorm: 8,
    m,
    q,
    moves: 0,
    oversized: 0,
  };
}
const sweep = (spec: Partial<LabSweep['spec']>, rows: SweepRow[]): LabSweep => ({
  spec: {
    seed: 1,
    instances: 2,
    tasks: 10,
    fits: [...new Set(rows.map((r) => r.params.fit))],
    packers: ['bf'],
    capacity: 1,
    clairvoyance: 1,
    source: 'inst',
    rebalance: 5,
    ...spec,
  },
  rows,
});

describe('box plots', () => {
  it('draw only boxes with values, clamped to the floor on log axes', () => {
    const data = [
      { x: 'a', box: boxStats([0, 0, 1e-3, 2e-3]) },
      { x: 'b', box: boxStats([]) },
    ];
    const rows = boxRows(data, { xLabel: 'x', yLabel: 'y', yType: 'log', floor: 1e-5 });
    expect(rows).toHaveLength(1);
    expect(rows[0].lo).toBe(1e-5);
    expect(rows[0].q3).toBeCloseTo(1.25e-3, 12);
    const linear = boxRows(data, { xLabel: 'x', yLabel: 'y' });
    expect(linear[0].lo).toBe(0);
    const spec = boxSpec([{ x: 'a', fx: 'f', fy: 'g', box: boxStats([1, 2, 3]) }], {
      xLabel: 'x',
      yLabel: 'y',
    });
    expect(spec.fx).toBeDefined();
    expect(spec.marginRight).toBe(100);
  });
});

describe('data figures', () => {
  const w = syntheticWorkload(300, 2);
  const r = fig3(momentsChunk(w, 0, taskCount(w.inst)));

  it('heatmap cells hold the tasks inside the axes, and the difference is inst − avg', () => {
    const inst = heatmapCells(r, 'inst');
    const total = inst.reduce((s, c) => s + c.v, 0);
    expect(total).toBeCloseTo((300 - r.inst.outside) / 300, 12);
    const avg = heatmapCells(r, 'avg');
    const diff = heatmapCells(r, 'diff');
    const at = (cells: typeof inst, x: number, y: number) =>
      cells.find((c) => c.x1 === x && c.y1 === y)?.v ?? 0;
    for (const c of diff.slice(0, 20))
      expect(c.v).toBeCloseTo(at(inst, c.x1, c.y1) - at(avg, c.x1, c.y1), 12);
  });

  it('the paper toggle adds the paper’s trend line', () => {
    expect(fig3Spec(r, 'inst', true).marks!.length).toBe(
      fig3Spec(r, 'inst', false).marks!.length + 2,
    );
    // No trend line on the difference panel.
    expect(fig3Spec(r, 'diff', true).marks).toHaveLength(1);
  });

  it('Fig. 4 draws each centroid over [0, 0.5) and marks shares outside the paper’s range', () => {
    const k = 3;
    const centroids = new Float64Array(k * 100);
    centroids[0] = 1;
    centroids[100 + 5] = 1;
    centroids[200 + 70] = 1;
    const spec = fig4Spec({ k, centroids, shares: Float64Array.of(0.5, 0.3, 0.2) }, true);
    const rect = spec.marks![0] as unknown as { data: { share: number }[] };
    expect(rect.data).toHaveLength(k * 50);
    // The third centroid's mass is at 0.70, beyond the cut.
    expect(rect.data.slice(100).reduce((s, d) => s + d.share, 0)).toBe(0);
  });
});

describe('sums and packing figures', () => {
  it('Table 1 with the paper shows its row and tolerance band', () => {
    const rows = PAPER_TABLE1.map((p) => ({
      n: p.n,
      sums: 10,
      rejectionRate: p.rejectionRate,
      meanTotal: p.meanTotal,
      medianA2: 1,
    }));
    expect(table1Spec(rows, true).marks!.length).toBe(table1Spec(rows, false).marks!.length + 3);
  });

  it('Fig. 6 violins mirror each histogram around its N, widest at the mode', () => {
    const box = boxStats([-0.1, -0.05, 0, 0.02]);
    const cell = (n: number, percentile: number, density: number[]) => ({
      n,
      percentile,
      box,
      violin: {
        edges: Float64Array.from({ length: density.length + 1 }, (_, i) => -0.1 + 0.05 * i),
        density: Float64Array.from(density),
      },
    });
    const pts = violinPoints([cell(10, 99, [1, 4, 2]), cell(50, 99, [2, 2, 0]), cell(10, 95, [])]);
    expect(pts).toHaveLength(6);
    for (const p of pts) expect((p.x1 + p.x2) / 2).toBeCloseTo(p.cell === 0 ? 0 : 1, 12);
    const first = pts.filter((p) => p.cell === 0).map((p) => p.x2 - p.x1);
    expect(Math.max(...first)).toBeCloseTo(0.8, 12);
    expect(first[0]).toBeCloseTo(0.2, 12);
    expect(pts[0].y).toBeCloseTo(-0.075, 12);
  });

  it('summarizes m, m_abs and q per fit test over the instances', () => {
    const gpa = { kind: 'gpa', rho: 0.01 } as const;
    const av = { kind: 'av', f: 1 } as const;
    const s = fitSummaries([
      row(0, { fit: gpa }, 1.2, 0.02, 30),
      row(1, { fit: gpa }, 1.4, 0.04, 34),
      row(0, { fit: av }, 1.0, 0.3, 28),
    ]);
    expect(s.map((f) => f.fit)).toEqual(['gpa:0.01', 'av:1']);
    expect(s[0].meanM).toBeCloseTo(1.3, 12);
    expect(s[0].meanMAbs).toBe(32);
    expect(s[0].q.median).toBeCloseTo(0.03, 12);
    expect(s[1].family).toBe('av f');
  });

  it('GPA’s relative error is (q − ρ)/ρ, by decreasing ρ; the paper toggle adds its point', () => {
    const e = gpaErrors([
      row(0, { fit: { kind: 'gpa', rho: 0.001 } }, 1, 0.0016),
      row(0, { fit: { kind: 'gpa', rho: 0.1 } }, 1, 0.05),
      row(0, { fit: { kind: 'av', f: 1 } }, 1, 0.5),
    ]);
    expect(e.map((r) => r.rho)).toEqual([0.1, 0.001]);
    expect(e[1].meanError).toBeCloseTo(0.6, 12);
    expect(e[0].error.median).toBeCloseTo(-0.5, 12);
    expect(fig9Spec(e, true).marks!.length).toBe(fig9Spec(e, false).marks!.length + 1);
  });

  it('compares inst and avg estimates, picks sweeps by condition, and leaves q_off = 0 out of gains', () => {
    const gpa = { kind: 'gpa', rho: 0.01 } as const;
    const av = { kind: 'av', f: 2 } as const;
    const main = sweep({}, [
      row(0, { fit: gpa }, 1, 0.01),
      row(1, { fit: gpa }, 1, 0.03),
      row(0, { fit: av }, 1, 0),
      row(1, { fit: av }, 1, 0),
    ]);
    const avg = sweep({ source: 'avg' }, [
      row(0, { fit: gpa, source: 'avg' }, 1, 0.05),
      row(1, { fit: gpa, source: 'avg' }, 1, 0.07),
      row(0, { fit: av, source: 'avg' }, 1, 0),
      row(1, { fit: av, source: 'avg' }, 1, 0),
    ]);
    const off = sweep({ rebalance: 0 }, [
      row(0, { fit: gpa, rebalance: 0 }, 1, 0.02),
      row(1, { fit: gpa, rebalance: 0 }, 1, 0),
      row(0, { fit: av, rebalance: 0 }, 1, 0),
      row(1, { fit: av, rebalance: 0 }, 1, 0),
    ]);
    const c = sourceComparison([main, avg]);
    expect(c[0].fit).toBe('gpa:0.01');
    expect(c[0].qInst).toBeCloseTo(0.02, 12);
    expect(c[0].qAvg).toBeCloseTo(0.06, 12);
    expect(c[0].ratio).toBeCloseTo(3, 12);
    expect(Number.isNaN(c[1].ratio)).toBe(true);
    expect(rowsOf([main, avg, off], gpa, { rebalance: 0 }).map((r) => r.q)).toEqual([0.02, 0]);
    expect(rowsOf([main], { kind: 'max' }, {})).toEqual([]);
    const g = rebalancingGains([main, off], [gpa, av]);
    // Only instance 0 of gpa has q_off > 0: (0.02 − 0.01)/0.02; av never overflows.
    expect(g).toHaveLength(1);
    expect(g[0]).toMatchObject({ fit: 'gpa:0.01', instances: 1 });
    expect(g[0].meanGain).toBeCloseTo(0.5, 12);
    expect(fig13Spec(g, true).marks!.length).toBe(fig13Spec(g, false).marks!.length + 1);
    const k = sweep({ clairvoyance: 0.5, fits: [gpa] }, [
      row(0, { fit: gpa, clairvoyance: 0.5 }, 1, 0.1),
    ]);
    const by = byCondition([main, k], [gpa], 'clairvoyance', [0.5, 1], [5], 1000);
    expect(by.map((r) => [r.value, r.evaluated])).toEqual([
      [0.5, 500],
      [1, 1000],
    ]);
    expect(by[0].meanQ).toBeCloseTo(0.1, 12);
    expect(by[1].meanQ).toBeCloseTo(0.02, 12);
    expect(evaluated(10_000, 0.001)).toBe(9990);
  });

  it('wraps captions at spaces', () => {
    expect(wrap('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrap('', 5)).toEqual([]);
  });
});
