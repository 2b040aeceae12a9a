import { describe, expect, it } from 'vitest';
import type { Table1Row } from '../../engine/index.ts';
import { table1Summary } from './table1Text.ts';

const rows = (rates: number[]): Table1Row[] =>
  rates.map((rejectionRate, i) => ({
    n: 2 ** (i + 1),
    sums: 100,
    rejectionRate,
    meanTotal: i,
    medianA2: 1,
  }));

describe('table1Summary', () => {
  it('says the rate falls only when it does', () => {
    expect(table1Summary(rows([0.9, 0.6, 0.3]), 0, false)).toMatch(/falls from 0\.9.* to 0\.3/);
    expect(table1Summary(rows([1, 1, 0.99]), 0, false)).toMatch(/stays near 1/);
    expect(table1Summary(rows([1, 1, 0.99]), 0, false)).not.toMatch(/falls/);
    expect(table1Summary(rows([0.5, 0.6, 0.45]), 0, false)).toMatch(/without a clear fall/);
  });

  it('explains the red paper columns, and a “no” only when a row misses', () => {
    expect(table1Summary(rows([1, 1]), 0, false)).not.toMatch(/Red/);
    expect(table1Summary(rows([1, 1]), 0, true)).toMatch(/Red columns/);
    expect(table1Summary(rows([1, 1]), 0, true)).not.toMatch(/“no”/);
    expect(table1Summary(rows([1, 1]), 2, true)).toMatch(/“no” marks/);
  });
});
