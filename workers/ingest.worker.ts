/** Loads datasets off the main thread: built-in presets and the user's files, with progress and cancel. */
import { expose, transfer, type Endpoint } from 'comlink';
import { samplesBuffers } from '../src/engine/index.ts';
import { createIngestApi, type IngestApi, type LoadedData } from '../src/ingest/api.ts';
import { answerPings } from '../src/runtime/workerPort.ts';

/** The loaded arrays move to the page (transferred, not copied: a big load is not held twice). */
function moved(r: LoadedData): LoadedData {
  const buffers =
    r.kind === 'samples'
      ? samplesBuffers(r.samples)
      : [r.inst.data.buffer, r.avg?.data.buffer].filter((b) => b instanceof ArrayBuffer);
  return transfer(r, [...new Set(buffers)]);
}

const api = createIngestApi();
const worker: IngestApi = {
  ...api,
  loadPreset: (...a) => api.loadPreset(...a).then(moved),
  loadFiles: (...a) => api.loadFiles(...a).then(moved),
  loadFile: (...a) => api.loadFile(...a).then(moved),
  loadSource: (...a) => api.loadSource(...a).then((r) => moved(r) as typeof r),
};
answerPings(self as unknown as Endpoint);
expose(worker);
