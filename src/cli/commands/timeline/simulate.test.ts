import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../../ingest/testing.ts';
import { binary, inProcess } from '../../testing/run.ts';

const FIXTURES = 'src/engine/timeline/fixtures';

const cli = (...args: string[]) => inProcess('simulate', ...args);

async function json(...args: string[]) {
  const r = await cli(...args, '--json');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as Record<string, number & Record<string, number>>;
}

const minutes = (s: number) => Math.round(s / 60);

describe('cli simulate', () => {
  it('reproduces Fig. 1: online FF 250, FMF tw = 3 s 210, one window 160 machine-minutes', async () => {
    const f = `${FIXTURES}/fig1.csv`;
    const online = await json('--tasks', f, '--policy', 'ff', '--order', 'list', '--window', '0');
    expect(minutes(online.machine_seconds)).toBe(250);
    expect(online.start_delay.max).toBe(0);
    const semi = await json('--tasks', f, '--policy', 'fmf', '--window', '3');
    expect(minutes(semi.machine_seconds)).toBe(210);
    expect(semi.start_delay.max).toBeLessThanOrEqual(6);
    const oneWindow = await json('--tasks', f, '--window', '10');
    expect(minutes(oneWindow.machine_seconds)).toBe(160);
    for (const key of [
      'machine_hours',
      'lower_bound_seconds',
      'utilization',
      'peak_machines',
      'tasks',
    ])
      expect(semi).toHaveProperty(key);
    expect(semi.q_time).toBeNull();
    expect(semi.overflow_steps).toBeNull();
  });

  it('solves the windows exactly: FF on Fig. 1 in one 10 s window is 90 min above the optimum', async () => {
    const r = await json(
      '--tasks',
      `${FIXTURES}/fig1.csv`,
      '--policy',
      'ff',
      '--order',
      'list',
      '--window',
      '10',
      '--exact',
      '12',
    );
    expect(r.exact.windows).toBe(1);
    expect(minutes(r.exact.gap_seconds)).toBe(90);
  });

  it('runs VMs living through a real trace (PlanetLab day) with usage series', async () => {
    const r = await json('--vms', 'planetlab-20110303', '--policy', 'ff');
    expect(r.tasks).toBe(1052);
    expect(r.active_steps).toBeGreaterThan(0);
    expect(r.q_time).toBeGreaterThanOrEqual(0);
    expect(r.machine_seconds).toBeGreaterThanOrEqual(r.lower_bound_seconds - 1e-6);
  });

  it('starts each PlanetLab VM-day at its own day (ten calendar days from 3 March 2011)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slopack-sim-'));
    const placements = join(dir, 'p.csv');
    const r = await json(
      ...[
        '--vms',
        'planetlab-10days',
        '--policy',
        'nf',
        '--window',
        '2',
        '--placements',
        placements,
      ],
    );
    expect(r.tasks).toBe(11_746);
    const days = new Map<number, number>();
    for (const line of readFileSync(placements, 'utf8').trim().split('\n').slice(1)) {
      const [, , start, end] = line.split(',').map(Number);
      expect(end - start).toBe(86_400);
      const day = Math.floor(start / 86_400);
      expect(start - day * 86_400).toBeLessThanOrEqual(4); // placed within 2·tw of its day's start
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    // 3, 6, 9, 22, 25 March and 3, 9, 11, 12, 20 April 2011, each a whole day after the first.
    expect([...days.keys()].sort((a, b) => a - b)).toEqual([0, 3, 6, 19, 22, 31, 37, 39, 40, 48]);
    expect(days.get(0)).toBe(1052);
    expect(r.peak_machines).toBeLessThan(r.tasks / 5);
  });

  it('reproduces Fig. 3 with FMF: 110 machine-minutes, waste 47, and writes the placements', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slopack-sim-'));
    const placements = join(dir, 'p.csv');
    const r = await json(
      '--tasks',
      `${FIXTURES}/fig3.csv`,
      '--window',
      '60',
      '--placements',
      placements,
    );
    expect(minutes(r.machine_seconds)).toBe(110);
    expect(minutes(r.waste_seconds)).toBe(47);
    const lines = readFileSync(placements, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('task_id,machine,start_s,end_s');
    expect(lines).toHaveLength(6);
    const machineOf = new Map(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[1]]));
    expect(new Set(['a1', 'a2', 'a3', 'a4'].map((id) => machineOf.get(id))).size).toBe(1);
    expect(machineOf.get('a5')).not.toBe(machineOf.get('a1'));
  });

  it('runs Google task_events with task_usage and measures q_time', async () => {
    const r = await json(
      '--google-events',
      dataPath('google-2011-task-usage/task_events_part-00000_first20000.csv'),
      '--google-usage',
      dataPath('google-2011-task-usage/task_usage_part-00000_first10000.csv'),
    );
    expect(r.tasks).toBeGreaterThan(1000);
    expect(r.active_steps).toBeGreaterThan(0);
    expect(r.q_time).toBeGreaterThanOrEqual(0);
    expect(r.q_time).toBeLessThanOrEqual(1);
    expect(r.machine_seconds).toBeGreaterThanOrEqual(r.lower_bound_seconds - 1e-6);
  });

  it('answers bad input with one line naming the file, line and field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slopack-sim-'));
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'id,arrival_s,duration_s,cpu_frac\na,0,10,0.5\nb,1,-3,0.5\n');
    const r = await cli('--tasks', bad);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bad\.csv, line 3: field duration_s: "-3"/);
    const cases: [string[], RegExp][] = [
      [['--tasks', bad, '--policy', 'best'], /invalid --policy "best"/],
      [['--tasks', bad, '--fit', 'gpa:2'], /invalid fit "gpa:2"/],
      [['--tasks', bad, '--synthetic-week'], /exactly one of/],
      [
        ['--synthetic-week', '--synthetic-tasks', '0'],
        /synthetic tasks must be a positive integer/,
      ],
      [
        ['--tasks', `${FIXTURES}/fig1.csv`, '--window', '-1'],
        /window must be in \[0, 1000000000\] s, got -1/,
      ],
      [['--tasks', `${FIXTURES}/fig1.csv`, '--capacity', '0.4'], /task a0 .* exceeds capacity 0.4/],
    ];
    for (const [args, message] of cases) {
      const e = await cli(...args);
      expect(e.status).toBe(2);
      expect(e.stderr).toMatch(message);
      expect(e.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('as a process prints on stdout the JSON the in-process run gives, exit code 0', async () => {
    const args = ['simulate', '--tasks', `${FIXTURES}/fig1.csv`, '--policy', 'fmf', '--json'];
    const spawned = binary(args);
    expect(spawned.stderr).toBe('');
    expect(spawned.status).toBe(0);
    expect(JSON.parse(spawned.stdout)).toEqual(JSON.parse((await inProcess(...args)).stdout));
  });
});
