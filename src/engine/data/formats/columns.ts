/** The column-per-task CSV: a row per time step, a column per task (columns.ts reads it). */
import { ColumnsLoader, looksLikeTime, type ColumnsOptions } from '../readers/columns.ts';
import type { FormatEntry } from './entry.ts';
import { unitSpec } from './entry.ts';
import { averagedRole } from './npy.ts';
import { csvHeader } from './probe.ts';
import type { SpecOf } from './spec.ts';
import { plainUnits, unlessSkipping } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    columns: ColumnsOptions;
  }
}

export const columnsFormat: FormatEntry<SpecOf<'columns'>> = {
  id: 'columns',
  title: 'column-per-task CSV: one row per time step',
  example: {
    name: 'usage.csv',
    lines: ['time,vm1,vm2', '0,12.5,40.1'],
  },
  roles: ['inst', 'avg'],
  roleFromName: averagedRole,
  detect: [
    {
      rank: 54,
      test: (probe) => {
        const h = csvHeader(probe);
        return h && h.length > 2 && looksLikeTime(h[0])
          ? `first column "${h[0]}" is a time index`
          : null;
      },
    },
  ],
  specFrom: (o) => ({
    format: 'columns',
    ...unitSpec(o, 'percent'),
    ...(o.timeColumns !== undefined ? { timeColumns: o.timeColumns } : {}),
    ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
  }),
  read: (spec) => {
    const c = new ColumnsLoader(spec);
    return {
      file: (name, role) => c.file(name, role as 'inst' | 'avg'),
      finish: () => ({ kind: 'samples', ...c.finish() }),
    };
  },
  units: plainUnits<SpecOf<'columns'>>(() => 'percent', unlessSkipping),
  userUnit: true,
  timeAxis: { kind: 'steps' },
  carries: { cpu: true, avg: true, memory: false, requests: false, placement: false },
};
