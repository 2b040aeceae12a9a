/**
 * The drift alarm where the command line gives advice: `pack --eval`, `tune --mode aligned` and
 * `advise` each write one line on standard error and a `drift` field in the JSON. It fires on the
 * Google jobs learned in the morning and judged in the afternoon, and stays quiet on the PlanetLab
 * day's halves, which agree.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { parseOptions } from './args.ts';
import { dataPath } from '../ingest/testing.ts';
import { readMatrix } from './io.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-drift-'));
const GOOGLE_JOBS = ['--data', dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv')];
const PLANETLAB = ['--data', dataPath('planetlab-cloudsim/planetlab_20110303.csv')];

interface Drift {
  fired: boolean;
  reasons: string[];
  message: string | null;
  peak_rise: number;
  tasks_above_learned_peak: number;
  tasks_above_learned_peak_first: string[];
  machines_above_learned_peak?: number;
  machines_above_learned_peak_first?: { machine: number; peak_rise: number }[];
}

async function run(name: string, ...argv: string[]) {
  const command = COMMANDS[name];
  const lines: string[] = [];
  const errors: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    errors.push(String(s));
    return true;
  });
  try {
    await command.run(parseOptions(argv, command.options), (l) => lines.push(l));
  } finally {
    spy.mockRestore();
  }
  const json = argv.includes('--json') || name !== 'advise' ? tryJson(lines) : null;
  return { lines, json, stderr: errors.join('') };
}

function tryJson(lines: string[]): Record<string, unknown> | null {
  try {
    return JSON.parse(lines.join('\n')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the drift alarm on the command line', () => {
  it('pack --eval: the Google jobs afternoon left the morning, named by task and machine', async () => {
    const [L, J] = [join(dir, 'g-learn.npy'), join(dir, 'g-judge.npy')];
    await run(
      'realize',
      ...GOOGLE_JOBS,
      '--scale',
      '0.1',
      '--mode',
      'aligned',
      '--learn',
      '0:0.5',
      '--out-inst',
      L,
      '--out-judge',
      J,
    );
    const r = await run('pack', '--inst', L, '--eval', J, '--fit', 'gpa:0.01');
    const drift = r.json!.drift as Drift;
    expect(drift.fired).toBe(true);
    expect(drift.reasons).toContain('peak');
    // What the alarm claims, counted directly on the two matrices.
    const [A, B] = [readMatrix(L), readMatrix(J)];
    let above = 0;
    for (let i = 0; i < A.rows; i++) {
      const learned = Math.max(...A.data.subarray(i * A.cols, (i + 1) * A.cols));
      const judged = B.data.subarray(i * B.cols, (i + 1) * B.cols).reduce((s, v) => s + v, 0);
      if (judged / B.cols > learned) above++;
    }
    expect(drift.tasks_above_learned_peak).toBe(above);
    expect(drift.tasks_above_learned_peak_first[0]).toMatch(/^vm_/);
    const machines = r.json!.machines as { tasks: number[] }[];
    const first = drift.machines_above_learned_peak_first![0];
    const peak = (m: typeof A, tasks: number[]) => {
      let top = 0;
      for (let t = 0; t < m.cols; t++) {
        let s = 0;
        for (const i of tasks) s += m.data[i * m.cols + t];
        top = Math.max(top, s);
      }
      return top;
    };
    const tasks = machines[first.machine].tasks;
    expect(first.peak_rise).toBeCloseTo(peak(B, tasks) / peak(A, tasks) - 1, 3);
    expect(r.stderr).toMatch(/^pack: drift: the last 144 instants peak \d+ % above anything/);
    expect(r.stderr).toMatch(/Tasks above their learned peak: vm_/);
    expect(r.stderr).toMatch(/machines peak above their learned peak \(machine \d+ \+\d+ %/);
  });

  it('tune and advise: the Google jobs fire, with the hours when the step is told', async () => {
    const args = [...GOOGLE_JOBS, '--scale', '0.1', '--learn', '0:0.5', '--target', '0.01'];
    const tuned = await run('tune', ...args, '--mode', 'aligned', '--families', 'peak', '--json');
    const drift = tuned.json!.drift as Drift;
    expect(drift.fired).toBe(true);
    expect(drift.tasks_above_learned_peak).toBeGreaterThan(0.05 * 1600);
    expect(tuned.stderr).toMatch(/^tune: drift: /);
    const advised = await run('advise', ...args, '--scheduler', 'overcommit', '--step', '300');
    expect(advised.stderr).toMatch(/^advise: drift: the last 12 h peak \d+ % above anything/);
    expect(advised.lines.some((l) => l.startsWith('drift: the last 12 h'))).toBe(true);
  });

  it('stays quiet on the PlanetLab day, whose halves agree', async () => {
    const args = [...PLANETLAB, '--scale', '0.25', '--learn', '0:0.5', '--target', '0.01'];
    const tuned = await run('tune', ...args, '--mode', 'aligned', '--families', 'peak', '--json');
    const drift = tuned.json!.drift as Drift;
    expect(drift.fired).toBe(false);
    expect(drift.message).toBeNull();
    expect(tuned.stderr).not.toMatch(/drift/);
    const advised = await run('advise', ...args, '--scheduler', 'overcommit', '--json');
    expect((advised.json!.drift as Drift).fired).toBe(false);
    // Half a day learned: walk-forward folds on four blocks of it (learn 1..k, judge k + 1).
    const [advice] = advised.json!.schedulers as {
      folds: { learn: number[]; judge: number[] }[];
    }[];
    expect(advice.folds.map((f) => [f.learn, f.judge])).toEqual([
      [
        [0, 36],
        [36, 72],
      ],
      [
        [0, 72],
        [72, 108],
      ],
      [
        [0, 108],
        [108, 144],
      ],
    ]);
    expect(advised.stderr).not.toMatch(/drift/);
  });
});
