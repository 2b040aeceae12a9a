import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRESET_ID, presetById, type LoadReport } from '../src/engine/index.ts';
import { createIngestApi, type LoadedData } from '../src/ingest/api.ts';
import { decodePrepared, encodePrepared } from '../src/ingest/prepared.ts';
import { isCancelled } from '../src/protocol/cancel.ts';
import type { FileIngest } from '../src/runtime/ingestion/ingestClient.ts';
import { withPreparedDefault } from '../src/runtime/ingestion/preparedIngest.ts';
import { SHARED_DATA } from '../src/ingest/testing.ts';
import { prepareDefaultDataset, publicFetcher } from './prepareData.ts';
import { seriesAt, seriesList, taskCount } from '../src/engine/index.ts';

let preparing: ReturnType<typeof prepareDefaultDataset> | null = null;
/** The build step's output, made once for this file. */
const prepared = () =>
  (preparing ??= prepareDefaultDataset(resolve(import.meta.dirname, '../public')));

const bits = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const buffer = (b: Uint8Array): ArrayBuffer => b.slice().buffer;

function expectIdentical(got: LoadedData, want: LoadedData) {
  if (got.kind !== 'samples' || want.kind !== 'samples') throw new Error('samples expected');
  expect(got.samples.ids).toEqual(want.samples.ids);
  expect(taskCount(got.samples.inst)).toBe(taskCount(want.samples.inst));
  const differ = want.samples.ids.filter(
    (_, i) => !bits(seriesAt(got.samples.inst, i)).equals(bits(seriesAt(want.samples.inst, i))),
  );
  expect(differ).toEqual([]);
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
    const made = await prepared();
    // The worker's own path, its fetch served from the shared data (the public copies equal it).
    vi.stubGlobal('fetch', publicFetcher(resolve(SHARED_DATA, '..')));
    const preset = presetById(DEFAULT_PRESET_ID)!;
    const direct = await createIngestApi().loadPreset(1, preset.id, preset.scale, {}, '');
    const decoded = decodePrepared(buffer(made.bytes), made.fileName);
    expectIdentical(decoded, direct);
    // Integer percents: one byte a sample, far smaller than float64.
    const samples = direct.kind === 'samples' ? direct.report.samplesKept : 0;
    expect(samples).toBeGreaterThan(300_000);
    expect(made.bytes.length).toBeLessThan(samples * 2);
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
          seriesList(loaded.samples.avg!).forEach((a, i) =>
            expect(bits(seriesAt(back.samples.avg!, i))).toEqual(bits(a)),
          );
          expect(bits(back.samples.requests!.cpu)).toEqual(bits(loaded.samples.requests!.cpu));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a truncated or foreign file, naming it', async () => {
    const { bytes } = await prepared();
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

describe('the page reading the prepared default dataset', () => {
  afterEach(() => vi.unstubAllGlobals());
  const preset = presetById(DEFAULT_PRESET_ID)!;
  const other = presetById('bitbrains-rnd')!;
  const fromWorker = { kind: 'samples', from: 'the worker' } as unknown as LoadedData;
  const worker = () => {
    const calls: [string, number][] = [];
    const ingest = {
      loadPreset: (p: { id: string }, scale: number) => {
        calls.push([p.id, scale]);
        return Promise.resolve(fromWorker);
      },
    } as unknown as FileIngest;
    return { ingest, calls };
  };
  const signal = () => new AbortController().signal;
  const noProgress = () => {};

  it('decodes the early bytes, fetches them again later, and leaves every other load to the worker', async () => {
    const { bytes, loaded, fileName } = await prepared();
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(bytes.slice()));
    });
    const { ingest, calls } = worker();
    const page = withPreparedDefault(ingest, '/app/', Promise.resolve(buffer(bytes)));
    expectIdentical(await page.loadPreset(preset, preset.scale, noProgress, signal()), loaded);
    expect(fetched).toEqual([]);
    expectIdentical(await page.loadPreset(preset, preset.scale, noProgress, signal()), loaded);
    expect(fetched).toEqual([`/app/${fileName}`]);
    expect(await page.loadPreset(preset, 0.5, noProgress, signal())).toBe(fromWorker);
    expect(await page.loadPreset(other, other.scale, noProgress, signal())).toBe(fromWorker);
    expect(calls).toEqual([
      [preset.id, 0.5],
      [other.id, other.scale],
    ]);
  });

  it('falls back to the worker when the file is missing or damaged, and honours cancel', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('no', { status: 404 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { ingest, calls } = worker();
    const missing = withPreparedDefault(ingest, '/', null);
    expect(await missing.loadPreset(preset, preset.scale, noProgress, signal())).toBe(fromWorker);
    const damaged = withPreparedDefault(ingest, '/', Promise.resolve(new ArrayBuffer(64)));
    expect(await damaged.loadPreset(preset, preset.scale, noProgress, signal())).toBe(fromWorker);
    expect(warn.mock.calls[0][0]).toMatch(/prepared\/planetlab-20110303.*not a prepared dataset/);
    expect(calls).toEqual([
      [preset.id, preset.scale],
      [preset.id, preset.scale],
    ]);
    const abort = new AbortController();
    abort.abort();
    const cancelled = withPreparedDefault(ingest, '/', Promise.resolve(null));
    const error = await cancelled
      .loadPreset(preset, preset.scale, noProgress, abort.signal)
      .catch((e: unknown) => e);
    expect(isCancelled(error)).toBe(true);
    expect(calls).toHaveLength(2);
    warn.mockRestore();
  });
});
