/** A file preset's spec with the user's scale (apart from presets.ts, which the first page lists). */
import { formatOf } from '../formats/registry.ts';
import type { LoadSpec } from '../formats/spec.ts';
import type { FilePreset } from './presets.ts';

/** A file preset's load spec with the user's scale in place of the default (SPEC §2). */
export function presetSpec(preset: FilePreset, scale: number = preset.scale): LoadSpec {
  if (!(scale > 0 && Number.isFinite(scale))) throw new RangeError(`invalid scale: ${scale}`);
  const spec = preset.spec;
  if (formatOf(spec).units.asStored) return spec;
  return { ...spec, scale } as LoadSpec;
}
