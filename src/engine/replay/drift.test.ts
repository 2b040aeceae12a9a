import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { alignSamples } from '../data/realize/aligned.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import { driftAlarm } from './drift.ts';
import { sliceColumns } from './timeSplit.ts';

const STEP = 300;
const PER_DAY = 86_400 / STEP;

/**
 * A week of `tasks` tasks at 5-minute instants: each a level, a share of a daily curve peaking at
 * its group's hour, and noise; from `shiftDay` on (0-based) the tasks in `shifted` rise by `shift`
 * of their level.
 */
function week(
  seed: number,
  tasks: number,
  shift = 0,
  shiftDay = 5,
  shifted = 1,
): RealizationMatrix {
  const rng = new Rng(seed);
  const cols = 7 * PER_DAY;
  const m = allocateMatrix(tasks, cols, false);
  for (let i = 0; i < tasks; i++) {
    const level = 0.01 + 0.02 * rng.nextFloat();
    const peakHour = [9, 14, 20][i % 3];
    const daily = 0.5 * rng.nextFloat();
    const moves = i < shifted * tasks;
    for (let t = 0; t < cols; t++) {
      const hour = ((t % PER_DAY) * STEP) / 3600;
      const curve = Math.cos(((hour - peakHour) / 24) * 2 * Math.PI);
      const up = moves && t >= shiftDay * PER_DAY ? shift : 0;
      const v = level * (1 + up + daily * curve + 0.15 * rng.nextGaussian());
      m.data[i * cols + t] = Math.max(0, v);
    }
  }
  return m;
}

const split = (m: RealizationMatrix, days: number) => ({
  learn: sliceColumns(m, { start: 0, end: days * PER_DAY }),
  judge: sliceColumns(m, { start: days * PER_DAY, end: m.cols }),
});

describe('the drift alarm', () => {
  it('stays quiet on stationary weeks (learn days 1–5, judge 6–7)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { learn, judge } = split(week(seed, 200), 5);
      const d = driftAlarm(learn, judge, STEP);
      expect(d.fired, `seed ${seed}: ${d.message}`).toBe(false);
      expect(d.message).toBeNull();
      expect(d.profileCorrelation).toBeGreaterThan(0.9);
    }
  });

  it('fires on a level shift of the whole cluster and on one of a fifth of the tasks', () => {
    for (const seed of [1, 2, 3]) {
      const all = split(week(seed, 200, 0.3), 5);
      const d = driftAlarm(all.learn, all.judge, STEP);
      expect(d.fired).toBe(true);
      expect(d.reasons).toContain('level');
      expect(d.message).toMatch(
        /^drift: the last 2 days peak \d+ % above anything seen in learning/,
      );
      const some = split(week(seed, 200, 1.5, 5, 0.2), 5);
      const e = driftAlarm(some.learn, some.judge, STEP);
      expect(e.fired).toBe(true);
      expect(e.tasksAbovePeak).toBeGreaterThan(0.1 * 200);
    }
  });

  it('fires when the daily peaks move to another hour', () => {
    const m = week(7, 120);
    const moved = allocateMatrix(m.rows, m.cols, false);
    moved.data.set(m.data);
    // Days 6–7 of every task shifted by 12 hours.
    for (let i = 0; i < m.rows; i++)
      for (let t = 5 * PER_DAY; t < m.cols; t++) {
        const from = t - PER_DAY / 2 - PER_DAY;
        moved.data[i * m.cols + t] = m.data[i * m.cols + from];
      }
    const { learn, judge } = split(moved, 5);
    const d = driftAlarm(learn, judge, STEP);
    expect(d.reasons).toContain('profile');
  });

  it('fires on the Google jobs, learned in the morning and judged in the afternoon', () => {
    const samples = parseWideCsv(
      readFileSync(dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv')),
      'gcd',
      { scale: 0.1, percent: true },
    );
    const a = alignSamples(samples);
    const half = a.inst.cols / 2;
    const learn = sliceColumns(a.inst, { start: 0, end: half });
    const judge = sliceColumns(a.inst, { start: half, end: a.inst.cols });
    const d = driftAlarm(learn, judge, STEP);
    expect(d.fired).toBe(true);
    expect(d.peakRise).toBeGreaterThan(0);
    expect(d.message).toMatch(/^drift: the last 12 h peak \d+ % above anything seen in learning/);
  });
});
