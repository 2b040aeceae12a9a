import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESET_ID,
  PRESETS,
  presetById,
  presetSpec,
  summarizeSamples,
  type FilePreset,
} from '../engine/index.ts';
import { loadDataset } from './load.ts';
import { loadPreset } from './presets.ts';
import { dataInput, dataPath } from './testing.ts';
import { seriesAt } from '../engine/index.ts';

const PUBLIC = resolve(import.meta.dirname, '../../public');
const filePresets = PRESETS.filter((p): p is FilePreset => p.kind === 'files');

describe('built-in datasets', () => {
  it('have unique ids, the default among them, and a credit, licence and scale reason each', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    expect(presetById(DEFAULT_PRESET_ID)?.kind).toBe('files');
    for (const p of PRESETS) {
      expect(p.credit.source.length, p.id).toBeGreaterThan(10);
      expect(p.credit.licence.length, p.id).toBeGreaterThan(3);
      expect(p.credit.url, p.id).toMatch(/^https?:\/\//);
      expect(p.scaleReason.length, p.id).toBeGreaterThan(20);
    }
  });

  it('ship their files in public/ byte for byte as in ../shared/data', () => {
    for (const p of filePresets)
      for (const f of p.files) {
        const rel = f.url.replace(/^\/data\//, '');
        expect(
          readFileSync(resolve(PUBLIC, 'data', rel)).equals(readFileSync(dataPath(rel))),
          f.url,
        ).toBe(true);
      }
  });

  it.each(filePresets.map((p) => [p.id, p] as const))(
    '%s loads with its options: the stated task count, a typical task a few percent of a machine',
    async (_, preset) => {
      const inputs = await Promise.all(
        preset.files.map((f) => dataInput(f.url.replace(/^\/data\//, ''), f.role)),
      );
      const r = await loadDataset(inputs, presetSpec(preset));
      if (r.kind !== 'samples') throw new Error('samples');
      const s = summarizeSamples(r.samples);
      expect(s.tasks).toBe(preset.tasks);
      // "a few percent": the mean task between 0.5 % and 6 % of the reference machine
      expect(s.mean.inst).toBeGreaterThan(0.005);
      expect(s.mean.inst).toBeLessThan(0.06);
      // no value above a whole task: scale × 100 %, or for per-core scaling the reference machine
      expect(s.max.inst).toBeLessThanOrEqual(preset.spec.format === 'long' ? 1 : preset.scale);
    },
  );

  it('a different scale scales every value (SPEC §2)', async () => {
    const p = presetById(DEFAULT_PRESET_ID) as FilePreset;
    const inputs = () => Promise.all(p.files.map((f) => dataInput(f.url.replace(/^\/data\//, ''))));
    const a = await loadDataset(await inputs(), presetSpec(p));
    const b = await loadDataset(await inputs(), presetSpec(p, 0.5));
    if (a.kind !== 'samples' || b.kind !== 'samples') throw new Error('samples');
    expect(seriesAt(b.samples.inst, 3)[7]).toBeCloseTo(seriesAt(a.samples.inst, 3)[7] * 2, 15);
    expect(() => presetSpec(p, 0)).toThrow(/invalid scale: 0/);
  });

  it('the Google excerpt preset says why it keeps one-record tasks', () => {
    const p = presetById('google-task-usage-excerpt')!;
    expect(p.notice).toMatch(/≥ 24-records filter would drop all 10,000 tasks/);
  });

  it('leave a slot for generated data: a synthetic preset names its generator and parameters', () => {
    const synthetic = PRESETS.filter((p) => p.kind === 'synthetic');
    expect(synthetic.length).toBeGreaterThan(0);
    for (const p of synthetic)
      if (p.kind === 'synthetic') expect(typeof p.generator).toBe('string');
  });
});

describe('loadPreset (what the app calls)', () => {
  it('fetches a file preset from the base URL and parses it', async () => {
    const p = presetById(DEFAULT_PRESET_ID)!;
    const asked: string[] = [];
    const fetcher = async (url: string) => {
      asked.push(url);
      return new Response(readFileSync(dataPath(url.replace(/^\/app\/data\//, ''))));
    };
    const r = await loadPreset(p, { baseUrl: '/app/', fetcher });
    expect(asked).toEqual(['/app/data/planetlab-cloudsim/planetlab_20110303.csv']);
    expect(r.report.tasksKept).toBe(1052);
  });

  it('runs the generator a synthetic preset names, with overridden parameters; says so when it is missing', async () => {
    const p = PRESETS.find((x) => x.kind === 'synthetic')!;
    const seen: Record<string, number>[] = [];
    const generators = {
      [(p as { generator: string }).generator]: (params: Readonly<Record<string, number>>) => {
        seen.push({ ...params });
        return { ids: ['a', 'b'], inst: [Float64Array.of(0.1, 0.2), Float64Array.of(0.3)] };
      },
    };
    const r = await loadPreset(p, { generators, params: { seed: 9 } });
    expect(seen[0].seed).toBe(9);
    expect(r.report).toMatchObject({ tasksKept: 2, samplesKept: 3, format: 'synthetic' });
    await expect(loadPreset(p)).rejects.toThrow(/no generator/);
  });
});
