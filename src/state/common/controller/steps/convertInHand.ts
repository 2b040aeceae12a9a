/**
 * A request that differs from the last upload's only in its unit fields, converted from the values
 * kept at hand (inHand.ts), loaded with the first upload rather than the first page.
 */
import { formatOf, sameParsing, withUnitsOf, type LoadSpec } from '../../../../engine/index.ts';
import { convertedOf } from '../../../../ingest/convert.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import type { LoadedData } from '../../../../ingest/api.ts';

export { convertedOf };

/**
 * The files of the last upload and what they parsed to, before the unit and the task size where
 * the format allows (the ingestion keeps them raw: `LoadedData.raw`). A request that differs only in
 * its unit fields is converted from them, without reading the files again.
 */
export interface InHand {
  readonly hash: string;
  readonly files: File[];
  readonly request: LoadRequest;
  readonly loaded: LoadedData;
}

/** Two lists of the very same File objects, in order. */
const sameFiles = (a: readonly File[], b: readonly File[]) =>
  a.length === b.length && a.every((f, i) => f === b[i]);

/** A request's unit fields (task size, unit, capacity or cores, clamp); the rest is its parsing. */
function splitUnits(request: LoadRequest) {
  const {
    budget: _budget,
    scale,
    unit,
    capacity,
    coresPerMachine,
    clamp,
    percent,
    ...parsing
  } = request as LoadRequest & Record<string, unknown>;
  const cores = unit === 'cores' && capacity === undefined ? coresPerMachine : capacity;
  return {
    units: { scale, unit, capacity: cores, clamp, percent, coresPerMachine } as Partial<LoadSpec>,
    parsing: JSON.stringify(parsing),
  };
}

export function convertedInHand(inHand: InHand | null, files: File[], request: LoadRequest) {
  if (!inHand?.loaded.raw || !inHand.loaded.spec || !sameFiles(files, inHand.files)) return null;
  const next = splitUnits(request);
  if (next.parsing !== splitUnits(inHand.request).parsing) return null;
  // As the ingestion does: an auto-detected Google 2011 trace is in fractions already, unscaled.
  const unscaled =
    request.format === 'auto' && formatOf(inHand.loaded.spec).fractionsOfMachine === true;
  const units = unscaled ? { ...next.units, scale: undefined } : next.units;
  const spec = withUnitsOf(inHand.loaded.spec, units as LoadSpec);
  // A format may parse by a field the request counts as a unit (Bitbrains' unit picks its column).
  if (!sameParsing(inHand.loaded.spec, spec)) return null;
  return convertedOf(inHand.loaded, spec);
}
