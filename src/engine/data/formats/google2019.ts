/** Google 2019 instance_usage, as BigQuery CSV or JSON lines: google2019.ts reads it. */
import {
  Google2019Loader,
  isGoogle2019Header,
  type Google2019Options,
} from '../readers/google2019.ts';
import { google2019Units } from '../units/traceUnits.ts';
import { conversion } from '../units/units.ts';
import type { FormatEntry } from './entry.ts';
import { ownUnitTrace } from './entry.ts';
import type { SpecOf } from './spec.ts';
import { clampLater } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    google2019: Google2019Options;
  }
}

export const google2019Format: FormatEntry<SpecOf<'google2019'>> = {
  id: 'google2019',
  title: 'Google 2019 instance_usage (BigQuery CSV or JSON lines)',
  example: {
    name: 'instance_usage.csv',
    lines: [
      'start_time,end_time,collection_id,instance_index,machine_id,alloc_collection_id,alloc_instance_index,collection_type,average_usage_cpus,average_usage_memory,maximum_usage_cpus,maximum_usage_memory,random_sample_usage_cpus,random_sample_usage_memory,assigned_memory,page_cache_memory,cycles_per_instruction,memory_accesses_per_instruction,sample_rate,cpu_usage_distribution,tail_cpu_usage_distribution',
      '600000000,900000000,3418309,0,4155527081,0,-1,0,0.001562,0.06787,0.03967,0.06787,0,,0.07568,0.001503,2.445,0.007243,1,"[0.001,0.002]","[]"',
    ],
  },
  roles: ['usage'],
  detect: [
    {
      rank: 11,
      test: ({ json, start }) =>
        json && /"collection_id"/.test(start) && /"instance_index"/.test(start)
          ? 'JSON lines with collection_id and instance_index'
          : null,
    },
    {
      rank: 31,
      test: ({ json, firstLine }) =>
        !json && firstLine && isGoogle2019Header(firstLine)
          ? 'instance_usage columns in the header'
          : null,
    },
  ],
  specFrom: (o) => ({ format: 'google2019', ...ownUnitTrace('google2019', o) }),
  read: (spec) => {
    const l = new Google2019Loader(spec);
    return { file: (name) => l.file(name), finish: () => ({ kind: 'samples', ...l.finish() }) };
  },
  units: {
    fields: (spec) => clampLater(spec, ['scale']),
    afterParsing: () => true,
    // Fractions of the largest machine, clamped (or refused) while parsing.
    conversion: (spec, raw) => ({
      ...conversion({ unit: 'fraction', scale: raw ? 1 : (spec.scale ?? 1) }),
      bound: Infinity,
    }),
    text: (spec) => google2019Units(spec.scale),
    clampedWhileParsing: true,
  },
  userUnit: false,
  timeAxis: { kind: 'timestamps' },
  carries: { cpu: true, avg: true, memory: false, requests: false, placement: false },
};
