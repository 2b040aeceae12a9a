/**
 * The files of the last upload kept at hand, with what they parsed to: a request that differs only in
 * its unit fields (task size, unit, capacity or cores, clamp) is converted from them, not read again.
 */
import { sameParsing, withUnitsOf, type LoadSpec } from '../../../engine/index.ts';
import type { LoadedData } from '../../../ingest/api.ts';
import { convertedOf } from '../../../ingest/convert.ts';
import type { LoadRequest } from '../../../ingest/load.ts';
import { DEFAULT_BUDGET_BYTES } from '../../../ingest/sizes.ts';
import { stateOf, type StepContext } from './context.ts';

type LoadProgress = Parameters<StepContext['ingest']['loadFiles']>[2];

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

function convertedInHand(inHand: InHand | null, files: File[], request: LoadRequest) {
  if (!inHand?.loaded.raw || !inHand.loaded.spec || !sameFiles(files, inHand.files)) return null;
  const next = splitUnits(request);
  if (next.parsing !== splitUnits(inHand.request).parsing) return null;
  // As the ingestion does: an auto-detected Google 2011 trace is in fractions already, unscaled.
  const unscaled = request.format === 'auto' && inHand.loaded.spec.format === 'google';
  const units = unscaled ? { ...next.units, scale: undefined } : next.units;
  const spec = withUnitsOf(inHand.loaded.spec, units as LoadSpec);
  // A format may parse by a field the request counts as a unit (Bitbrains' unit picks its column).
  if (!sameParsing(inHand.loaded.spec, spec)) return null;
  return convertedOf(inHand.loaded, spec);
}

/** The files read (or, at hand, their parsed values converted) under `request`, raw where allowed. */
export async function read(
  ctx: StepContext,
  inHand: InHand | null,
  files: File[],
  request: LoadRequest,
  load: { readonly progress: LoadProgress; readonly signal: AbortSignal },
) {
  const converted = convertedInHand(inHand, files, request);
  if (converted) return { loaded: converted, raw: inHand!.loaded };
  const raw = await ctx.ingest.loadFiles(
    files,
    {
      ...request,
      keepRaw: true,
      budget: { bytes: DEFAULT_BUDGET_BYTES, realizations: stateOf(ctx).params.realizations },
    },
    load.progress,
    load.signal,
  );
  return { loaded: convertedOf(raw), raw };
}
