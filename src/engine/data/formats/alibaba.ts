/** Alibaba v2018 container_usage (+ container_meta, machine_meta): alibaba.ts reads it. */
import { AlibabaLoader, type AlibabaRole, type AlibabaOptions } from '../readers/alibaba.ts';
import { alibabaFilled, alibabaNotes, refuseAboveMachine } from '../units/rawExtras.ts';
import { alibabaUnits } from '../units/traceUnits.ts';
import { conversion } from '../units/units.ts';
import type { FormatEntry } from './entry.ts';
import { ownUnitTrace } from './entry.ts';
import type { SpecOf } from './spec.ts';

declare module './spec.ts' {
  interface FormatOptions {
    alibaba: AlibabaOptions;
  }
}

export const alibabaFormat: FormatEntry<SpecOf<'alibaba'>> = {
  id: 'alibaba',
  title: 'Alibaba v2018 container_usage (+ container_meta, machine_meta)',
  example: {
    name: 'container_usage.csv',
    lines: ['c_82,m_82,1967800,2.75,40,,,,,,', 'c_27,m_27,804,34.033333,40,,,,,,'],
  },
  roles: ['usage', 'meta', 'machines'],
  roleFromName: (base) =>
    base.includes('machine_meta') ? 'machines' : base.includes('meta') ? 'meta' : 'usage',
  detect: [
    {
      rank: 20,
      test: ({ json, base }) =>
        !json && /^container_(usage|meta)|^machine_meta/.test(base)
          ? 'Alibaba v2018 file name'
          : null,
    },
    {
      rank: 33,
      test: ({ json, firstLine: first }) =>
        !json && first && first.length >= 4 && /^c_\d+$/.test(first[0]) && /^m_\d+$/.test(first[1])
          ? 'container and machine ids c_…, m_… (no header)'
          : null,
    },
  ],
  specFrom: (o) => ({ format: 'alibaba', ...ownUnitTrace('alibaba', o) }),
  read: (spec) => {
    const l = new AlibabaLoader(spec);
    return {
      file: (name, role) => l.file(name, role as AlibabaRole),
      finish: () => ({ kind: 'samples', ...l.finish() }),
    };
  },
  // Its raw load keeps each container's cores used and machine_meta's most common cpu_num.
  units: {
    fields: () => ['scale', 'clamp', 'coresPerMachine'],
    afterParsing: () => true,
    conversion: (spec, raw) =>
      conversion({
        unit: 'cores',
        capacity: spec.coresPerMachine,
        scale: raw ? 1 : (spec.scale ?? 1),
        clamp: spec.clamp,
        raw,
      }),
    text: (spec) => alibabaUnits(Number(spec.coresPerMachine), spec.scale),
    filled: alibabaFilled,
    refuse: refuseAboveMachine,
    notes: alibabaNotes,
  },
  userUnit: false,
  timeAxis: { kind: 'timestamps' },
  carries: { cpu: true, avg: false, memory: false, requests: false, placement: false },
};
