/** Resizing workloads read in Node: the presets' files (public/data) or a user's file. */
import {
  presetById,
  presetSpec,
  stitchDays,
  workloadFromSamples,
  type FilePreset,
  type LoadSpec,
  type ResizeWorkload,
  type TaskSamples,
} from '../../../engine/index.ts';
import { bitbrainsResizeMemorySpec } from '../../../engine/cluster/index.ts';
import { loadDataset } from '../../../ingest/load.ts';
import { UsageError } from '../../args.ts';
import { pathInput, presetInputs } from '../../io.ts';

export const RESIZE_PRESETS = {
  planetlab: 'PlanetLab, ten days stitched per VM (1,052 VMs × 2,880 steps)',
  'planetlab-day': 'PlanetLab, 3 March 2011 (1,052 VMs × 288 steps)',
  azure: 'Azure V1, 100 VMs × 8,004 steps (28 days; 5-minute max CPU)',
  bitbrains: 'Bitbrains Rnd, 100 VMs, CPU + memory by max-reduction',
  'bitbrains-cpu': 'Bitbrains Rnd, 100 VMs, CPU only',
} as const;

interface WorkloadOptions {
  readonly scale?: number;
  readonly maxVms?: number;
  readonly maxSteps?: number;
  readonly dataRoot?: string;
}

async function loadPresetSamples(
  id: string,
  o: WorkloadOptions,
  spec?: (p: FilePreset) => LoadSpec,
): Promise<TaskSamples> {
  const preset = presetById(id);
  if (!preset || preset.kind !== 'files') throw new Error(`internal: no file preset ${id}`);
  const inputs = await presetInputs(preset, o.dataRoot);
  const result = await loadDataset(inputs, spec ? spec(preset) : presetSpec(preset, o.scale));
  if (result.kind !== 'samples') throw new Error(`internal: preset ${id} gave no samples`);
  return result.samples;
}

/** A preset name or a data file (any format the loaders detect; one VM per task). */
export async function loadResizeWorkload(
  vms: string,
  o: WorkloadOptions = {},
): Promise<ResizeWorkload> {
  const cut = (w: ResizeWorkload): ResizeWorkload =>
    o.maxSteps && o.maxSteps < w.steps
      ? { ...w, steps: o.maxSteps, usage: w.usage.map((u) => u.slice(0, o.maxSteps)) }
      : w;
  switch (vms) {
    case 'planetlab':
      return cut(stitchDays(vms, await loadPresetSamples('planetlab-10days', o), o.maxVms));
    case 'planetlab-day':
      return workloadFromSamples(vms, await loadPresetSamples('planetlab-20110303', o), o);
    case 'azure':
      return workloadFromSamples(vms, await loadPresetSamples('azure-v1', o), o);
    case 'bitbrains':
    case 'bitbrains-cpu': {
      const cpu = await loadPresetSamples('bitbrains-rnd', o);
      if (vms === 'bitbrains-cpu') return workloadFromSamples(vms, cpu, o);
      const memory = await loadPresetSamples('bitbrains-rnd', o, () =>
        bitbrainsResizeMemorySpec((o.scale ?? 1 / 32) * 32),
      );
      return workloadFromSamples(vms, cpu, { ...o, memory });
    }
    default: {
      if (!/[./\\]/.test(vms))
        throw new UsageError(
          `unknown --vms "${vms}" (a preset: ${Object.keys(RESIZE_PRESETS).join(', ')}; or a file path)`,
        );
      const result = await loadDataset([await pathInput(vms)], {
        format: 'auto',
        ...(o.scale ? { scale: o.scale } : {}),
      });
      if (result.kind !== 'samples')
        throw new UsageError(`${vms}: a realization matrix, not series`);
      return workloadFromSamples(vms, result.samples, o);
    }
  }
}
