/** The long CSV: a row per sample, with id and value columns (long.ts reads it). */
import { splitFields } from '../streams/bytes.ts';
import { DataError } from '../streams/errors.ts';
import { LongLoader, type LongOptions } from '../readers/long.ts';
import type { FormatEntry } from './entry.ts';
import { unitSpec } from './entry.ts';
import { csvHeader } from './probe.ts';
import type { SpecOf } from './spec.ts';
import { plainUnits, unlessSkipping } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    long: LongOptions;
  }
}

/** The default value column of a long CSV, when the header has an obvious one. */
export function guessValueColumn(header: readonly string[]): string | null {
  for (const pattern of [/cpu.*(pct|percent|%)/i, /^cpu/i, /^(value|usage|util)/i]) {
    const h = header.find((x) => pattern.test(x));
    if (h) return h;
  }
  return null;
}

/** Reads a header line's fields (for building a long-CSV spec from the first bytes). */
export function headerFields(head: Uint8Array): string[] {
  let end = head.indexOf(10);
  if (end < 0) end = head.length;
  if (end > 0 && head[end - 1] === 13) end--;
  return splitFields(head, 0, end);
}

export const longFormat: FormatEntry<SpecOf<'long'>> = {
  id: 'long',
  title: 'long CSV: one row per sample, id and value columns',
  example: {
    name: 'samples.csv',
    lines: ['vm_id,timestamp_s,cpu_pct', 'vm1,1372629804,12.5', 'vm1,1372630104,13.0'],
  },
  roles: ['inst'],
  detect: [
    {
      rank: 56,
      test: (probe) => {
        const h = csvHeader(probe);
        const idCol = h ? h.findIndex((x) => /(^|_)id$/i.test(x)) : -1;
        const [, a, b] = probe.rows;
        return h && idCol >= 0 && a !== undefined && b !== undefined && a[idCol] === b[idCol]
          ? `id column "${h[idCol]}" repeats`
          : null;
      },
    },
  ],
  specFrom: (o, { name, head }) => {
    const header = headerFields(head);
    const idColumn = o.idColumn ?? header.find((h) => /(^|_)id$/i.test(h));
    const valueColumn = o.valueColumn ?? guessValueColumn(header);
    if (idColumn === undefined || valueColumn === null)
      throw new DataError(
        name,
        1,
        `long CSV: choose the ${idColumn === undefined ? 'id' : 'value'} column (the header has: ${header.join(', ')})`,
      );
    return {
      format: 'long',
      ...unitSpec(o, 'percent'),
      idColumn,
      valueColumn,
      ...(o.avgColumn !== undefined ? { avgColumn: o.avgColumn } : {}),
      ...(o.scaleColumn !== undefined ? { scaleColumn: o.scaleColumn } : {}),
      ...(o.timeColumn !== undefined ? { timeColumn: o.timeColumn } : {}),
      ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
    };
  },
  read: (spec) => {
    const l = new LongLoader(spec);
    return { file: (name) => l.file(name), finish: () => ({ kind: 'samples', ...l.finish() }) };
  },
  units: plainUnits<SpecOf<'long'>>(() => 'percent', unlessSkipping),
  userUnit: true,
  timeAxis: { kind: 'column' },
  carries: { cpu: true, avg: true, memory: false, requests: false, placement: false },
};
