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
import { formatNumber } from '../../present/format.ts';
import {
  REPLAY_KNOBS,
  adviseByReplay,
  parseScenario,
  replayVerdict,
} from '../../engine/whatif/index.ts';
import { replayBaseOf } from '../../runtime/jobs/whatif/whatif.ts';
import {
  knobKey,
  refreshSchedulers,
  replayKey,
  replaySnippet,
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
    // Each VM's whole share of a node: enough load that the replay's worst node is over q*.
    scale: 1,
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
    // The knob tuned by the replay on the same data: the snippet quotes its figures and verdict,
    // as an independent run of the engine's replay tuning gives them.
    expect(runs.replay.status, runs.replay.error ?? '').toBe('ready');
    expect(runs.replay.result!.key).toBe(replayKey(s, data));
    const replay = runs.replay.result!.value;
    const { base, cut, T } = replayBaseOf({ ...data!, learn: s.learn, scenario: 'fresh' });
    const engine = adviseByReplay(base, REPLAY_KNOBS.koordinator, {
      scenario: parseScenario('fresh'),
      seed: 1,
      target: s.target,
      scope: s.scope,
      validation: 'walk',
      learn: { start: 0, end: cut },
      judge: { start: cut, end: T },
    });
    expect(replay.scenario).toBe('fresh');
    expect(replay.value).toBe(engine.value);
    expect(replay.verdict).toBe(replayVerdict(engine));
    expect(replay.chosen.nodes).toBe(engine.chosen.nodes);
    expect(replay.chosen.worst).toEqual(engine.chosen.result.worst);
    const chosen = engine.value ?? engine.closest!;
    expect(replay.snippetSettings['usageThresholds.cpu']).toBe(chosen);
    const advice = runs.knob.result!.value.advice;
    const [snippet] = viewSnippets(
      advice,
      null,
      'your data, planetlab_20110303.csv',
      replaySnippet(replay),
    );
    const text = snippet.text;
    expect(text).toContain(
      'on your data, planetlab_20110303.csv, replayed as the cluster runs (fresh',
    );
    const figures =
      /# {3}(\d+) nodes, worst node (\S+) q (\S+) on the judged part, .*; verdict: (\w+)/.exec(
        text,
      );
    expect(figures, text).not.toBeNull();
    const worst = engine.chosen.result.worst!;
    expect(figures!.slice(1)).toEqual([
      String(engine.chosen.nodes),
      worst.name,
      formatNumber(worst.q, 3),
      replayVerdict(engine),
    ]);
    expect(worst.q).toBeGreaterThan(0);
    expect(text).toContain(
      engine.value === null
        ? `misses: NO value keeps q* = ${s.target} on every node on every learned fold of the replay: this is the closest: usageThresholds.cpu = ${chosen}`
        : `usageThresholds.cpu = ${chosen}`,
    );
    expect(/^ +usageThresholds:\n +cpu: (\d+)$/m.exec(text)?.[1]).toBe(String(chosen));
    const screen = (advice.tuned ?? advice.closest)!.values[0];
    expect(text).toContain(`fast screen, the one-shot fit test`);
    expect(text).toContain(`usageThresholds.cpu = ${screen} ${advice.tuned ? 'tuned' : 'closest'}`);
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
