/**
 * Loading a built-in dataset (src/engine/data/load/presets.ts) wherever the app runs: its files fetched
 * from the app's base URL (public/data → /data/...), or its samples drawn by a generator that the
 * caller provides (the synthetic presets; the generators live in src/engine/synthetic).
 */
import {
  DataError,
  presetSpec,
  summarizeSamples,
  type LoadResult,
  type LoadSpec,
  type Preset,
  type TaskSamples,
} from '../engine/index.ts';
import { loadDataset } from './load.ts';
import { urlInput, type StreamControl } from './stream.ts';

/** A generator for synthetic presets: its parameters (with `seed`) to samples in machine units. */
type SampleGenerator = (params: Readonly<Record<string, number>>) => TaskSamples;

interface PresetOptions {
  /** Prefix of the preset URLs (Vite's `import.meta.env.BASE_URL` without its trailing slash). */
  readonly baseUrl?: string;
  /** The user's scale instead of the preset's default (file presets). */
  readonly scale?: number;
  readonly fetcher?: (url: string, init?: RequestInit) => Promise<Response>;
  /** Generators by name, for synthetic presets. */
  readonly generators?: Readonly<Record<string, SampleGenerator>>;
  /** Parameters overriding a synthetic preset's (e.g. another seed). */
  readonly params?: Readonly<Record<string, number>>;
  /** Keep the samples' timestamps where the format has them (time-aligned replay). */
  readonly times?: boolean;
}

/** Loads a preset: its files streamed and parsed, or its generator run; the report says what was done. */
export async function loadPreset(
  preset: Preset,
  options: PresetOptions = {},
  control: StreamControl = {},
): Promise<LoadResult & { readonly spec: LoadSpec | null }> {
  if (preset.kind === 'files') {
    const base = (options.baseUrl ?? '').replace(/\/$/, '');
    const inputs = preset.files.map((f) =>
      urlInput(base + f.url, f.role, options.fetcher, control.signal),
    );
    const spec = presetSpec(preset, options.scale ?? preset.scale);
    const times = options.times ? { times: true } : {};
    const result = await loadDataset(inputs, { ...spec, ...times }, control);
    return { ...result, spec };
  }
  const generate = options.generators?.[preset.generator];
  if (!generate)
    throw new DataError(preset.id, null, `no generator "${preset.generator}" is available here`);
  control.signal?.throwIfAborted();
  const params = { ...preset.params, ...options.params };
  const samples = generate(params);
  const s = summarizeSamples(samples);
  return {
    kind: 'samples',
    samples,
    spec: null,
    report: {
      format: 'synthetic',
      files: [],
      records: s.samples,
      tasksRead: s.tasks,
      tasksKept: s.tasks,
      samplesKept: s.samples,
      filters: [],
      skippedLines: 0,
      skippedExamples: [],
      units: 'machine units (generated)',
      notes: [
        `${preset.generator}(${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')})`,
      ],
    },
  };
}
