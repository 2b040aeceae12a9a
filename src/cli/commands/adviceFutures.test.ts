import { describe, expect, it } from 'vitest';
import { judgeMachines, packAligned } from '../../engine/index.ts';
import { parseOptions } from '../args.ts';
import { PACK, TARGET } from './adviceGap.ts';
import { INFORMED_RHOS, adviceFutures, joinColumns, weekFutures } from './adviceFutures.ts';
import { weekParts } from './adviceReport.ts';

const WEEK3 = { seed: 3 };
const TASKS = 60;
const K = 3;

describe('advice-futures: days 6–7 drawn again for the same days 1–5', () => {
  const w = weekFutures(WEEK3, TASKS, K);

  it('judges the oracle and the informed rule on redrawn days neither packed on', () => {
    const own = weekParts(WEEK3, TASKS);
    const unseen = [4, 5, 6].map((s) => weekParts(WEEK3, TASKS, s).judge);
    // The same past: a redrawn week's days 1–5 are the week's own.
    expect(Array.from(weekParts(WEEK3, TASKS, 4).learn.data)).toEqual(Array.from(own.learn.data));
    const oracle = packAligned(own.judge, { kind: 'emp', rho: TARGET }, PACK);
    const holds = (ms: Int32Array[]) =>
      unseen.filter((f) => judgeMachines(ms, f, 1, TARGET).worst <= TARGET).length;
    expect(w.oracle).toBe(oracle.length);
    expect(w.oracleHeld).toBe(holds(oracle));
    expect(w.oracleOnPast).toBe(judgeMachines(oracle, own.learn, 1, TARGET).worst);
    const redrawnOracles = unseen.map(
      (f) => packAligned(f, { kind: 'emp', rho: TARGET }, PACK).length,
    );
    expect(w.redrawnOracles).toEqual(redrawnOracles.sort((a, b) => a - b));
    const seen = joinColumns([1, 2, 3].map((s) => weekParts(WEEK3, TASKS, s).judge));
    expect(seen.cols).toBe(3 * own.judge.cols);
    for (const row of w.informed) {
      const ms = packAligned(seen, { kind: 'emp', rho: row.rho }, PACK);
      expect(row.machines).toBe(ms.length);
      expect(row.held).toBe(holds(ms));
      expect(row.worst).toBe(judgeMachines(ms, own.judge, 1, TARGET).worst);
    }
    expect(w.informed.map((r) => r.rho)).toEqual([...INFORMED_RHOS]);
  });

  it('joins columns task by task, in order', () => {
    const a = weekParts(WEEK3, 4);
    const j = joinColumns([a.learn, a.judge]);
    for (let i = 0; i < 4; i++) {
      const row = j.data.subarray(i * j.cols, (i + 1) * j.cols);
      expect(Array.from(row.subarray(0, a.learn.cols))).toEqual(
        Array.from(a.learn.data.subarray(i * a.learn.cols, (i + 1) * a.learn.cols)),
      );
      expect(row[a.learn.cols]).toBe(a.judge.data[i * a.judge.cols]);
    }
  });

  it('writes both tables for the weeks asked, and refuses a bad count naming the flag', () => {
    const lines: string[] = [];
    const argv = ['--history', 'week-3', '--futures', '2', '--week-tasks', '40'];
    void adviceFutures.run(parseOptions(argv, adviceFutures.options), (l) => lines.push(l));
    const text = lines.join('\n');
    expect(text).toContain('| Correlated week, seed 3 |');
    expect(text).not.toContain('seed 1');
    expect(text.match(/\| ρ = /g)?.length).toBe(INFORMED_RHOS.length);
    expect(text).toContain('of 2 |');
    expect(() => parseOptions(['--futures', '0'], adviceFutures.options)).toThrow(/--futures 0/);
  });
});
