/**
 * `replay --prometheus` and `advise --prometheus` against a real Prometheus (Debian's, started here
 * on a backfilled history of Bitbrains VMs as pods on three nodes, with
 * `kube_pod_container_resource_requests` and `kube_node_status_allocatable`): the nodes' capacity,
 * the pods' requests and the starting placement are the server's own, read back from its HTTP API
 * here; with no re-creation the replay's per-node q is `assess`'s; a placement naming a node the
 * server gives no capacity for is refused naming it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './testing/run.ts';
import { HISTORY_START, startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';

const DAY = 86400;
const PODS = 12;
const NODES = 3;
const CORES = 4;
let prom: RunningPrometheus;

beforeAll(async () => {
  prom = await startPrometheus({
    pods: PODS,
    nodes: NODES,
    nodeCores: CORES,
    seconds: DAY,
    scrape: 60,
  });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
});

const range = () => [
  '--prometheus',
  prom.url,
  '--start',
  String(HISTORY_START + 600),
  '--end',
  String(HISTORY_START + DAY),
  '--step',
  '300',
];

/** An instant vector of the server, by one label. */
async function vector(query: string, label: string): Promise<Map<string, number>> {
  const url = `${prom.url}/api/v1/query?query=${encodeURIComponent(query)}&time=${HISTORY_START + DAY}`;
  const body = (await (await fetch(url)).json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  return new Map(body.data.result.map((r) => [r.metric[label], Number(r.value[1])]));
}

interface NodeJson {
  name: string;
  capacity: number;
  pods: string[];
  q: number;
}

describe('replay against a real Prometheus', () => {
  it('starts from the node labels, with the server’s allocatable and requests; no re-creation = assess', async () => {
    const r = await inProcess(
      'replay',
      ...range(),
      '--scheduler',
      'kube-default',
      '--scenario',
      'history',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.notes.join('\n')).toMatch(
      /placement from the series' node label: 12 pods on 3 nodes/,
    );
    expect(out.notes.join('\n')).toMatch(/requests from kube_pod_container_resource_requests/);
    expect(out.notes.join('\n')).toMatch(/node capacity from kube_node_status_allocatable/);
    expect(out.requests).toBe('given');
    expect(out.millicores_per_unit).toBe(CORES * 1000);
    const allocatable = await vector('kube_node_status_allocatable{resource="cpu"}', 'node');
    const nodes = out.nodes as NodeJson[];
    expect(nodes.map((n) => n.name).sort()).toEqual([...allocatable.keys()].sort());
    for (const n of nodes) {
      expect(n.capacity).toBe(allocatable.get(n.name)! / CORES);
      // Every pod stays where its node label says (no scheduling decision).
      for (const pod of n.pods) expect(pod).toContain(`node=${n.name}`);
    }
    expect(out.decisions).toBe(0);
    const a = await inProcess('assess', ...range(), '--json');
    expect(a.status, a.stderr).toBe(0);
    const assess = JSON.parse(a.stdout);
    const assessed = new Map<string, number>(
      (assess.nodes as { node: string; q: number }[]).map((n) => [n.node, n.q]),
    );
    for (const n of nodes) expect(n.q).toBeCloseTo(assessed.get(n.name)!, 12);
  });

  it('schedules fresh on the exported requests: no node holds more requests than it has', async () => {
    const r = await inProcess(
      'replay',
      ...range(),
      '--scheduler',
      'kube-default',
      '--scenario',
      'fresh',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const requests = await vector(
      'sum by (pod) (kube_pod_container_resource_requests{resource="cpu"})',
      'pod',
    );
    const podOf = (id: string) => /pod=([^,]+)/.exec(id)![1];
    let total = 0;
    for (const n of out.nodes as NodeJson[]) {
      const held = n.pods.reduce((s, id) => s + requests.get(podOf(id))!, 0);
      expect(held).toBeLessThanOrEqual(CORES + 1e-9);
      total += n.pods.length;
    }
    expect(total).toBe(PODS);
    // Fewest nodes that hold the requests, and no more than one beyond it (LeastAllocated spreads).
    const sum = [...requests.values()].reduce((s, v) => s + v, 0);
    expect(out.nodes.length).toBeGreaterThanOrEqual(Math.ceil(sum / CORES));
  });

  it('refuses a placement naming a node the server gives no capacity for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-prom-'));
    const file = join(dir, 'placement.csv');
    const r0 = await inProcess(
      'replay',
      ...range(),
      '--scheduler',
      'kube-default',
      '--scenario',
      'history',
      '--json',
    );
    const first = (JSON.parse(r0.stdout).nodes as NodeJson[])[0].pods[0];
    writeFileSync(file, `pod,node\n"${first}",node-9\n`);
    const r = await inProcess(
      'replay',
      ...range(),
      '--scheduler',
      'kube-default',
      '--scenario',
      'history',
      '--placement',
      file,
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(
      /node "node-9" \(where pod ".*" runs\) has no capacity: the server exports no kube_node_status_allocatable/,
    );
  });
});

describe('advise --prometheus judged by the replay', () => {
  it('tunes Koordinator by rolling out the cluster as it is, and labels a miss "misses"', async () => {
    const r = await inProcess(
      'advise',
      ...range(),
      '--scheduler',
      'koordinator',
      '--target',
      '0.01',
      '--validate',
      'half',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.replay.scenario).toBe('rollout:1');
    expect(out.replay.start_nodes).toEqual(['node-1', 'node-2', 'node-3']);
    const k = out.schedulers[0];
    expect(k.tuned ?? k.closest).toBeTruthy();
    const replay = k.replay;
    const names = replay.setting.per_node.map((n: { name: string }) => n.name);
    expect(names.slice(0, 3)).toEqual(['node-1', 'node-2', 'node-3']);
    const worst = Math.max(...replay.setting.per_node.map((n: { q: number }) => n.q));
    expect(replay.setting.worst.q).toBe(worst);
    expect(replay.verdict).toBe(replay.value !== null && worst <= 0.01 ? 'tuned' : 'misses');
    expect(replay.defaults.settings['usageThresholds.cpu']).toBe(65);
  });
});
