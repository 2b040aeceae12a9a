/** Loads datasets off the main thread: built-in presets and the user's files, with progress and cancel. */
import { expose, transfer, type Endpoint } from 'comlink';
import { samplesBuffers, type RawExtras } from '../src/engine/index.ts';
import { createIngestApi, type IngestApi, type LoadedData } from '../src/ingest/api.ts';
import { VANISH_MESSAGE } from '../src/protocol/api.ts';
import { answerPings } from '../src/runtime/pool/workerPort.ts';

/** The loaded arrays move to the page (transferred, not copied: a big load is not held twice). */
function moved(r: LoadedData): LoadedData {
  const buffers =
    r.kind === 'samples'
      ? [...samplesBuffers(r.samples), ...extrasBuffers(r.rawExtras)]
      : [r.inst.data.buffer, r.avg?.data.buffer].filter((b) => b instanceof ArrayBuffer);
  return transfer(r, [...new Set(buffers)]);
}

/** The arrays a raw load keeps beside its samples (`RawExtras`), moved with them. */
function extrasBuffers(extras: RawExtras | undefined): ArrayBuffer[] {
  if (!extras) return [];
  const series = [extras.otherUnit?.inst, extras.multipliers].filter((s) => s !== undefined);
  const bound = extras.clamp?.bound;
  return [
    ...series.flatMap((inst) => samplesBuffers({ ids: [], inst })),
    ...(bound instanceof Float64Array && bound.buffer instanceof ArrayBuffer ? [bound.buffer] : []),
  ];
}

const api = createIngestApi();
const worker: IngestApi = {
  ...api,
  loadPreset: (...a) => api.loadPreset(...a).then(moved),
  loadFiles: (...a) => api.loadFiles(...a).then(moved),
  loadFile: (...a) => api.loadFile(...a).then(moved),
  loadSource: (...a) => api.loadSource(...a).then((r) => moved(r) as typeof r),
};
// Closes without any event, as when a browser ends a worker (tests: runtime/pool/poolFaults.ts).
addEventListener('message', (e: MessageEvent) => e.data === VANISH_MESSAGE && close());
answerPings(self as unknown as Endpoint);
expose(worker);
