import { describe, expect, it } from 'vitest';
import { identityRows, runPacking, WorkloadStats, type PackTrace } from '../../engine/index.ts';
import { matrixOfRows } from '../../engine/testing.ts';
import { taskDecisions } from './decisions.ts';

/** Five tasks, each a constant demand: with capacity 1 and c = 1, what fits is plain arithmetic. */
function traced(packer: 'ff' | 'bf') {
  const demands = [0.5, 0.45, 0.4, 0.5, 0.05];
  const rows = demands.map((d) => Array(40).fill(d) as number[]);
  const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
  const trace: PackTrace = [];
  runPacking(
    stats,
    identityRows(rows.length),
    {
      packer,
      fit: { kind: 'av', f: 1 },
      capacity: 1,
      clairvoyance: 1,
      source: 'inst',
      rebalance: 0,
    },
    trace,
  );
  return { trace, tasks: rows.length };
}

describe('why this machine', () => {
  it('names each task’s deciding step and the rule that chose its machine', () => {
    const { trace, tasks } = traced('bf');
    const d = taskDecisions(trace, tasks, 'bf');
    expect(d.map((x) => x.step)).toEqual([1, 2, 3, 4, 5]);
    expect(d[0].text).toMatch(/^step 1: fitted none of the 0 open machines; M1 opened/);
    // 0.45 fits with 0.5 (slack 0.05): Best Fit takes M1.
    expect(d[1].text).toMatch(/^step 2: fitted 1 of 1 open; Best Fit: smallest slack, M1/);
    // 0.05 fits M1 (slack 0.05 − 0.05 = 0) and M2 (0.4 + 0.5 = 0.9): the tightest is M1.
    expect(d[4].text).toMatch(/^step 5: fitted 2 of 2 open; Best Fit: smallest slack, M1 \(slack /);
    const ff = taskDecisions(traced('ff').trace, tasks, 'ff');
    expect(ff[4].text).toMatch(/First Fit: lowest, M1/);
  });
});
