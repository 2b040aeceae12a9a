/** Bitbrains GWA-T-12 per-VM files (1.csv, 2.csv, …): bitbrains.ts reads them. */
import { BitbrainsLoader } from '../readers/bitbrains.ts';
import { bitbrainsSource } from '../units/rawExtras.ts';
import {
  BITBRAINS_HEADER,
  bitbrainsConversion,
  bitbrainsUnits,
  type BitbrainsOptions,
} from '../units/traceUnits.ts';
import type { FormatEntry } from './entry.ts';
import { traceCommon } from './entry.ts';
import type { SpecOf } from './spec.ts';
import { unlessSkipping, type UnitFields } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    bitbrains: BitbrainsOptions;
  }
}

/**
 * Its unit fields. Its unit picks the column read (cores or MHz): a raw load keeps the other column
 * as well (`RawExtras.otherUnit`), so the unit converts after parsing too.
 */
const BITBRAINS_UNIT_OPTIONS = ['unit', 'scale', 'coresPerMachine', 'capacity', 'clamp'] as const;

/**
 * Bitbrains with the loose unit fields of a request (`capacity` stands for the cores when the unit
 * is cores, as a cores unit is read); its unit is taken along, for `sameParsing` to see.
 */
function withUnitsOf(spec: BitbrainsOptions, next: UnitFields): SpecOf<'bitbrains'> {
  const out: Record<string, unknown> = { ...spec, format: 'bitbrains' };
  for (const k of BITBRAINS_UNIT_OPTIONS) delete out[k];
  const o = next as UnitFields & { coresPerMachine?: number };
  const unit = o.unit ?? spec.unit;
  const fields = {
    unit,
    scale: o.scale,
    clamp: o.clamp,
    ...((unit ?? 'cores') === 'cores'
      ? { coresPerMachine: o.capacity ?? o.coresPerMachine }
      : { capacity: o.capacity }),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out as unknown as SpecOf<'bitbrains'>;
}

export const bitbrainsFormat: FormatEntry<SpecOf<'bitbrains'>> = {
  id: 'bitbrains',
  title: 'Bitbrains GWA-T-12 per-VM files (1.csv, 2.csv, …)',
  example: {
    name: '1.csv',
    lines: [
      'Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\tCPU usage [MHZ];\tCPU usage [%];\tMemory capacity provisioned [KB];\tMemory usage [KB];\tDisk read throughput [KB/s];\tDisk write throughput [KB/s];\tNetwork received throughput [KB/s];\tNetwork transmitted throughput [KB/s]',
      '1372629804;\t2;\t5851.9989;\t87.7799835;\t1.5;\t8218624.0;\t1034592.8;\t0.0;\t0.0;\t0.0;\t0.0',
    ],
  },
  roles: ['inst'],
  detect: [
    {
      rank: 30,
      test: ({ json, firstLine, start }) =>
        !json && firstLine && start.startsWith(BITBRAINS_HEADER) ? 'Bitbrains header' : null,
    },
  ],
  specFrom: (o) => {
    if (o.unit !== undefined && o.unit !== 'cores' && o.unit !== 'absolute')
      throw new RangeError(`invalid unit for Bitbrains data: ${o.unit} (cores or absolute)`);
    return {
      format: 'bitbrains',
      ...traceCommon(o),
      ...(o.unit ? { unit: o.unit } : {}),
      ...(o.capacity !== undefined ? { capacity: o.capacity } : {}),
    };
  },
  read: (spec) => {
    const l = new BitbrainsLoader(spec);
    return { file: (name) => l.file(name), finish: () => ({ kind: 'samples', ...l.finish() }) };
  },
  units: {
    fields: () => BITBRAINS_UNIT_OPTIONS,
    afterParsing: unlessSkipping,
    conversion: (spec, raw) => {
      const c = bitbrainsConversion(spec);
      return raw ? { ...c, bound: c.clamp ? Infinity : c.bound, scale: 1 } : c;
    },
    text: (spec) => bitbrainsUnits(spec),
    withUnitsOf: (spec, next) => withUnitsOf(spec, next as UnitFields),
    source: bitbrainsSource,
  },
  userUnit: false,
  timeAxis: { kind: 'timestamps' },
  carries: { cpu: true, avg: false, memory: false, requests: false, placement: false },
};
