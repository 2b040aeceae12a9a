import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withinCapacity } from '../capacity.ts';
import {
  DEFAULT_PARAMS,
  SS_CLASSES,
  parseTaskList,
  simulateTimeline,
  tasksFromRows,
  type TimelineParams,
} from './index.ts';

const SS: TimelineParams = { ...DEFAULT_PARAMS, policy: 'ss', order: 'list', window: 0 };

/** Σ_{1≤g≤B} N(g)² of machine loads, evaluated from scratch. */
function sumOfSquares(loads: readonly number[], c: number): number {
  const n = new Array<number>(SS_CLASSES + 1).fill(0);
  for (const l of loads)
    n[Math.max(0, Math.min(SS_CLASSES, Math.floor((SS_CLASSES * (c - l)) / c)))]++;
  let s = 0;
  for (let g = 1; g <= SS_CLASSES; g++) s += n[g] * n[g];
  return s;
}

describe('SS: Σ_{1≤g≤B} N(g)² as the semi-online paper states it', () => {
  it('puts x3 on machine 1 (gap 0.05), where the authors’ score ties and machine order picks 0', () => {
    const file = resolve(import.meta.dirname, 'fixtures/ss.csv');
    const tasks = parseTaskList(readFileSync(file, 'utf8'), file);
    const paper = simulateTimeline(tasks, SS);
    expect(Array.from(paper.machineOf)).toEqual([0, 1, 1]);
    const authors = simulateTimeline(tasks, { ...SS, sumOfSquares: 'authors' });
    expect(Array.from(authors.machineOf)).toEqual([0, 1, 0]);
  });

  it('each task goes where Σ N(g)² evaluated directly is least (first machine on ties)', () => {
    const c = 1;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 4 }),
        (hundredths, denominatorPick) => {
          // Sizes on grids of 1/100, 1/7, 1/12, 1/30: gaps land on class edges and on round-off.
          const denominator = [100, 7, 12, 30][denominatorPick - 1];
          const sizes = hundredths.map((k) => Math.max(1, k % denominator) / denominator);
          // Every task ends at the same instant: equal l_m, so machines stay in opening order.
          const end = 10_000;
          const tasks = tasksFromRows(
            sizes.map((size, i) => ({ id: `t${i}`, arrival: i, duration: end - i, size })),
            'random',
          );
          const r = simulateTimeline(tasks, SS);
          const loads: number[] = [];
          sizes.forEach((q, i) => {
            let best = -1;
            let bestSum = Infinity;
            for (let j = 0; j < loads.length; j++) {
              if (!withinCapacity(loads[j] + q, c)) continue;
              const after = loads.slice();
              after[j] += q;
              const s = sumOfSquares(after, c);
              if (s < bestSum) {
                best = j;
                bestSum = s;
              }
            }
            if (best < 0) {
              best = loads.length;
              loads.push(0);
            }
            expect(r.machineOf[i]).toBe(best);
            loads[best] += q;
          });
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });
});
