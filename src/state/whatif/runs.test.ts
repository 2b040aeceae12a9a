/**
 * The Replay view's run on the user's data: 60 PlanetLab VMs read by the real loader, as an upload
 * gives them, replayed by two schedulers on the engine's job (an inline runner), no bundled history
 * read. What is checked comes from outside the replay: every judged instant's node totals add up to
 * the aligned series' total at that instant (no pod lost or counted twice by the page's slicing), a
 * node's q and overloaded instants agree with its drawn usage against its capacity, and the same
 * settings give the same numbers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { alignSamples } from '../../engine/data/index.ts';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { toDataset } from '../common/sources/datasets.ts';
import { seriesSource, type LoadedSeries } from '../common/sources/seriesSource.ts';
import type { ExplorerState } from '../common/store/store.ts';
import { DEFAULT_WHATIF, type WhatifSettings } from './params.ts';
import { refreshWhatif, replayKey, setWhatifIngest, whatifRuns } from './runs.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

const bundledReads: string[] = [];
setWhatifIngest({
  loadFile: (file) => {
    bundledReads.push(file);
    return Promise.reject(new Error(`a bundled history was read: ${file}`));
  },
  loadPreset: () => Promise.reject(new Error('no presets here')),
  loadFiles: () => Promise.reject(new Error('no files here')),
  previewFiles: () => Promise.reject(new Error('no previews here')),
} satisfies FileIngest);

async function uploaded(): Promise<LoadedSeries> {
  const file = 'planetlab-cloudsim/planetlab_20110303.csv';
  const loaded = await loadDataset([await dataInput(file)], {
    format: 'wide',
    scale: 1,
    maxTasks: 60,
  });
  const ds = toDataset('upload-key', 'planetlab_20110303.csv', {
    ...loaded,
    preset: null,
    hash: 'h',
  } as Parameters<typeof toDataset>[2]);
  const source = seriesSource({
    params: { dataset: 'upload' },
    data: { status: 'ready', key: null, dataset: ds, progress: null, error: null },
  } as unknown as {
    params: Pick<ExplorerState['params'], 'dataset'>;
    data: ExplorerState['data'];
  });
  if (source.kind !== 'loaded') throw new Error(`expected the loaded data, got ${source.kind}`);
  return source.data;
}

async function replayed(s: WhatifSettings, data: LoadedSeries) {
  await refreshWhatif(runner, s, false, data);
  const run = whatifRuns.getState().replay;
  expect(run.status, run.error ?? '').toBe('ready');
  expect(run.result!.key).toBe(replayKey(s, data));
  return run.result!.value;
}

describe('the Replay view on the data loaded', () => {
  it('replays both sides on the loaded data; node totals add up to the data’s, q to the drawn usage', async () => {
    const data = await uploaded();
    const s: WhatifSettings = {
      ...DEFAULT_WHATIF,
      a: 'kube-default',
      b: 'koordinator',
      bKnob: 100,
    };
    const r = await replayed(s, data);
    expect(bundledReads).toEqual([]);
    expect(r.on).toBe('planetlab_20110303.csv');
    expect(r.sides.map((x) => x.scheduler)).toEqual(['kube-default', 'koordinator']);
    expect(r.sides[1].settings['usageThresholds.cpu']).toBe(100);
    expect(r.sides.map((x) => x.nodes.some((n) => n.overloads > 0))).toEqual([true, true]);
    const aligned = alignSamples(data.samples, data.align ?? {});
    const T = aligned.inst.cols;
    const cut = Math.floor(s.learn * T + 0.5);
    for (const side of r.sides) {
      expect(side.judged).toEqual({ start: cut, end: T });
      expect(side.unschedulable).toBe(0);
      for (let t = 0; t < T - cut; t += 7) {
        let data = 0;
        for (let p = 0; p < aligned.inst.rows; p++) data += aligned.inst.data[p * T + cut + t];
        const nodes = side.nodes.reduce((sum, n) => sum + n.usage[t], 0);
        expect(nodes).toBeCloseTo(data, 3);
      }
      for (const n of side.nodes) {
        const over = [...n.usage.keys()].filter((t) => n.usage[t] > n.capacity);
        expect(n.overloadInstants).toEqual(over);
        expect(n.q).toBeCloseTo(over.length / (T - cut), 12);
      }
      const worst = Math.max(...side.nodes.map((n) => n.q));
      expect(side.worst!.q).toBe(worst);
    }
    const again = await replayed({ ...s }, data);
    expect(again).toBe(r);
    whatifRuns.setState({ replay: { ...whatifRuns.getState().replay, key: null } });
    const rerun = await replayed(s, data);
    expect(rerun.sides.map((x) => x.nodes.map((n) => n.q))).toEqual(
      r.sides.map((x) => x.nodes.map((n) => n.q)),
    );
  });

  it('refuses a knob outside the range replayed and a rollout longer than the judged part, naming them', async () => {
    const data = await uploaded();
    await refreshWhatif(runner, { ...DEFAULT_WHATIF, b: 'koordinator', bKnob: 150 }, false, data);
    expect(whatifRuns.getState().replay.error).toBe(
      'koordinator: usageThresholds.cpu = 150 is outside the range replayed here, 20 to 100',
    );
    await refreshWhatif(
      runner,
      { ...DEFAULT_WHATIF, scenario: 'rollout', hours: 1000 },
      false,
      data,
    );
    expect(whatifRuns.getState().replay.error).toMatch(
      /^rollout:1000 lasts 12000 instants of 300 s; the judged part has \d+$/,
    );
  });
});
