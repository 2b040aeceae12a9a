/** The wide CSV: one row per task, a column per sample (wide.ts reads it). */
import { WideLoader, type WideOptions } from '../readers/wide.ts';
import type { FormatEntry } from './entry.ts';
import { unitSpec } from './entry.ts';
import { csvHeader } from './probe.ts';
import type { SpecOf } from './spec.ts';
import { plainUnits, unlessSkipping } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    wide: WideOptions;
  }
}

/** Headers numbering samples: one prefix (maybe none), then 0, 1, 2, … or 1, 2, 3, … in order. */
function isSampleIndex(names: readonly string[]): boolean {
  const parts = names.map((n) => /^([A-Za-z]*)_?(\d+)$/.exec(n.trim()));
  if (parts.some((p) => p === null)) return false;
  const start = Number(parts[0]![2]);
  return parts.every((p, k) => p![1] === parts[0]![1] && Number(p![2]) === start + k);
}

export const wideFormat: FormatEntry<SpecOf<'wide'>> = {
  id: 'wide',
  title: 'wide CSV: one row per task',
  example: {
    name: 'tasks.csv',
    lines: ['id,s0,s1,s2', 'vm1,12.5,13.0,11.8'],
  },
  roles: ['inst'],
  detect: [
    {
      rank: 53,
      test: (probe) =>
        csvHeader(probe)?.some((h) => /^t\d+$/.test(h)) ? 'sample columns named t0, t1, …' : null,
    },
    {
      rank: 55,
      test: (probe) => {
        const h = csvHeader(probe);
        // The first two data rows naming the same task: a row per sample, not per task.
        const [, a, b] = probe.rows;
        const repeats = a !== undefined && b !== undefined && a[0] === b[0];
        return h && h.length > 2 && isSampleIndex(h.slice(1)) && !repeats
          ? `a task per row ("${h[0]}"), then sample columns ${h[1]}, ${h[2]}, …`
          : null;
      },
    },
    {
      rank: 57,
      test: (probe) => {
        const h = csvHeader(probe);
        const idCol = h ? h.findIndex((x) => /(^|_)id$/i.test(x)) : -1;
        return h && idCol >= 0 && h.length > 2 ? `id column "${h[idCol]}" then values` : null;
      },
    },
  ],
  specFrom: (o) => ({
    format: 'wide',
    ...unitSpec(o, 'percent'),
    ...(o.maxTasks !== undefined ? { maxTasks: o.maxTasks } : {}),
    ...(o.firstSampleColumn !== undefined ? { firstSampleColumn: o.firstSampleColumn } : {}),
  }),
  read: (spec, storage) => {
    const w = new WideLoader({ ...spec, storage });
    return { file: (name) => w.file(name), finish: () => ({ kind: 'samples', ...w.finish() }) };
  },
  codesWhileReading: true,
  units: plainUnits<SpecOf<'wide'>>(
    (spec) => (spec.percent === false ? 'fraction' : 'percent'),
    unlessSkipping,
  ),
  userUnit: true,
  timeAxis: { kind: 'steps' },
  carries: { cpu: true, avg: false, memory: false, requests: false, placement: false },
  limitsTasks: true,
  taskRows: (spec) => new WideLoader({ ...spec, storage: 'compact' }),
};
