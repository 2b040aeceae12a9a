/**
 * `cluster --prometheus`: CPU and memory of a real Prometheus (Debian's, a backfilled Bitbrains
 * history of the last hours) packed on the server's own nodes; the memory samples are the server's
 * bytes over the node's allocatable memory; a server without allocatable memory names the flag; a
 * range older than the server's retention is refused before anything is fetched, and a range that
 * begins before it is said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CPU_QUERY, DEFAULT_MEMORY_QUERY } from '../engine/index.ts';
import { loadSourceCluster } from '../ingest/prometheusCluster.ts';
import { main } from './main.ts';
import { startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';

const HOURS = 6 * 3600;
const NODE_CORES = 8;
const NODE_MEMORY = 64 * 2 ** 30;
const start = Math.floor(Date.now() / 60_000) * 60 - HOURS - 600;
const end = start + HOURS;
let withMemory: RunningPrometheus;
let bare: RunningPrometheus;

beforeAll(async () => {
  const history = { pods: 12, nodes: 3, nodeCores: NODE_CORES, seconds: HOURS, scrape: 60, start };
  withMemory = await startPrometheus({ ...history, nodeMemoryBytes: NODE_MEMORY });
  bare = await startPrometheus(history, { retention: '3d' });
}, 300_000);

afterAll(async () => {
  await withMemory?.stop();
  await bare?.stop();
});

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((s: string) => (
    errors.push(String(s)),
    true
  )) as typeof process.stderr.write;
  try {
    const code = await main(args, (s) => lines.push(s));
    return { code, out: lines.join('\n'), err: errors.join('') };
  } finally {
    process.stderr.write = write;
  }
}

const range = ['--start', String(start), '--end', String(end), '--step', '60s'];

describe('cluster --prometheus: CPU and memory from a real server', () => {
  it('reads memory in bytes of the node allocatable the server exports, joined to CPU per pod', async () => {
    const source = { url: withMemory.url, query: DEFAULT_CPU_QUERY, start, end, step: 60 };
    const c = await loadSourceCluster(source, {}, { resources: ['cpu', 'mem'] });
    expect(c.coresPerMachine).toBe(NODE_CORES);
    expect(c.memoryPerMachine).toBe(NODE_MEMORY);
    expect(c.memoryFrom).toBe('kube_node_status_allocatable');
    expect(c.samples.ids.length).toBe(12);
    const p = new URLSearchParams({
      query: DEFAULT_MEMORY_QUERY,
      start: String(start),
      end: String(end),
      step: '60',
    });
    const answer = (await (await fetch(`${withMemory.url}/api/v1/query_range?${p}`)).json()) as {
      data: { result: { metric: Record<string, string>; values: [number, string][] }[] };
    };
    expect(answer.data.result.length).toBe(12);
    for (const r of answer.data.result) {
      const i = c.samples.ids.findIndex((id) => id.includes(r.metric.pod));
      expect(i, r.metric.pod).toBeGreaterThanOrEqual(0);
      const mem = c.samples.samples[1][i];
      const cpu = c.samples.samples[0][i];
      expect(cpu.length).toBe(mem.length);
      // The rate() starts a window after the gauge: the memory kept is the answer's tail.
      const tail = r.values.slice(r.values.length - mem.length).map(([, v]) => Number(v));
      expect(Array.from(mem, (m) => m * NODE_MEMORY)).toEqual(
        tail.map((v) => expect.closeTo(v, 0)),
      );
    }
  });

  it('packs CPU and memory on the reference node and says the nodes in cores and bytes', async () => {
    const r = await run([
      'cluster',
      '--prometheus',
      withMemory.url,
      ...range,
      '--realizations',
      '200',
      '--json',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as Record<string, unknown> & {
      reference_node: { cores: number; memory_bytes: number };
      machines: number;
      nodes: number;
      cores: number;
      memory_bytes: number;
      q: { cpu: number; mem: number };
    };
    expect(doc.tasks).toBe(12);
    expect(doc.reference_node).toEqual({
      cores: NODE_CORES,
      memory_bytes: NODE_MEMORY,
      memory_from: 'kube_node_status_allocatable',
    });
    expect(doc.machines).toBeGreaterThan(0);
    expect(doc.nodes).toBe(doc.machines);
    expect(doc.cores).toBe(doc.machines * NODE_CORES);
    expect(doc.memory_bytes).toBe(doc.machines * NODE_MEMORY);
    expect(Object.keys(doc.q)).toEqual(['cpu', 'mem']);
    expect(doc).not.toHaveProperty('power_note');
  });

  it('names --memory-per-machine when the server exports no node memory, and takes it', async () => {
    const r = await run(['cluster', '--prometheus', bare.url, ...range, '--json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/memory per node needed.*--memory-per-machine/);
    const bad = await run([
      'cluster',
      '--prometheus',
      bare.url,
      ...range,
      '--memory-per-machine',
      'lots',
    ]);
    expect(bad.err).toMatch(/--memory-per-machine "lots": expected bytes or a size/);
    const ok = await run([
      'cluster',
      '--prometheus',
      bare.url,
      ...range,
      '--memory-per-machine',
      '64Gi',
      '--realizations',
      '200',
      '--json',
    ]);
    expect(ok.code).toBe(0);
    const doc = JSON.parse(ok.out) as { reference_node: unknown; tasks: number };
    expect(doc.tasks).toBe(12);
    expect(doc.reference_node).toEqual({
      cores: NODE_CORES,
      memory_bytes: NODE_MEMORY,
      memory_from: 'given',
    });
  });
});

describe('data in cores: machines said as nodes and cores', () => {
  it('sweep on a Prometheus source gives each packing in nodes of the server’s cores', async () => {
    const r = await run([
      'sweep',
      '--prometheus',
      withMemory.url,
      ...range,
      '--instances',
      '1',
      '--realizations',
      '100',
      '--fits',
      'gpa:0.01,max',
      '--algos',
      'bf',
      '--workers',
      '0',
    ]);
    expect(r.code).toBe(0);
    const rows = r.out.split('\n').map((l) => JSON.parse(l) as Record<string, number>);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.cores_per_machine).toBe(NODE_CORES);
      expect(row.nodes).toBe(row.m_abs);
      expect(row.cores).toBe(row.m_abs * NODE_CORES);
    }
  });
});

describe('--prometheus: the range against the server’s retention', () => {
  it('refuses a range older than the server keeps before fetching, and says a partial one', async () => {
    const old = await run([
      'inspect',
      '--prometheus',
      bare.url,
      '--start',
      'now-10d',
      '--end',
      'now-9d',
      '--step',
      '5m',
    ]);
    expect(old.code).not.toBe(0);
    expect(old.err).toMatch(
      /older than anything the server keeps: the server keeps 3 days of history \(storage\.tsdb\.retention\.time\)/,
    );
    expect(old.err).not.toMatch(/read .*chunk/);
    const partial = await run([
      'inspect',
      '--prometheus',
      bare.url,
      '--range',
      '4d',
      '--step',
      '5m',
    ]);
    expect(partial.code).toBe(0);
    expect(partial.err).toMatch(
      /The range starts at .*, before the oldest history the server keeps \(the server keeps 3 days/,
    );
  });
});
