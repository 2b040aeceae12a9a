/** Azure V2 vm_cpu_readings (+ vmtable): azure2.ts reads it. */
import { AzureV2Loader, type AzureV2Options } from '../readers/azure2.ts';
import { azure2Factor, azure2Units } from '../units/traceUnits.ts';
import type { FormatEntry } from './entry.ts';
import { ownUnitTrace } from './entry.ts';
import type { SpecOf } from './spec.ts';
import { clampLater } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    azure2: AzureV2Options;
  }
}

export const azure2Format: FormatEntry<SpecOf<'azure2'>> = {
  id: 'azure2',
  title: 'Azure V2 vm_cpu_readings (+ vmtable)',
  example: {
    name: 'vm_cpu_readings-file-1-of-195.csv',
    lines: [
      '0,v8xIAbHTx5zBSryKIJllOR4s3PCGlYtYB4Vm/iAL+8w=,44.459092,71.889037,44.459092',
      '0,4FOa7z8XaJi19ola4sMEQGrWpzx1LsjG/3Lt3CQy4zM=,5.860568,9.102524,5.860568',
    ],
  },
  roles: ['usage', 'meta'],
  roleFromName: (base) => (base.includes('vmtable') ? 'meta' : 'usage'),
  detect: [
    {
      rank: 21,
      test: ({ json, base }) =>
        !json && /^vm_cpu_readings|^vmtable/.test(base) ? 'Azure V2 file name' : null,
    },
    {
      rank: 32,
      test: ({ json, firstLine: first }) =>
        !json &&
        first &&
        first.length === 5 &&
        /^\d+$/.test(first[0]) &&
        /^[A-Za-z0-9+/]{20,}={0,2}$/.test(first[1])
          ? 'timestamp, VM id, min, max, avg (no header)'
          : null,
    },
  ],
  specFrom: (o) => ({ format: 'azure2', ...ownUnitTrace('azure2', o) }),
  read: (spec) => {
    const l = new AzureV2Loader(spec);
    return {
      file: (name, role) => l.file(name, role as 'usage' | 'meta'),
      finish: () => ({ kind: 'samples', ...l.finish() }),
    };
  },
  units: {
    fields: (spec) => clampLater(spec, ['scale', 'coresPerMachine']),
    afterParsing: () => true,
    conversion: (spec, raw) => ({
      unit: 'cores',
      bound: Infinity,
      divisor: 1,
      scale: raw ? 1 : azure2Factor(spec),
      clamp: false,
      label: '100 %',
    }),
    text: (spec) => azure2Units(spec),
    clampedWhileParsing: true,
  },
  userUnit: false,
  timeAxis: { kind: 'timestamps' },
  carries: { cpu: true, avg: true, memory: false, requests: false, placement: false },
};
