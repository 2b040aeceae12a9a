/**
 * A real Prometheus (Debian's, started here on 127.0.0.1 with a backfilled Bitbrains history) read
 * by the command line: the numbers equal those of the same answers loaded from exported files, a
 * long range is fetched in chunks under the 11,000-point cap, `assess` gives per-node q equal to a
 * direct count over the server's own node sums, and every kind of bad input gets its message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CPU_QUERY, READ_PIECES, seriesAt, taskCount } from '../engine/index.ts';
import { main } from './main.ts';
import { loadFromOptions } from './io.ts';
import {
  HISTORY_START,
  freePort,
  startPrometheus,
  type RunningPrometheus,
} from './testing/prometheus.ts';

const DAY = 86400;
const NODE_CORES = 8;
let prom: RunningPrometheus;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slopack-prom-test-'));
  prom = await startPrometheus({
    pods: 40,
    nodes: 4,
    nodeCores: NODE_CORES,
    seconds: DAY,
    scrape: 30,
  });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function rangeAnswer(query: string, start: number, end: number, step: number) {
  const p = new URLSearchParams({
    query,
    start: String(start),
    end: String(end),
    step: String(step),
  });
  return (await fetch(`${prom.url}/api/v1/query_range?${p}`)).text();
}

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

const range = ['--start', String(HISTORY_START), '--end', String(HISTORY_START + DAY)];

describe('--prometheus against a real server', () => {
  it('reads a range split in chunks as the same answers exported to two files that share an instant', async () => {
    // 5 s steps over a day: 17,281 instants, more than one query may answer.
    const step = 5;
    const live = await loadFromOptions({
      prometheus: prom.url,
      ...opts(range),
      step: String(step),
    });
    // Read in READ_PIECES chunks (the cap alone would make two), on the one grid of the step.
    expect(live.report.files.length).toBe(READ_PIECES);
    const mid = HISTORY_START + 40000;
    writeFileSync(
      join(dir, 'c1.json'),
      await rangeAnswer(DEFAULT_CPU_QUERY, HISTORY_START, mid, step),
    );
    writeFileSync(
      join(dir, 'c2.json'),
      await rangeAnswer(DEFAULT_CPU_QUERY, mid, HISTORY_START + DAY, step),
    );
    const file = await loadFromOptions({
      data: `${join(dir, 'c1.json')},${join(dir, 'c2.json')}`,
      format: 'prometheus',
      'cores-per-machine': NODE_CORES,
    });
    expect(live.kind).toBe('samples');
    expect(file.kind).toBe('samples');
    if (live.kind !== 'samples' || file.kind !== 'samples') return;
    expect(file.report.notes.join(' ')).toMatch(
      /40 instant\(s\) shared by consecutive files .* merged/,
    );
    expect(live.samples.ids).toEqual(file.samples.ids);
    expect(taskCount(live.samples.inst)).toBe(40);
    for (let i = 0; i < 40; i++)
      expect(Array.from(seriesAt(live.samples.inst, i))).toEqual(
        Array.from(seriesAt(file.samples.inst, i)),
      );
    expect(live.report.units).toBe(`cores / ${NODE_CORES} cores per machine`);
  }, 120_000);

  it('keeps each sample’s timestamp for the time-aligned replay, as an exported answer does', async () => {
    const step = 60;
    const end = HISTORY_START + DAY / 4;
    const live = await loadFromOptions(
      {
        prometheus: prom.url,
        ...opts(['--start', String(HISTORY_START), '--end', String(end)]),
        step: String(step),
      },
      {},
      { times: true },
    );
    writeFileSync(
      join(dir, 't.json'),
      await rangeAnswer(DEFAULT_CPU_QUERY, HISTORY_START, end, step),
    );
    const file = await loadFromOptions(
      { data: join(dir, 't.json'), format: 'prometheus', 'cores-per-machine': NODE_CORES },
      {},
      { times: true },
    );
    if (live.kind !== 'samples' || file.kind !== 'samples') throw new Error('samples expected');
    expect(live.samples.times).toBeDefined();
    expect(live.samples.times!.length).toBe(40);
    for (let i = 0; i < 40; i++) {
      const t = Array.from(live.samples.times![i]);
      expect(t).toEqual(Array.from(file.samples.times![i]));
      expect(t.every((x, k) => k === 0 || x - t[k - 1] === step)).toBe(true);
    }
  }, 120_000);

  it('assess: per-node q equals a direct count over the node sums the server computes', async () => {
    const r = await run(['assess', '--prometheus', prom.url, ...range, '--step', '60', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const a = JSON.parse(r.out) as {
      nodes: { node: string; q: number; cores: number; tasks: string[] }[];
      overSlo: string[];
      instants: number;
    };
    const sums = JSON.parse(
      await rangeAnswer(
        `sum by (node) (${DEFAULT_CPU_QUERY})`,
        HISTORY_START,
        HISTORY_START + DAY,
        60,
      ),
    ) as { data: { result: { metric: { node: string }; values: [number, string][] }[] } };
    expect(a.nodes.map((n) => n.node)).toEqual(['node-1', 'node-2', 'node-3', 'node-4']);
    const over: string[] = [];
    for (const s of sums.data.result) {
      const n = a.nodes.find((x) => x.node === s.metric.node)!;
      expect(n.cores).toBe(NODE_CORES);
      expect(n.tasks).toHaveLength(10);
      const q = s.values.filter(([, v]) => Number(v) > NODE_CORES).length / s.values.length;
      // The server sums in float64, the aligned matrix holds float32: a count, so equal unless a
      // total sits within float32 rounding of the capacity.
      expect(n.q).toBeCloseTo(q, 3);
      if (q > 0.01) over.push(s.metric.node);
    }
    expect(a.overSlo).toEqual(over.sort());
    expect(a.overSlo.length).toBeGreaterThan(0);
    const md = await run(['assess', '--prometheus', prom.url, ...range]);
    expect(md.out).toMatch(/## Nodes as placed/);
    for (const node of a.overSlo)
      expect(md.out).toMatch(new RegExp(`\\| ${node} \\|.*\\| yes \\|`));
    expect(md.out).toMatch(/\| gpa:0\.01 \| \d+ \| \d+ \|/);
  }, 120_000);

  it('assess reads exported answers to the same numbers', async () => {
    const mid = HISTORY_START + 43200;
    writeFileSync(
      join(dir, 'a1.json'),
      await rangeAnswer(DEFAULT_CPU_QUERY, HISTORY_START, mid, 60),
    );
    writeFileSync(
      join(dir, 'a2.json'),
      await rangeAnswer(DEFAULT_CPU_QUERY, mid, HISTORY_START + DAY, 60),
    );
    const live = await run([
      'assess',
      '--prometheus',
      prom.url,
      ...range,
      '--step',
      '60',
      '--json',
    ]);
    const files = await run([
      'assess',
      '--data',
      `${join(dir, 'a1.json')},${join(dir, 'a2.json')}`,
      '--cores-per-machine',
      String(NODE_CORES),
      '--json',
    ]);
    expect(files.code).toBe(0);
    const pick = (s: string) => {
      const j = JSON.parse(s) as { nodes: unknown; repacks: unknown; instants: number };
      return { nodes: j.nodes, repacks: j.repacks, instants: j.instants };
    };
    expect(pick(files.out)).toEqual(pick(live.out));
  }, 120_000);
});

function opts(args: string[]): Record<string, string> {
  const o: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) o[args[i].slice(2)] = args[i + 1];
  return o;
}

describe('--prometheus: bad input, each with its message', () => {
  const load = (extra: string[]) => run(['inspect', '--prometheus', prom.url, ...range, ...extra]);

  it('names a counter read without rate()', async () => {
    const r = await load([
      '--query',
      'sum by (namespace, pod, node) (container_cpu_usage_seconds_total{container!=""})',
    ]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/only grows .*a counter, not a usage; query rate\(…\[5m\]\)/);
  }, 60_000);

  it('refuses pod-level and container-level series of one pod together (double count)', async () => {
    const r = await load(['--query', 'rate(container_cpu_usage_seconds_total[5m])']);
    expect(r.err).toMatch(/double count: 40 pod\(s\) come both as their own cgroup/);
  }, 60_000);

  it('warns when the query sums the pod cgroup in, and when the step is coarser than the window', async () => {
    const r = await load([
      '--query',
      'sum by (namespace, pod, node) (rate(container_cpu_usage_seconds_total[5m]))',
      '--step',
      '10m',
      '--cores-per-machine',
      '64',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /double count: the query sums container_cpu_usage_seconds_total without container!=""/,
    );
    expect(r.out).toMatch(/the step \(600 s\) is coarser than the query's rate window \(300 s\)/);
  }, 60_000);

  it("shows Prometheus's own text for a PromQL error", async () => {
    const r = await load(['--query', 'sum by (pod (rate(x[5m]))']);
    expect(r.err).toMatch(
      /Prometheus refused the query \(HTTP 400 Bad Request\): bad_data: .*parse error/,
    );
  }, 60_000);

  it('says an empty result is empty, naming the range and the query', async () => {
    const r = await load(['--query', 'no_such_metric']);
    expect(r.err).toMatch(
      /the query returned no series between 2013-07-01T00:00:00.000Z and .*: .*no_such_metric/,
    );
  }, 60_000);

  it('refuses a single unlabelled series (a scalar or cluster total)', async () => {
    const r = await load(['--query', `sum(${DEFAULT_CPU_QUERY})`, '--cores-per-machine', '1000']);
    expect(r.err).toMatch(/one series without labels .* group it by \(namespace, pod, node\)/);
  }, 60_000);

  it('counts and names NaN and +Inf samples, never reading them as 0', async () => {
    const q = `${DEFAULT_CPU_QUERY} / (${DEFAULT_CPU_QUERY} > bool 0.05)`;
    const text = await rangeAnswer(q, HISTORY_START, HISTORY_START + DAY, 60);
    const raw = text.match(/"(NaN|\+Inf)"/g) ?? [];
    const points = (
      JSON.parse(text) as { data: { result: { values: unknown[] }[] } }
    ).data.result.reduce((a, s) => a + s.values.length, 0);
    expect(raw.length).toBeGreaterThan(0);
    const r = await run(['inspect', '--prometheus', prom.url, ...range, '--query', q, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as {
      report: { filters: { id: string; count: number }[]; notes: string[]; samplesKept: number };
    };
    expect(j.report.filters.find((f) => f.id === 'not-a-number')?.count).toBe(raw.length);
    expect(j.report.notes.join(' ')).toMatch(
      /sample\(s\) not numbers dropped \(.*(NaN|\+Inf).*\), never read as 0/,
    );
    expect(j.report.samplesKept).toBe(points - raw.length);
  }, 60_000);

  it('says a refused connection, and an auth failure, with the way out', async () => {
    const nobody = await freePort(19090, 19099);
    const closed = await run(['inspect', '--prometheus', `http://127.0.0.1:${nobody}`, ...range]);
    expect(closed.err).toMatch(/cannot reach the Prometheus API: connection refused/);
    const server: Server = createServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      res.end('Unauthorized');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      const auth = await run([
        'inspect',
        '--prometheus',
        `http://127.0.0.1:${port}`,
        ...range,
        '--bearer-token',
        'secret-xyz',
      ]);
      expect(auth.err).toMatch(/HTTP 401 .*authentication failed; give a bearer token/);
      expect(auth.err).not.toMatch(/secret-xyz/);
    } finally {
      server.close();
    }
  }, 60_000);

  it('names the option when the cores per machine are not known', async () => {
    const r = await load([
      '--query',
      `sum by (namespace, pod) (${DEFAULT_CPU_QUERY.replace('sum by (namespace, pod, node) ', '')})`,
    ]);
    // The fixture exports kube_node_status_allocatable: the cores come from there.
    expect(r.code).toBe(0);
    const r2 = await run(['inspect', '--data', join(dir, 'c1.json'), '--format', 'prometheus']);
    expect(r2.err).toMatch(/\(--cores-per-machine N\)$/m);
  }, 60_000);
});
