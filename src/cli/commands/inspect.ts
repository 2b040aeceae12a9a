/** `inspect`: loads any supported file(s) or a built-in preset and prints what every filter did. */
import {
  PRESETS,
  formatReport,
  presetById,
  presetSpec,
  summarizeSamples,
  type LoadResult,
  type LoadSpec,
} from '../../engine/index.ts';
import { loadDataset } from '../../ingest/load.ts';
import { UsageError } from '../args.ts';
import type { Command } from './command.ts';
import { dataOptions, hasData, loadFromOptions, presetInputs, writeCompact } from '../io.ts';

export const inspect: Command = {
  usage:
    'npm run cli -- inspect (--data FILES | --preset ID) [format options] [--json] [--out BASE]',
  summary:
    'Loads data in any format (SPEC §10) and prints per-filter counts and a summary; --out writes the compact per-task format.',
  options: {
    ...dataOptions,
    preset: {
      kind: 'string',
      help: `a built-in dataset: ${PRESETS.filter((p) => p.kind === 'files')
        .map((p) => p.id)
        .join(', ')}`,
    },
    json: { kind: 'flag', help: 'print one JSON object {spec, report, summary}' },
    out: { kind: 'string', help: 'write the compact format: BASE.json + BASE.npy' },
  },
  async run(o, out) {
    if (!hasData(o) === !o.preset)
      throw new UsageError('give exactly one of --data, --prometheus or --preset');
    let loaded: LoadResult & { spec: LoadSpec };
    if (o.preset) {
      const preset = presetById(o.preset as string);
      if (!preset) throw new UsageError(`unknown --preset "${o.preset}"`);
      if (preset.kind !== 'files')
        throw new UsageError(`--preset ${preset.id} is generated, not loaded from files`);
      const spec = presetSpec(preset, (o.scale as number | undefined) ?? preset.scale);
      loaded = await loadDataset(await presetInputs(preset), spec);
    } else loaded = await loadFromOptions(o);
    const summary = loaded.kind === 'samples' ? summarizeSamples(loaded.samples) : null;
    let written: { json: string; npy: string } | null = null;
    if (o.out) {
      if (loaded.kind !== 'samples')
        throw new UsageError('--out: a realization matrix has no per-task samples to write');
      written = writeCompact(
        o.out as string,
        loaded.samples,
        loaded.report,
        { ...loaded.spec },
        'slopack inspect',
      );
    }
    if (o.json) {
      out(JSON.stringify({ spec: loaded.spec, report: loaded.report, summary, written }));
      return;
    }
    for (const line of formatReport(loaded.report)) out(line);
    if (loaded.kind === 'matrix')
      out(
        `realization matrix: ${loaded.inst.rows} × ${loaded.inst.cols}${loaded.avg ? ' (+ avg)' : ''}`,
      );
    if (summary) {
      const f = (v: number | null) => (v === null ? '—' : String(Number(v.toPrecision(6))));
      out(
        `samples per task: min ${summary.perTask.min}, median ${summary.perTask.median}, max ${summary.perTask.max}`,
      );
      out(`mean inst ${f(summary.mean.inst)}, mean avg ${f(summary.mean.avg)} (machines)`);
      out(`first: ${summary.first.id} inst ${f(summary.first.inst)} avg ${f(summary.first.avg)}`);
      out(`last: ${summary.last.id} inst ${f(summary.last.inst)} avg ${f(summary.last.avg)}`);
    }
    if (written) out(`wrote ${written.json} and ${written.npy}`);
  },
};
