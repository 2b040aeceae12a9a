import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FUSD_DEFAULTS,
  parseWideCsv,
  simulateResize,
  workloadFromSamples,
  type ResizeConfig,
} from '../../engine/index.ts';
import { dataPath } from '../../ingest/testing.ts';
import * as Plot from '@observablehq/plot';
import {
  alphaData,
  migrationsSpec,
  paretoData,
  paretoSpec,
  stepData,
  sweepRows,
  totalsRows,
} from './plots.ts';

const samples = parseWideCsv(
  readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
  'planetlab_20110303.csv',
  { scale: 0.25, unit: 'percent', maxTasks: 60 },
);
const workload = workloadFromSamples('day', samples);
const fusd = { kind: 'fusd', ...FUSD_DEFAULTS } as const;
const configs: { policy: string; label: string; config: ResizeConfig }[] = [
  { policy: 'visbp', label: 'FUSD', config: { policy: { kind: 'visbp' }, predictor: fusd } },
  {
    policy: 'repack',
    label: 'K = 1',
    config: { policy: { kind: 'repack', every: 1 }, predictor: fusd },
  },
  { policy: 'ff', label: 'FUSD', config: { policy: { kind: 'ff' }, predictor: fusd } },
  {
    policy: 'visbp',
    label: 'oracle',
    config: { policy: { kind: 'visbp' }, predictor: { kind: 'oracle' } },
  },
];
const rows = configs.map((c) => ({ ...c, totals: simulateResize(workload, c.config).totals }));

describe('resize plots on the PlanetLab day', () => {
  it('step data follow the series, one datum per step, hours from the step length', () => {
    const r = simulateResize(workload, { ...configs[0].config, series: true });
    const d = stepData(r.series!, workload.stepHours);
    expect(d).toHaveLength(workload.steps);
    expect(d[12].hour).toBeCloseTo(1, 12);
    const sum = (k: 'migrations' | 'hot' | 'active') => d.reduce((s, x) => s + x[k], 0);
    expect(sum('migrations')).toBe(r.totals.migrations);
    expect(sum('hot')).toBe(r.totals.hot_spot_steps);
    expect(sum('active')).toBe(r.totals.active_steps);
  });

  it('online First Fit migrates nothing and its migrations plot is a zero line, not a block', () => {
    const r = simulateResize(workload, { ...configs[2].config, series: true });
    expect(r.totals.migrations).toBe(0);
    const spec = migrationsSpec(stepData(r.series!, workload.stepHours));
    expect(spec.y?.domain).toEqual([0, 1]);
    const series = spec.marks?.[0] as Plot.Mark;
    expect(series).toBeInstanceOf(Plot.Line);
    expect(spec.marks?.some((m) => m instanceof Plot.RuleX)).toBe(false);
    // A run with migrations keeps its spikes on an axis fitted to them.
    const moving = simulateResize(workload, { ...configs[1].config, series: true });
    expect(moving.totals.migrations).toBeGreaterThan(0);
    const spikes = migrationsSpec(stepData(moving.series!, workload.stepHours));
    expect(spikes.y?.domain).toBeUndefined();
    expect(spikes.marks?.[0]).toBeInstanceOf(Plot.RuleX);
  });

  it('marks exactly the non-dominated configurations as Pareto-optimal', () => {
    const data = paretoData(rows, (r) => r === rows[0]);
    expect(data.map((d) => d.current)).toEqual([true, false, false, false]);
    data.forEach((d, i) => {
      const dominated = data.some(
        (o, j) =>
          j !== i &&
          o.machineHours <= d.machineHours &&
          o.migrationsPerItemStep <= d.migrationsPerItemStep &&
          o.hotSpotFrequency <= d.hotSpotFrequency &&
          (o.machineHours < d.machineHours ||
            o.migrationsPerItemStep < d.migrationsPerItemStep ||
            o.hotSpotFrequency < d.hotSpotFrequency),
      );
      expect(d.pareto).toBe(!dominated);
      // A log axis: zero is drawn below every positive value.
      if (d.zero)
        expect(d.yPlot).toBeLessThan(Math.min(...data.filter((x) => !x.zero).map((x) => x.yPlot)));
      else expect(d.yPlot).toBe(d.migrationsPerItemStep);
    });
    // Never-migrate FF moves nothing; repacking every step migrates more than VISBP.
    expect(data[2].zero).toBe(true);
    expect(data[1].migrationsPerItemStep).toBeGreaterThan(data[0].migrationsPerItemStep);
    expect(paretoSpec(data).marks!.length).toBeGreaterThan(1);
  });

  it('tables carry the totals unchanged', () => {
    const t = rows[0].totals;
    const byName = new Map(totalsRows(t).map((r) => [r.quantity, r.value]));
    expect(byName.get('machine-hours')).toBe(t.machine_hours);
    expect(byName.get('migrations per VM per step')).toBe(t.migrations_per_item_step);
    expect(byName.get('hot-spot frequency')).toBe(t.hot_spot_frequency);
    const csv = sweepRows(rows);
    expect(csv[1]).toMatchObject({
      policy: 'repack',
      parameters: 'K = 1',
      migrations: rows[1].totals.migrations,
    });
  });

  it('the α sweep keeps only VISBP on FUSD, with its α values', () => {
    const a = alphaData(rows);
    expect(a).toHaveLength(1); // VISBP + FUSD; repack, FF and the oracle are left out
    expect(a[0]).toEqual({
      upAlpha: FUSD_DEFAULTS.upAlpha,
      downAlpha: `↓α = ${FUSD_DEFAULTS.downAlpha}`,
      migrationsPerItemStep: rows[0].totals.migrations_per_item_step,
      hotSpotFrequency: rows[0].totals.hot_spot_frequency,
    });
  });
});
