/** The compact per-task format: a .json sidecar and its .npy samples (compact.ts decodes it). */
import { latin1 } from '../streams/bytes.ts';
import { decodeCompact } from '../readers/compact.ts';
import { DataError } from '../streams/errors.ts';
import { NpyReader } from '../readers/npy.ts';
import type { FormatEntry } from './entry.ts';
import type { FormatReader, SpecOf } from './spec.ts';
import { plainUnits } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    /** No options: the sidecar says everything. */
    compact: Record<never, never>;
  }
}

export const compactFormat: FormatEntry<SpecOf<'compact'>> = {
  id: 'compact',
  title: 'compact per-task format (.json sidecar + .npy)',
  roles: ['sidecar', 'samples'],
  roleFromName: (base) => (base.endsWith('.json') ? 'sidecar' : 'samples'),
  detect: [{ rank: 41, test: ({ base }) => (base.endsWith('.json') ? '.json sidecar' : null) }],
  specFrom: () => ({ format: 'compact' }),
  read: () => compactReader(),
  // In machine units already, and its loader takes no unit field.
  units: {
    ...plainUnits<SpecOf<'compact'>>(
      () => 'percent',
      () => true,
    ),
    asStored: true,
  },
  userUnit: false,
  wholeHeads: true,
  timeAxis: { kind: 'steps' },
  carries: { cpu: true, avg: false, memory: false, requests: false, placement: false },
  arrayFile: { role: 'samples', taskCountRole: 'sidecar' },
};

function compactReader(): FormatReader {
  const sidecars: { name: string; chunks: Uint8Array[]; bytes: number }[] = [];
  const samples: NpyReader[] = [];
  return {
    file(name, role) {
      if (role === 'samples') {
        const r = new NpyReader(name);
        samples.push(r);
        return r;
      }
      const entry = { name, chunks: [] as Uint8Array[], bytes: 0 };
      sidecars.push(entry);
      return {
        push(chunk) {
          entry.bytes += chunk.length;
          if (entry.bytes > 1 << 30) throw new DataError(name, null, 'sidecar larger than 1 GiB');
          entry.chunks.push(chunk.slice());
        },
        end() {},
      };
    },
    finish() {
      if (sidecars.length !== 1 || samples.length !== 1)
        throw new DataError(
          [...sidecars.map((s) => s.name), ...samples.map((s) => s.file)].join(', ') || 'compact',
          null,
          'the compact format needs exactly one .json sidecar and its .npy samples file',
        );
      const side = sidecars[0];
      const bytes = new Uint8Array(side.bytes);
      let at = 0;
      for (const c of side.chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      if (side.bytes === 0) throw new DataError(side.name, null, 'empty file');
      const text = latin1(bytes, 0, bytes.length);
      const { samples: s, sidecar } = decodeCompact(text, samples[0].result(), side.name);
      return {
        kind: 'samples',
        samples: s,
        report: {
          format: 'compact',
          files: [
            { name: side.name, role: 'sidecar', bytes: side.bytes, lines: 0 },
            { name: samples[0].file, role: 'samples', bytes: samples[0].bytes, lines: 0 },
          ],
          records: sidecar.counts.records,
          tasksRead: sidecar.counts.tasksRead,
          tasksKept: sidecar.tasks,
          samplesKept: sidecar.totalSamples,
          filters: sidecar.counts.filters,
          skippedLines: sidecar.counts.skippedLines,
          skippedExamples: [],
          units: `machine units (source: ${sidecar.conversion})`,
          notes: [
            `reduced from ${sidecar.source.format}: ${sidecar.source.files.join(', ')} by ${sidecar.source.tool}`,
          ],
        },
      };
    },
  };
}
