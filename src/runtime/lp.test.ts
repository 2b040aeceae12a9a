import { describe, expect, it } from 'vitest';
import { lpTerms } from '../engine/lp/solver.ts';
import { loadLpSolver } from './lp.ts';

describe('HiGHS behind LpSolver', () => {
  it('solves a small MIP to its known optimum', async () => {
    const solver = await loadLpSolver();
    const model = [
      'Maximize',
      ` obj: ${lpTerms([
        [1, 'x'],
        [2, 'y'],
      ])}`,
      'Subject To',
      ' c1: x + y <= 4.5',
      'Bounds',
      ' 0 <= x <= 3',
      ' 0 <= y <= 2',
      'General',
      ' y',
      'End',
    ].join('\n');
    const solution = solver.solve(model);
    expect(solution.status).toBe('optimal');
    expect(solution.objective).toBeCloseTo(6.5, 9);
    expect(solution.values.get('y')).toBe(2);
  });

  it('reports an infeasible model as such', async () => {
    const solver = await loadLpSolver();
    const solution = solver.solve(
      'Minimize\n obj: x\nSubject To\n c1: x >= 2\nBounds\n 0 <= x <= 1\nEnd',
    );
    expect(solution.status).toBe('infeasible');
  });
});
