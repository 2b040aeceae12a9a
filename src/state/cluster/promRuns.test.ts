/**
 * The Cluster view on a live Prometheus source (Debian's server, a backfilled Bitbrains history):
 * the slice reads CPU and memory through the ingestion API and packs them on the server's own node,
 * with the numbers of `cluster --prometheus` on the same range; without a source it says where to
 * read one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CPU_QUERY, type PromSource } from '../../engine/index.ts';
import { createIngestApi } from '../../ingest/api.ts';
import { main } from '../../cli/main.ts';
import { startPrometheus, type RunningPrometheus } from '../../cli/testing/prometheus.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { clusterRuns, refreshCluster, setClusterIngest } from './runs.ts';
import { CLUSTER_FITS, DEFAULT_CLUSTER, type ClusterSettings } from './params.ts';

const HOURS = 6 * 3600;
const start = Math.floor(Date.now() / 60_000) * 60 - HOURS - 600;
let prom: RunningPrometheus;
const runner = createInlineRunner();

/** The ingestion worker's API, run on this thread (the page runs the same code in its worker). */
const api = createIngestApi();
let token = 1;
const ingest = {
  loadSourceCluster: (source, access, options, onProgress) =>
    api.loadSourceCluster(token++, source, access, options, onProgress),
} as Partial<FileIngest> as FileIngest;
setClusterIngest(ingest);

beforeAll(async () => {
  prom = await startPrometheus({
    pods: 12,
    nodes: 3,
    nodeCores: 8,
    seconds: HOURS,
    scrape: 60,
    start,
    nodeMemoryBytes: 64 * 2 ** 30,
  });
}, 300_000);

afterAll(async () => {
  runner.dispose();
  await prom?.stop();
});

const settings: ClusterSettings = {
  ...DEFAULT_CLUSTER,
  dataset: 'prometheus',
  realizations: 200,
  periods: 2,
  k: 2,
};

/** `cluster --prometheus` on the test's range with `extra` flags, its JSON read. */
async function clusterCli(extra: readonly string[]) {
  const lines: string[] = [];
  const code = await main(
    [
      'cluster',
      '--prometheus',
      prom.url,
      '--start',
      String(start),
      '--end',
      String(start + HOURS),
      '--step',
      '60s',
      ...extra,
      '--realizations',
      '200',
      '--seed',
      '1',
      '--clairvoyance',
      '1',
      '--json',
    ],
    (l) => lines.push(l),
  );
  expect(code).toBe(0);
  return JSON.parse(lines.join('\n')) as { machines: number; q: Record<string, number> };
}

describe('the Cluster slice on a live Prometheus source', () => {
  it('packs CPU and memory on the server’s node with the numbers of cluster --prometheus', async () => {
    const source: PromSource = {
      url: prom.url,
      query: DEFAULT_CPU_QUERY,
      start,
      end: start + HOURS,
      step: 60,
    };
    await refreshCluster(runner, settings, 1, false, source);
    const s = clusterRuns.getState();
    for (const which of ['data', 'compare'] as const)
      expect(s[which].status, `${which}: ${s[which].error}`).toBe('ready');
    expect(s.data.result!.value.resources).toEqual(['cpu', 'mem']);
    expect(s.data.result!.value.ids.length).toBe(12);
    expect(s.data.result!.value.node!.name).toBe('node (8 cores, 64 GiB)');
    for (const [k, fit] of [
      [0, 'gpa:0.01:union'],
      [1, 'additive:0.01:union'],
      [3, 'maxred'],
    ] as const) {
      expect(CLUSTER_FITS[k]).toBe(fit.split(':')[0]);
      const cli = await clusterCli(['--fit', fit]);
      const page = s.compare.result!.value[k].measure;
      expect(page.machines).toBe(cli.machines);
      expect(page.qByResource).toEqual([cli.q.cpu, cli.q.mem]);
    }
  }, 240_000);

  it('packs CPU alone when Resources is CPU only, as cluster --prometheus --resources cpu', async () => {
    const source: PromSource = {
      url: prom.url,
      query: DEFAULT_CPU_QUERY,
      start,
      end: start + HOURS,
      step: 60,
    };
    await refreshCluster(runner, { ...settings, resources: 'cpu' }, 1, false, source);
    const s = clusterRuns.getState();
    expect(s.compare.status, `compare: ${s.compare.error}`).toBe('ready');
    expect(s.data.result!.value.resources).toEqual(['cpu']);
    const cli = await clusterCli(['--resources', 'cpu', '--fit', 'gpa:0.01:union']);
    const page = s.compare.result!.value[0].measure;
    expect(page.machines).toBe(cli.machines);
    expect(page.qByResource).toEqual([cli.q.cpu]);
  }, 240_000);

  it('a node memory typed in the view replaces the server’s, as --memory-per-machine', async () => {
    const source: PromSource = {
      url: prom.url,
      query: DEFAULT_CPU_QUERY,
      start,
      end: start + HOURS,
      step: 60,
    };
    await refreshCluster(runner, { ...settings, nodeMemory: 24 }, 1, false, source);
    const s = clusterRuns.getState();
    expect(s.compare.status, `compare: ${s.compare.error}`).toBe('ready');
    expect(s.data.result!.value.node!.name).toBe('node (8 cores, 24 GiB)');
    const cli = await clusterCli(['--memory-per-machine', '24Gi', '--fit', 'gpa:0.01:union']);
    const page = s.compare.result!.value[0].measure;
    expect(page.machines).toBe(cli.machines);
    expect(page.qByResource).toEqual([cli.q.cpu, cli.q.mem]);
  }, 240_000);

  it('on a server without node memory, names the view’s field, and packs once it is given', async () => {
    const bare = await startPrometheus({
      pods: 6,
      nodes: 2,
      nodeCores: 8,
      seconds: 3600,
      scrape: 60,
      start,
    });
    try {
      const source: PromSource = {
        url: bare.url,
        query: DEFAULT_CPU_QUERY,
        start,
        end: start + 3600,
        step: 60,
      };
      await refreshCluster(runner, settings, 1, false, source);
      let s = clusterRuns.getState();
      expect(s.data.status).toBe('error');
      expect(s.data.error).toMatch(/memory per node needed.*"Node memory" field/);
      await refreshCluster(runner, { ...settings, nodeMemory: 16 }, 1, false, source);
      s = clusterRuns.getState();
      expect(s.compare.status, `compare: ${s.compare.error}`).toBe('ready');
      expect(s.data.result!.value.node!.name).toBe('node (8 cores, 16 GiB)');
    } finally {
      await bare.stop();
    }
  }, 240_000);

  it('without a source, says where to read one', async () => {
    await refreshCluster(runner, { ...settings, realizations: 100 }, 1, false, null);
    const s = clusterRuns.getState();
    expect(s.data.status).toBe('error');
    expect(s.data.error).toMatch(/From Prometheus/);
  });
});
