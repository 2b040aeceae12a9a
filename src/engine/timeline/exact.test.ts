import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLpSolver } from '../../runtime/lp.ts';
import { DEFAULT_PARAMS, exactWindowGaps, parseTaskList, syntheticWeek } from './index.ts';

const fig1 = parseTaskList(
  readFileSync(new URL('./fixtures/fig1.csv', import.meta.url), 'utf8'),
  'fig1.csv',
);

describe('exact per-window ODBP (semionline-notes §1.5)', () => {
  it('Fig. 1 in one window: the offline optimum, 160 machine-minutes, which FMF also finds', async () => {
    const solver = await loadLpSolver();
    const g = exactWindowGaps(fig1, { ...DEFAULT_PARAMS, policy: 'fmf', window: 10 }, solver);
    expect(g.windows).toBe(1);
    // d_a is counted from the placement time: each machine's e_m includes the 10 s lead.
    expect(Math.round((g.exactObjective - 3 * 10) / 60)).toBe(160);
    expect(g.gaps[0]).toBeCloseTo(0, 6);
  });

  it('FF in one window of Fig. 1 is 90 min worse than the optimum', async () => {
    const solver = await loadLpSolver();
    const g = exactWindowGaps(
      fig1,
      { ...DEFAULT_PARAMS, policy: 'ff', order: 'list', window: 10 },
      solver,
    );
    expect(Math.round(g.gaps[0] / 60)).toBe(90);
  });

  it('no policy beats the exact solver on any small window of a synthetic day', async () => {
    const solver = await loadLpSolver();
    const tasks = syntheticWeek({ seed: 4, tasks: 600, days: 0.2 });
    for (const policy of ['ff', 'fmf', 'bfd'] as const) {
      const g = exactWindowGaps(tasks, { ...DEFAULT_PARAMS, policy, window: 2 }, solver, {
        maxTasks: 6,
        maxWindows: 15,
      });
      expect(g.windows).toBeGreaterThan(5);
      for (const gap of g.gaps) expect(gap).toBeGreaterThanOrEqual(-1e-6);
      expect(g.policyObjective).toBeGreaterThanOrEqual(g.exactObjective - 1e-6);
    }
  }, 60_000);
});
