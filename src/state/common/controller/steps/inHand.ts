/**
 * The files of the last upload kept at hand, with what they parsed to: a request that differs only in
 * its unit fields (task size, unit, capacity or cores, clamp) is converted from them, not read again.
 */
import type { LoadRequest } from '../../../../ingest/load.ts';
import { DEFAULT_BUDGET_BYTES } from '../../../../ingest/sizes.ts';
import type { InHand } from './convertInHand.ts';
import { stateOf, type StepContext } from './context.ts';

type LoadProgress = Parameters<StepContext['ingest']['loadFiles']>[2];

export type { InHand } from './convertInHand.ts';

/** The files read (or, at hand, their parsed values converted) under `request`, raw where allowed. */
export async function read(
  ctx: StepContext,
  inHand: InHand | null,
  files: File[],
  request: LoadRequest,
  load: { readonly progress: LoadProgress; readonly signal: AbortSignal },
) {
  // The conversion loads with the first upload: the first page never needs it.
  const { convertedInHand, convertedOf } = await import('./convertInHand.ts');
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
