/**
 * A throwaway format, whole in this one file, to show what adding a format takes (its test
 * registers it with one line): a `.hello` file opens with the line `hello`, then one task per line,
 * its id and its CPU samples as fractions of a machine, separated by spaces:
 *
 *     hello
 *     web 0.25 0.5 0.125
 *     db 0.75 0.5 1
 */
import { latin1 } from '../streams/bytes.ts';
import { DataError } from '../streams/errors.ts';
import { parseDecimal } from '../streams/decimal.ts';
import type { FormatEntry } from '../formats/entry.ts';
import { plainUnits } from '../formats/unitRules.ts';

interface HelloSpec {
  readonly format: 'hello';
  readonly scale?: number;
}

/** The tasks of a `.hello` text: ids and samples, each number read by the project's decimal parser. */
function parseHello(name: string, bytes: Uint8Array) {
  const lines = latin1(bytes, 0, bytes.length).split('\n');
  const ids: string[] = [];
  const inst: Float64Array[] = [];
  lines.forEach((line, k) => {
    if (k === 0 || line.trim() === '') return;
    const fields = line.trim().split(/ +/);
    const values = fields.slice(1).map((f) => {
      const b = Uint8Array.from(f, (c) => c.charCodeAt(0));
      const v = parseDecimal(b, 0, b.length);
      if (!(v >= 0 && v <= 1))
        throw new DataError(name, k + 1, `sample "${f}" is not a fraction of a machine`);
      return v;
    });
    if (values.length === 0) throw new DataError(name, k + 1, 'a task without samples');
    ids.push(fields[0]);
    inst.push(Float64Array.from(values));
  });
  return { ids, inst };
}

export const HELLO_FORMAT: FormatEntry<HelloSpec> = {
  id: 'hello',
  title: 'hello: a task per line, its id and samples',
  roles: ['inst'],
  detect: [
    {
      rank: 45,
      test: ({ base, start }) =>
        base.endsWith('.hello') && /^hello\r?\n/.test(start) ? 'a hello file' : null,
    },
  ],
  specFrom: (o) => ({ format: 'hello', ...(o.scale !== undefined ? { scale: o.scale } : {}) }),
  read: (spec) => {
    const files: { name: string; chunks: Uint8Array[] }[] = [];
    return {
      file(name) {
        const chunks: Uint8Array[] = [];
        files.push({ name, chunks });
        return { push: (c) => void chunks.push(c.slice()), end() {} };
      },
      finish() {
        const ids: string[] = [];
        const inst: Float64Array[] = [];
        const reports = files.map((f) => {
          const all = new Uint8Array(f.chunks.reduce((a, c) => a + c.length, 0));
          f.chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
          const tasks = parseHello(f.name, all);
          ids.push(...tasks.ids);
          inst.push(...tasks.inst.map((x) => x.map((v) => v * (spec.scale ?? 1))));
          return { name: f.name, role: 'inst', bytes: all.length, lines: tasks.ids.length + 1 };
        });
        const samples = inst.reduce((a, x) => a + x.length, 0);
        return {
          kind: 'samples',
          samples: { ids, inst },
          report: {
            format: 'hello',
            files: reports,
            records: samples,
            tasksRead: ids.length,
            tasksKept: ids.length,
            samplesKept: samples,
            filters: [],
            skippedLines: 0,
            skippedExamples: [],
            units: `fractions of a machine × ${spec.scale ?? 1}`,
            notes: [],
          },
        };
      },
    };
  },
  units: plainUnits<HelloSpec>(
    () => 'fraction',
    () => false,
  ),
  userUnit: false,
  timeAxis: { kind: 'steps' },
  carries: { cpu: true, avg: false, memory: false, requests: false, placement: false },
};
