/**
 * The Schedulers view on the user's data: while files (or a Prometheus read) are loaded, the view
 * tunes on them and never on a bundled history, and the snippet names them. The data here are 60
 * PlanetLab VMs read by the real loader, as an upload would give them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { viewSnippets } from '../../present/schedulers/viewSnippet.ts';
import { toDataset, type Dataset } from '../common/sources/datasets.ts';
import type { ExplorerState } from '../common/store/store.ts';
import { DEFAULT_SCHEDULERS } from './params.ts';
import {
  knobKey,
  refreshSchedulers,
  schedulerRuns,
  schedulersSource,
  setSchedulersIngest,
} from './runs.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

const bundledReads: string[] = [];
setSchedulersIngest({
  loadFile: (file) => {
    bundledReads.push(file);
    return Promise.reject(new Error(`a bundled history was read: ${file}`));
  },
  loadPreset: () => Promise.reject(new Error('no presets here')),
  loadFiles: () => Promise.reject(new Error('no files here')),
  previewFiles: () => Promise.reject(new Error('no previews here')),
} satisfies FileIngest);

const VMS = 60;

async function uploaded(): Promise<Dataset> {
  const file = 'planetlab-cloudsim/planetlab_20110303.csv';
  const loaded = await loadDataset([await dataInput(file)], {
    format: 'wide',
    scale: 0.25,
    maxTasks: VMS,
  });
  return toDataset('upload-key', 'planetlab_20110303.csv', {
    ...loaded,
    preset: null,
    hash: 'h',
  } as Parameters<typeof toDataset>[2]);
}

const state = (dataset: string, data: Partial<ExplorerState['data']>) =>
  ({
    params: { dataset },
    data: { status: 'ready', key: null, dataset: null, progress: null, error: null, ...data },
  }) as Parameters<typeof schedulersSource>[0];

describe('the Schedulers view on the data loaded', () => {
  it('tunes on the loaded data, reads no bundled history, and the snippet names them', async () => {
    const ds = await uploaded();
    const source = schedulersSource(state('upload', { dataset: ds }));
    expect(source.kind).toBe('loaded');
    const data = source.kind === 'loaded' ? source.data : null;
    const s = { ...DEFAULT_SCHEDULERS, scheduler: 'koordinator' };
    await refreshSchedulers(runner, s, false, data);
    const runs = schedulerRuns.getState();
    expect(runs.history.status, runs.history.error ?? '').toBe('ready');
    expect(runs.history.result!.value.tasks).toBe(VMS);
    expect(runs.history.result!.value.instants).toBe(288);
    expect(runs.knob.status, runs.knob.error ?? '').toBe('ready');
    expect(runs.knob.result!.key).toBe(knobKey(s, data));
    expect(knobKey(s, data)).not.toBe(knobKey(s));
    expect(bundledReads).toEqual([]);
    // The tuned value judged by the replay too: fresh at the judged part, on the same data.
    expect(runs.replay.status, runs.replay.error ?? '').toBe('ready');
    const advice = runs.knob.result!.value.advice;
    const tuned = (advice.tuned ?? advice.closest)!.values[0];
    const replay = runs.replay.result!.value;
    expect(replay.value).toBe(tuned);
    expect(replay.tuned.settings['usageThresholds.cpu']).toBe(tuned);
    expect(replay.defaults.settings['usageThresholds.cpu']).toBe(65);
    const judged = runs.history.result!.value.judge.cols;
    for (const side of [replay.tuned, replay.defaults]) {
      expect(side.judged.end - side.judged.start).toBe(judged);
      expect(side.instants).toBe(288);
      expect(side.decisions).toBe(VMS);
    }
    const [snippet] = viewSnippets(
      runs.knob.result!.value.advice,
      null,
      'your data, planetlab_20110303.csv',
    );
    expect(snippet.text).toContain('# on your data, planetlab_20110303.csv (packed on the learned');
  });

  it('waits while the user’s data load, refuses a matrix, and tunes on a bundled history only without them', () => {
    expect(schedulersSource(state('upload', { status: 'running' })).kind).toBe('waiting');
    const matrix = { title: 'm.npy', samples: null } as unknown as Dataset;
    expect(schedulersSource(state('upload', { dataset: matrix }))).toEqual({
      kind: 'no-series',
      title: 'm.npy',
    });
    expect(schedulersSource(state('azure-v1', {})).kind).toBe('bundled');
  });
});
