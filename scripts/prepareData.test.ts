import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRESET_ID, presetById, type LoadReport } from '../src/engine/index.ts';
import { createIngestApi, type LoadedData } from '../src/ingest/api.ts';
import { decodePrepared, encodePrepared } from '../src/ingest/prepared.ts';
import { SHARED_DATA } from '../src/ingest/testing.ts';
import { prepareDefaultDataset, publicFetcher } from './prepareData.ts';

const bits = (a: Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const buffer = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);

function expectIdentical(got: LoadedData, want: LoadedData) {
  if (got.kind !== 'samples' || want.kind !== 'samples') throw new Error('samples expected');
  expect(got.samples.ids).toEqual(want.samples.ids);
  expect(got.samples.inst.length).toBe(want.samples.inst.length);
  for (let i = 0; i < want.samples.inst.length; i++)
    expect(bits(got.samples.inst[i]), want.samples.ids[i]).toEqual(bits(want.samples.inst[i]));
  expect(got.samples.avg === undefined).toBe(want.samples.avg === undefined);
  expect(got.report).toStrictEqual(want.report);
  expect(got.spec).toStrictEqual(want.spec);
  expect(got.preset).toStrictEqual(want.preset);
  expect(got.hash).toBe(want.hash);
}

const report: LoadReport = {
  format: 'test',
  files: [],
  records: 0,
  tasksRead: 0,
  tasksKept: 0,
  samplesKept: 0,
  filters: [],
  skippedLines: 0,
  skippedExamples: [],
  units: 'machine',
  notes: [],
};

describe('the prepared default dataset', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads back bit for bit what the ingestion worker loads from the shared CSV', async () => {
    const prepared = await prepareDefaultDataset(resolve(import.meta.dirname, '../public'));
    // The worker's own path, its fetch served from the shared data (the public copies equal it).
    vi.stubGlobal('fetch', publicFetcher(resolve(SHARED_DATA, '..')));
    const preset = presetById(DEFAULT_PRESET_ID)!;
    const direct = await createIngestApi().loadPreset(1, preset.id, preset.scale, {}, '');
    const decoded = decodePrepared(buffer(prepared.bytes), prepared.fileName);
    expectIdentical(decoded, direct);
    // Integer percents: one byte a sample, far smaller than float64.
    const samples = direct.kind === 'samples' ? direct.report.samplesKept : 0;
    expect(samples).toBeGreaterThan(300_000);
    expect(prepared.bytes.length).toBeLessThan(samples * 2);
  });

  it('round-trips any samples exactly: dictionaries of one or two bytes, raw float64, -0, requests', () => {
    const value = fc.oneof(
      fc.constantFrom(0, -0, 1, 0.25, Number.MIN_VALUE),
      fc.double({ min: 0, max: 1e6, noNaN: true }),
    );
    const task = fc.oneof(
      fc.array(value, { minLength: 1, maxLength: 40 }),
      fc.array(fc.integer({ min: 0, max: 70_000 }), { minLength: 1, maxLength: 300 }),
    );
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 30 }), fc.boolean(), (tasks, extra) => {
        const inst = tasks.map((t) => Float64Array.from(t));
        const n = inst.length;
        const loaded: LoadedData = {
          kind: 'samples',
          samples: {
            ids: inst.map((_, i) => `task ${i}`),
            inst,
            ...(extra
              ? {
                  avg: inst.map((x) => x.map((v) => v / 3)),
                  requests: {
                    cpu: Float64Array.from({ length: n }, (_, i) => (i % 2 ? NaN : i / 7)),
                    memory: new Float64Array(n),
                  },
                }
              : {}),
          },
          report,
          spec: { format: 'wide', unit: 'percent', scale: 0.25 },
          preset: presetById(DEFAULT_PRESET_ID)!,
          hash: null,
        };
        const back = decodePrepared(buffer(encodePrepared(loaded, DEFAULT_PRESET_ID, 0.25)), 'x');
        expectIdentical(back, loaded);
        if (loaded.kind !== 'samples' || back.kind !== 'samples') return;
        if (extra) {
          loaded.samples.avg!.forEach((a, i) =>
            expect(bits(back.samples.avg![i])).toEqual(bits(a)),
          );
          expect(bits(back.samples.requests!.cpu)).toEqual(bits(loaded.samples.requests!.cpu));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a truncated or foreign file, naming it', async () => {
    const { bytes } = await prepareDefaultDataset(resolve(import.meta.dirname, '../public'));
    expect(() => decodePrepared(buffer(bytes.subarray(0, 4000)), 'cut.bin')).toThrow(
      /cut\.bin: (the header runs past|the inst block runs past)/,
    );
    expect(() => decodePrepared(buffer(bytes.subarray(0, bytes.length - 8)), 'short.bin')).toThrow(
      /short\.bin: the inst block runs past the end/,
    );
    const csv = new TextEncoder().encode('date,vm,t0\n20110303,a,1\n');
    expect(() => decodePrepared(buffer(csv), 'data.csv')).toThrow(/data\.csv: not a prepared/);
  });
});
