/**
 * The Schedulers view on a Prometheus history (Debian's server, a backfilled Bitbrains history, each
 * pod's series carrying its `node` label), read as the page reads it (the ingestion worker's
 * streamed read with the cores per node the server states, made a dataset by `toDataset`): the
 * knob tuned by replay starts from the cluster as it is (`rollout:1`) on the labels' nodes, with the
 * figures of an independent run of the engine's replay tuning on the same series.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CPU_QUERY, type PromSource } from '../../engine/index.ts';
import {
  REPLAY_KNOBS,
  adviseByReplay,
  parseScenario,
  replayMissesOn,
  replayVerdict,
} from '../../engine/whatif/index.ts';
import { createIngestApi } from '../../ingest/api.ts';
import { clusterFacts, referenceCores, sourceSpec } from '../../ingest/prometheusSource.ts';
import {
  HISTORY_START,
  startPrometheus,
  type RunningPrometheus,
} from '../../cli/testing/prometheus.ts';
import { formatNumber } from '../../present/format.ts';
import { nodeQList } from '../../present/schedulers/replayNodeList.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { replayBaseOf } from '../../runtime/jobs/whatif/whatif.ts';
import { datasetKey, toDataset } from '../common/sources/datasets.ts';
import { DEFAULT_SCHEDULERS } from './params.ts';
import { refreshSchedulers, replayKey, schedulerRuns, schedulersSource } from './runs.ts';

const HOURS = 8 * 3600;
const PODS = 24;
const NODES = 2;
const NODE_CORES = 1;
let prom: RunningPrometheus;
const runner = createInlineRunner();

beforeAll(async () => {
  prom = await startPrometheus({
    pods: PODS,
    nodes: NODES,
    nodeCores: NODE_CORES,
    seconds: HOURS,
    scrape: 60,
    cpuOnly: true,
  });
}, 240_000);

afterAll(async () => {
  runner.dispose();
  await prom?.stop();
});

/** The source read as the page's Prometheus panel reads it, made the user's dataset. */
async function readAsThePage(source: PromSource) {
  const facts = await clusterFacts(source, {});
  const cores = referenceCores(facts.nodeCores);
  expect(cores).toBe(NODE_CORES);
  const loaded = await createIngestApi().loadSource(1, source, {}, sourceSpec(source, cores), null);
  return toDataset(datasetKey('upload', loaded.hash, 1), 'prometheus', loaded);
}

describe('the Schedulers view on a Prometheus history with node labels', () => {
  it('tunes by replay from the cluster as it is (rollout:1) on the labels’ nodes, as the engine does', async () => {
    const source: PromSource = {
      url: prom.url,
      query: DEFAULT_CPU_QUERY,
      start: HISTORY_START,
      end: HISTORY_START + HOURS,
      step: 60,
    };
    const ds = await readAsThePage(source);
    expect(ds.tasks).toBe(PODS);
    const src = schedulersSource({
      params: { dataset: 'upload' },
      data: { status: 'ready', key: ds.key, dataset: ds, progress: null, error: null },
    } as Parameters<typeof schedulersSource>[0]);
    expect(src.kind).toBe('loaded');
    const data = src.kind === 'loaded' ? src.data : null;
    const s = { ...DEFAULT_SCHEDULERS, scheduler: 'koordinator' };
    await refreshSchedulers(runner, s, false, data);
    const run = schedulerRuns.getState().replay;
    expect(run.status, run.error ?? '').toBe('ready');
    expect(run.result!.key).toBe(replayKey(s, data));
    const replay = run.result!.value;

    expect(replay.scenario).toBe('rollout:1');
    const labelled = Array.from({ length: NODES }, (_, k) => `node-${k + 1}`);
    // The replay starts on the labels' nodes; a node the autoscaler adds comes after them.
    for (const side of [replay.chosen, replay.defaults]) {
      expect(side.perNode.map((n) => n.name).slice(0, NODES)).toEqual(labelled);
      expect(side.perNode.length).toBe(NODES + side.nodesAdded);
    }

    const { base, cut, T } = replayBaseOf({ ...data!, learn: s.learn, scenario: 'rollout:1' });
    expect(base.nodes.map((n) => n.name)).toEqual(labelled);
    const engine = adviseByReplay(base, REPLAY_KNOBS.koordinator, {
      scenario: parseScenario('rollout:1'),
      seed: 1,
      target: s.target,
      scope: s.scope,
      validation: 'walk',
      learn: { start: 0, end: cut },
      judge: { start: cut, end: T },
    });
    expect(replay.grid).toEqual(engine.grid);
    expect(replay.foldFigures).toEqual(engine.foldFigures);
    expect(replay.value).toBe(engine.value);
    expect(replay.closest).toBe(engine.closest);
    expect(replay.verdict).toBe(replayVerdict(engine));
    expect(replay.missesOn).toBe(replayMissesOn(engine));
    for (const [page, eng] of [
      [replay.chosen, engine.chosen],
      [replay.defaults, engine.defaults],
    ] as const) {
      expect(page.settings).toEqual(eng.settings);
      expect(page.nodes).toBe(eng.nodes);
      expect(page.worst).toEqual(eng.result.worst);
      expect(page.perNode).toEqual(eng.result.nodes.map((n) => ({ name: n.name, q: n.q })));
      expect(page.slo.worst).toBe(eng.slo.worst);
    }
    // The view's list of each node's q for the tuned value: the engine's nodes, worst first, the
    // target's mark after the nodes its SLO figures count over.
    const list = nodeQList(replay.chosen.perNode, s.target);
    const byQ = [...engine.chosen.result.nodes].sort(
      (a, b) => b.q - a.q || (a.name < b.name ? -1 : 1),
    );
    expect(list.rows.map((r) => [r.name, r.q, r.text])).toEqual(
      byQ.map((n) => [n.name, n.q, formatNumber(n.q, 3)]),
    );
    expect(list.over).toBe(engine.chosen.slo.over);
    expect(list.over).toBeGreaterThan(0);
    expect(list.rows.slice(0, list.over).every((r) => r.over && r.q > s.target)).toBe(true);
    expect(list.rows.slice(list.over).every((r) => !r.over && r.q <= s.target)).toBe(true);
    // 24 VMs on two 1-core nodes: loaded enough that the figures are not all zero.
    expect(replay.defaults.perNode.some((n) => n.q > 0)).toBe(true);
  }, 240_000);
});
