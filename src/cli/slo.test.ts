/**
 * The SLO per machine in the JSON of sweep and tune, and tune --mode aligned with its scopes:
 * checked against packings made directly (engine) or by another command (pack --eval).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALIGNED_FAMILIES,
  WorkloadStats,
  formatFit,
  parseFit,
  realize,
  runPacking,
  sampleInstance,
  type FitSpec,
  type SweepSlo,
} from '../engine/index.ts';
import { COMMANDS } from './commands/index.ts';
import { parseOptions } from './args.ts';
import { dataPath, planetlabDay } from '../ingest/testing.ts';

async function lines(name: string, ...argv: string[]): Promise<string[]> {
  const command = COMMANDS[name];
  const out: string[] = [];
  await command.run(parseOptions(argv, command.options), (l) => out.push(l));
  return out;
}
const json = async (name: string, ...argv: string[]) =>
  JSON.parse((await lines(name, ...argv)).join('\n')) as Record<string, unknown>;

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');
const AZURE = dataPath('azure-v1-datacentersim/microsoft_max_100.csv.gz');
const dir = mkdtempSync(join(tmpdir(), 'slopack-slo-'));

describe('the SLO per machine in the JSON of sweep and tune', () => {
  it('sweep: the worst machine and the machines over target of each run, as a direct packing has them', async () => {
    const out = await lines(
      'sweep',
      ...['--data', PLANETLAB, '--scale', '0.25', '--realizations', '500'],
      ...['--instances', '2', '--tasks', '300', '--fits', 'gpa:0.01,perc:95', '--workers', '0'],
    );
    const rows = out.map((l) => JSON.parse(l) as Record<string, number | string>);
    expect(rows).toHaveLength(4);
    const stats = new WorkloadStats(realize(planetlabDay(), 500, 1));
    for (const row of rows) {
      const r = runPacking(stats, sampleInstance(1052, 300, 1, row.instance as number), {
        packer: 'bf',
        fit: parseFit(row.fit as string),
        capacity: 1,
        clairvoyance: 1,
        source: 'inst',
        rebalance: 5,
      });
      const q = r.machines.map((m) => m.q);
      expect(row.q).toBeCloseTo(r.q, 12);
      expect(row.q_worst).toBe(Math.max(...q));
      expect(row.target).toBeCloseTo(row.fit === 'gpa:0.01' ? 0.01 : 0.05, 12);
      expect(row.machines_over_target).toBe(q.filter((v) => v > (row.target as number)).length);
    }
    expect(rows.some((r) => (r.machines_over_target as number) > 0)).toBe(true);
  });

  it('tune: each row’s worst machine and machines over q* over its held-out packings', async () => {
    const t = await json(
      'tune',
      ...['--data', PLANETLAB, '--realizations', '400', '--instances', '2', '--tasks', '80'],
      ...['--families', 'gpa', '--refine-rounds', '0', '--target', '0.01', '--json'],
      ...['--workers', '0'],
    );
    const rows = (t.tables as { rows: Record<string, unknown>[] }[])[0].rows;
    for (const row of rows) {
      const slo = row.slo as { worst: number; over: number; machines: number };
      const runs = row.runs as { mAbs: number; q: number }[];
      expect(slo.machines).toBe(runs.reduce((s, r) => s + r.mAbs, 0));
      for (const r of runs) expect(slo.worst).toBeGreaterThanOrEqual(r.q);
      expect(slo.over).toBeLessThanOrEqual(slo.machines);
    }
  });
});

describe('tune --mode aligned', () => {
  const split = ['--step', '300', '--learn', 'days:1-14', '--judge', 'days:15-28'];
  it('tunes on the learned days by walk-forward folds and judges the later days as pack --eval does', async () => {
    const t = await json(
      'tune',
      ...['--data', AZURE, '--scale', '0.25', '--mode', 'aligned', ...split],
      ...['--families', 'gpa,perc', '--target', '0.01', '--scope', 'every', '--json'],
    );
    expect(t.scope).toBe('every');
    expect(t.learned_columns).toBe(14 * 288);
    const rows = (t.tables as { rows: Record<string, unknown>[] }[])[0].rows;
    const [L, J] = [join(dir, 'l.npy'), join(dir, 'j.npy')];
    await json(
      'realize',
      ...['--data', AZURE, '--scale', '0.25', '--mode', 'aligned', ...split],
      ...['--out-inst', L, '--out-judge', J],
    );
    let checked = 0;
    for (const row of rows) {
      if (row.fit === null) continue;
      const cv = row.cv as Record<string, number>;
      expect(cv.q_worst).toBeLessThanOrEqual(0.01);
      // Learn days 1..k, judge day k + 1: the last seven of the fourteen learned days, each kept.
      const folds = row.folds as { learn: number[]; judge: number[]; q_worst: number }[];
      expect(folds.map((f) => f.judge)).toEqual(
        Array.from({ length: 7 }, (_, k) => [(7 + k) * 288, (8 + k) * 288]),
      );
      for (const f of folds) {
        expect(f.learn).toEqual([0, f.judge[0]]);
        expect(f.q_worst).toBeLessThanOrEqual(0.01);
      }
      expect(cv.q_worst).toBe(Math.max(...folds.map((f) => f.q_worst)));
      expect(cv.columns).toBe(288);
      const p = await json(
        'pack',
        ...['--inst', L, '--eval', J, '--fit', row.fit as string, '--target', '0.01'],
        ...['--clairvoyance', '1'],
      );
      expect((p.machines as unknown[]).length).toBe(row.machines);
      expect(row.judged).toEqual(p.eval);
      const ev = p.eval as Record<string, number[]> & Record<string, number>;
      ev.q.forEach((q, j) => {
        expect(ev.q_upper95[j]).toBeGreaterThanOrEqual(q);
        expect(ev.effective_instants[j]).toBeLessThanOrEqual(ev.columns);
      });
      expect(ev.machines_unproven).toBe(
        ev.q.filter((q, j) => q <= 0.01 && ev.q_upper95[j] > 0.01).length,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('tunes every aligned family for every machine by default and picks the fewest machines among those that held on every fold', async () => {
    const args = ['--data', AZURE, '--scale', '0.25', '--mode', 'aligned', '--tasks', '40'];
    const learned = [...args, '--step', '300', '--learn', 'days:1-4', '--judge', 'days:5-6'];
    const t = await json('tune', ...learned, '--target', '0.01', '--json');
    expect(t.scope).toBe('every');
    const table = (t.tables as { pick: string | null; rows: Record<string, unknown>[] }[])[0];
    expect(table.rows.map((r) => r.family)).toEqual([...ALIGNED_FAMILIES]);
    const held = table.rows.filter(
      (r) => r.fit !== null && (r.folds as { q_worst: number }[]).every((f) => f.q_worst <= 0.01),
    );
    expect(held.length).toBeGreaterThan(0);
    const fewest = Math.min(...held.map((r) => r.machines as number));
    const lowest = Math.min(
      ...held
        .filter((r) => r.machines === fewest)
        .map((r) => (r.cv as { q_worst: number }).q_worst),
    );
    const expected = held.find(
      (r) => r.machines === fewest && (r.cv as { q_worst: number }).q_worst === lowest,
    )!;
    expect(table.pick).toBe(expected.family);
    const text = await lines('tune', ...learned, '--target', '0.01');
    expect(text.join('\n')).toContain(`pick: ${String(expected.fit)} on ${fewest} machines`);
  });

  it('refuses a scope without aligned mode, and blocks', async () => {
    await expect(
      lines('tune', '--data', PLANETLAB, '--target', '0.01', '--scope', 'every'),
    ).rejects.toThrow(/--scope is for --mode aligned/);
    await expect(
      lines('tune', '--data', PLANETLAB, '--target', '0.01', '--mode', 'blocks', '--block', '4'),
    ).rejects.toThrow(/replays --mode aligned only/);
  });
});

describe('paper: the SLO per machine beside a packing figure', () => {
  it('per fit test, the worst machine and the machines over target of the figure’s own runs', async () => {
    const out = mkdtempSync(join(tmpdir(), 'slopack-paper-slo-'));
    await lines(
      'paper',
      ...['--data', PLANETLAB, '--out', out, '--figures', 'fig8', '--realizations', '400'],
      ...['--instances', '2', '--tasks', '120', '--workers', '0'],
    );
    const fig = JSON.parse(readFileSync(join(out, 'fig8.json'), 'utf8')) as {
      data: {
        sweeps: { rows: { params: { fit: FitSpec }; mAbs: number; q: number; slo: SweepSlo }[] }[];
      };
      slo: Record<string, number | string>[][];
    };
    const rows = fig.data.sweeps[0].rows;
    const gpa = fig.slo[0].find((s) => s.fit === 'gpa:0.01')!;
    const mine = rows.filter((r) => formatFit(r.params.fit) === 'gpa:0.01');
    expect(mine).toHaveLength(2);
    expect(gpa.q_worst).toBe(Math.max(...mine.map((r) => r.slo.worst)));
    expect(gpa.machines).toBe(mine.reduce((s, r) => s + r.mAbs, 0));
    expect(gpa.machines_over_target).toBe(mine.reduce((s, r) => s + r.slo.over, 0));
    for (const r of mine) expect(r.slo.worst).toBeGreaterThanOrEqual(r.q);
  });
});
