/**
 * Packing at cluster scale places every task where the full scan over the open machines places it:
 * the room index (engine/pack/roomIndex.ts) on the real PlanetLab 10-day file, every VM-day a task.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  WorkloadStats,
  fitTest,
  identityRows,
  pack,
  parseWideCsv,
  realize,
  type FitTest,
  type PackerKind,
} from '../engine/index.ts';
import { SHARED } from './testing/peer.ts';

const PLANETLAB_DAYS = join(SHARED, 'data/planetlab-cloudsim/planetlab_all_10_days.csv.gz');

describe('packing through the room index on the PlanetLab 10-day file', () => {
  const text = gunzipSync(readFileSync(PLANETLAB_DAYS)).toString('utf8');
  const samples = parseWideCsv(text, 'planetlab_all_10_days.csv.gz', {
    scale: 0.25,
    percent: true,
  });
  const { inst } = realize(samples, 200, 1, false);
  const stats = new WorkloadStats({ inst, avg: null });
  const rows = identityRows(inst.rows);
  const taskStats = stats.taskStats('inst', stats.split(1));
  const fullScan = (fit: FitTest): FitTest => ({ ...fit, room: undefined });

  it.each([
    ['bf', 0.01],
    ['bf', 0.001],
    ['bf', 0.2],
    ['ff', 0.01],
    ['bfd', 0.01],
  ] as [PackerKind, number][])(
    '%s, GPA ρ = %s: the same machines, tasks and moves',
    (packer, rho) => {
      const fit = fitTest({ kind: 'gpa', rho });
      const sizes = fit.sizes(taskStats, rows);
      const options = { packer, capacity: 1, rebalance: 5 };
      const indexed = pack(sizes, fit, options);
      const scanned = pack(sizes, fullScan(fit), options);
      expect(indexed.machines.length).toBeGreaterThan(100);
      expect(indexed.machines).toEqual(scanned.machines);
      expect(indexed.moves).toBe(scanned.moves);
      expect(indexed.load).toEqual(scanned.load);
    },
  );
});
