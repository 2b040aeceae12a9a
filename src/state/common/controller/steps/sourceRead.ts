/**
 * A live Prometheus source read as the user's data: the ingestion worker fetches the range chunk by
 * chunk and streams each answer into the reader (ingest sourceStream.ts), the dataset step adopts
 * the result as it adopts files (or keeps the data loaded before when the read fails or is
 * cancelled: the promise rejects and the caller says why).
 */
import type { LoadSpec, PromSource } from '../../../../engine/index.ts';
import type { LoadedSource, SourceAccess } from '../../../../ingest/api.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import type { SourceAssess } from '../../../../ingest/sourceStream.ts';
import type { Progress } from '../../../../ingest/stream.ts';
import type { StepContext } from './context.ts';
import type { Explorer } from '../../store/store.ts';

export type SourceReader = (
  names: string[],
  source: PromSource,
  access: SourceAccess & { readonly signal?: AbortSignal },
  spec: LoadSpec,
  assess: SourceAssess | null,
  onProgress?: (p: Progress) => void,
) => Promise<LoadedSource | null>;

/** How a load of the user's data is made (the ingestion client's call, with progress and cancel). */
export type LoadVia<T> = (
  request: LoadRequest,
  progress: (p: NonNullable<Explorer['data']['progress']>) => void,
  signal: AbortSignal,
) => Promise<T>;

/** The dataset step's adoption of a source's answer (steps/dataset.ts). */
export interface SourceAdopter {
  readSource(
    names: string[],
    request: LoadRequest,
    load: LoadVia<LoadedSource>,
  ): Promise<LoadedSource | null>;
}

export function sourceReader(ctx: StepContext, dataset: SourceAdopter): SourceReader {
  return (names, source, access, spec, assess, onProgress) => {
    const ingest = ctx.ingest;
    if (!ingest.loadSource) throw new Error('this page cannot read a Prometheus server');
    const { signal: outer, ...bare } = access;
    return dataset.readSource(names, spec as LoadRequest, (request, progress, signal) => {
      // Cancelled by the panel (outer) or by a newer load of the dataset step (signal).
      const relay = new AbortController();
      const abort = () => relay.abort();
      if (outer?.aborted) abort();
      outer?.addEventListener('abort', abort);
      signal.addEventListener('abort', abort);
      return ingest.loadSource!(
        source,
        bare,
        request as LoadSpec,
        assess,
        (p) => {
          progress(p);
          onProgress?.(p);
        },
        relay.signal,
      ).finally(() => {
        outer?.removeEventListener('abort', abort);
        signal.removeEventListener('abort', abort);
      });
    });
  };
}
