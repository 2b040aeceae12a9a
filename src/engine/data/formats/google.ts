/** Google 2011 task_usage (+ task_events): the paper's trace (google.ts reads it). */
import {
  EVENTS_COLUMNS,
  GoogleLoader,
  USAGE_COLUMNS,
  type GoogleOptions,
} from '../readers/google.ts';
import { conversion, describeUnit } from '../units/units.ts';
import type { FormatEntry } from './entry.ts';
import { csvHeader, numericField } from './probe.ts';
import type { SpecOf } from './spec.ts';
import { clampLater } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    google: GoogleOptions;
  }
}

export const googleFormat: FormatEntry<SpecOf<'google'>> = {
  id: 'google',
  title: 'Google 2011 task_usage (+ task_events)',
  example: {
    name: 'part-00000-of-00500.csv',
    lines: [
      '600000000,900000000,3418309,0,4155527081,0.001562,0.06787,0.07568,0.001156,0.001503,0.06787,2.861e-06,0.0001869,0.03967,0.0003567,2.445,0.007243,0,1,0',
      '600000000,900000000,3418309,1,329150663,0.001568,0.06787,0.07556,0.0003195,0.0007,0.06787,5.722e-06,0.0001879,0.03302,0.0009289,2.1,0.005791,0,1,0',
    ],
  },
  roles: ['usage', 'events'],
  roleFromName: (base) =>
    base.includes('task_events') || base.includes('events') ? 'events' : 'usage',
  detect: [
    {
      rank: 42,
      test: ({ base }) =>
        /task_usage|task_events/.test(base) || /^part-\d{5}-of-\d{5}\.csv$/.test(base)
          ? 'Google trace shard name'
          : null,
    },
    {
      rank: 50,
      test: ({ rows: [first] }) =>
        first?.every(numericField) &&
        (first.length === USAGE_COLUMNS || first.length === EVENTS_COLUMNS)
          ? `${first.length} numeric columns, no header`
          : null,
    },
    {
      rank: 51,
      test: (probe) => {
        const h = csvHeader(probe);
        return h?.[0] === 'start_time' && h.length === USAGE_COLUMNS ? 'task_usage header' : null;
      },
    },
    {
      rank: 52,
      test: (probe) => {
        const h = csvHeader(probe);
        return h?.[0] === 'timestamp' && h[1] === 'missing_info' ? 'task_events header' : null;
      },
    },
  ],
  specFrom: (o) => {
    if (o.unit !== undefined && o.unit !== 'fraction')
      throw new RangeError(`invalid unit for Google data: ${o.unit} (its values are fractions)`);
    return {
      format: 'google',
      ...(o.scale !== undefined ? { scale: o.scale } : {}),
      ...(o.clamp !== undefined ? { clamp: o.clamp } : {}),
      ...(o.skipBadLines !== undefined ? { skipBadLines: o.skipBadLines } : {}),
      ...(o.filters ? { filters: o.filters } : {}),
      ...(o.sample ? { sample: o.sample } : {}),
      ...(o.duplicates !== undefined ? { duplicates: o.duplicates } : {}),
    };
  },
  read: (spec) => {
    const g = new GoogleLoader(spec);
    return {
      file: (name, role) => (role === 'events' ? g.eventsFile(name) : g.usageFile(name)),
      finish: () => ({ kind: 'samples', ...g.finish() }),
    };
  },
  units: {
    fields: (spec) => clampLater(spec, ['scale']),
    afterParsing: () => true,
    // Its values are fractions of its largest machine, clamped (or refused) while parsing.
    conversion: (spec, raw) => ({
      ...conversion({ unit: 'fraction', scale: raw ? 1 : (spec.scale ?? 1) }),
      bound: Infinity,
    }),
    text: (_spec, c) => describeUnit(c),
    clampedWhileParsing: true,
    // No unit to choose: another one stays in the spec, to be read (and refused) again.
    withUnitsOf: (spec, next, plain) =>
      next.unit !== undefined && next.unit !== 'fraction'
        ? ({ ...plain(spec, {}), unit: next.unit } as unknown as SpecOf<'google'>)
        : plain(spec, next),
  },
  userUnit: false,
  fractionsOfMachine: true,
  timeAxis: { kind: 'timestamps' },
  carries: { cpu: true, avg: true, memory: false, requests: true, placement: false },
};
