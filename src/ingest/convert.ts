/**
 * The page side of "unit and task size after parsing": loaded data that hold raw values
 * (`LoadedData.raw`) converted to machine units on this thread, without the files or the worker.
 */
import { applyUnits, sameParsing, type LoadSpec } from '../engine/index.ts';
import type { LoadedData } from './api.ts';

/**
 * Loaded data in machine units: `loaded` itself, or, when it holds raw values, those values under
 * the unit setting of `spec` (by default the one it was loaded with). The spec must parse as the
 * load did (`sameParsing`); a value above the new unit's bound is a DataError naming its task.
 */
export function convertedOf(loaded: LoadedData, spec: LoadSpec | null = loaded.spec): LoadedData {
  if (!loaded.raw || loaded.kind !== 'samples' || !loaded.spec || !spec) return loaded;
  if (!sameParsing(loaded.spec, spec))
    throw new RangeError('these options change how the files are parsed: they must be read again');
  const { rawExtras: _kept, ...parsed } = loaded;
  return { ...parsed, ...applyUnits(loaded, loaded.spec, spec), spec, raw: false };
}
