/**
 * `assess` checks what `inspect` checks, with the same words: a query summing the pod cgroup with its
 * containers (no `container!=""`), a counter read without rate(), a range partly without samples;
 * and q now is the last hour (`--now`) beside the range's q. Against a real Prometheus (Debian's)
 * holding a two-hour history of six pods on two nodes, as cAdvisor exports them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './testing/run.ts';
import { HISTORY_START, startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';

let prom: RunningPrometheus;

beforeAll(async () => {
  prom = await startPrometheus({ pods: 6, nodes: 2, nodeCores: 4, seconds: 7200, scrape: 60 });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
});

const START = HISTORY_START + 600;
const END = HISTORY_START + 7200;
const range = ['--start', String(START), '--end', String(END)];

/** Every note of a run: assess's JSON `notes`, inspect's report's. */
async function notesOf(command: 'assess' | 'inspect', ...args: string[]): Promise<string[]> {
  const r = await inProcess(command, ...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { notes?: string[]; report?: { notes: string[] } };
  return out.notes ?? out.report?.notes ?? [];
}

interface AssessJson {
  nodes: { node: string; q: number; qNow: number; cores: number }[];
  nowInstants: number;
  instants: number;
  now: { seconds: number; start: number };
  notes: string[];
}

/** Per node, its total's instants (unix s) and cores, as Prometheus itself sums them. */
async function nodeTotals(): Promise<Map<string, [number, number][]>> {
  const query =
    'sum by (node) (rate(container_cpu_usage_seconds_total{container!="", image!=""}[5m]))';
  const url = `${prom.url}/api/v1/query_range?query=${encodeURIComponent(query)}&start=${START}&end=${END}&step=60`;
  const body = (await (await fetch(url)).json()) as {
    data: { result: { metric: { node: string }; values: [number, string][] }[] };
  };
  return new Map(
    body.data.result.map((r) => [r.metric.node, r.values.map(([t, v]) => [t, Number(v)])]),
  );
}

describe('assess checks the query as inspect does', () => {
  it('names the double count of a query without container!=""', async () => {
    const query = 'sum by (namespace, pod, node) (rate(container_cpu_usage_seconds_total[5m]))';
    const both = ['--prometheus', prom.url, ...range, '--query', query];
    const notes = await notesOf('assess', ...both);
    expect(
      notes.some((n) => /^double count/.test(n)),
      notes.join('\n'),
    ).toBe(true);
    const inspected = await inProcess('inspect', ...both, '--json');
    expect(inspected.stdout + inspected.stderr).toMatch(/double count/);
    const fine = await notesOf('assess', '--prometheus', prom.url, ...range);
    expect(fine.join('\n')).not.toMatch(/double count/);
  }, 240_000);

  it('refuses the pod cgroup and its containers read side by side, as inspect does', async () => {
    const query = 'rate(container_cpu_usage_seconds_total[5m])';
    const both = ['--prometheus', prom.url, ...range, '--query', query];
    const assessed = await inProcess('assess', ...both, '--cores-per-machine', '4');
    const inspected = await inProcess('inspect', ...both);
    expect(assessed.status).toBe(1);
    const words = /double count: 6 pod\(s\) come both as their own cgroup/;
    expect(assessed.stderr).toMatch(words);
    expect(inspected.stderr).toMatch(words);
  }, 240_000);

  it('refuses a counter above the node and notes one below it, in inspect’s words', async () => {
    const counter =
      'sum by (namespace, pod, node) (container_cpu_usage_seconds_total{container!="", image!=""})';
    const refused = await inProcess(
      'assess',
      '--prometheus',
      prom.url,
      ...range,
      '--query',
      counter,
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/only grows \(to .* points\): it is a counter, not a usage/);
    const small = ['--prometheus', prom.url, ...range, '--query', `${counter} / 1e6`];
    const said = (notes: string[]) => notes.filter((n) => /series only grow/.test(n));
    const assessNotes = said(await notesOf('assess', ...small));
    expect(assessNotes).toHaveLength(1);
    expect(assessNotes[0]).toMatch(/^\d series only grow \(counters, e\.g\. .*namespace=/);
    expect(assessNotes).toEqual(said(await notesOf('inspect', ...small, '--unit', 'cores')));
  }, 240_000);

  it('says how many hours of a range have samples, as inspect does', async () => {
    const longer = ['--start', String(START), '--end', String(START + 5 * 3600)];
    const gaps = (notes: string[]) => notes.filter((n) => /of the range have samples/.test(n));
    const assessed = gaps(await notesOf('assess', '--prometheus', prom.url, ...longer));
    expect(assessed).toHaveLength(1);
    expect(assessed[0]).toMatch(/^2 of 5 hours of the range have samples \(none in the hours from/);
    expect(assessed).toEqual(gaps(await notesOf('inspect', '--prometheus', prom.url, ...longer)));
    expect(gaps(await notesOf('assess', '--prometheus', prom.url, ...range))).toEqual([]);
  }, 240_000);
});

describe('q now is the last hour, beside the range’s q', () => {
  it('counts each node’s q over the range and over --now against Prometheus’s own sums', async () => {
    const capacity = 0.015;
    const totals = await nodeTotals();
    for (const [now, seconds] of [
      [undefined, 3600],
      ['30m', 1800],
    ] as const) {
      const r = await inProcess(
        'assess',
        '--prometheus',
        prom.url,
        ...range,
        '--capacity',
        String(capacity),
        ...(now ? ['--now', now] : []),
        '--json',
      );
      expect(r.status, r.stderr).toBe(0);
      const a = JSON.parse(r.stdout) as AssessJson;
      expect(a.now.seconds).toBe(seconds);
      expect(a.nodes).toHaveLength(2);
      for (const n of a.nodes) {
        const points = totals.get(n.node)!;
        const cores = n.cores;
        expect(cores).toBeCloseTo(4 * capacity, 9);
        const recent = points.filter(([t]) => t > END - seconds);
        expect(a.nowInstants).toBe(recent.length);
        const over = (p: [number, number][]) => p.filter(([, v]) => v > cores).length;
        expect(n.q).toBeCloseTo(over(points) / points.length, 12);
        expect(n.qNow).toBeCloseTo(over(recent) / recent.length, 12);
      }
      if (now === undefined)
        expect(
          a.nodes.some((n) => n.qNow > 0 && n.q !== n.qNow),
          JSON.stringify(a.nodes),
        ).toBe(true);
    }
    const text = await inProcess(
      'assess',
      '--prometheus',
      prom.url,
      ...range,
      '--capacity',
      '0.03',
    );
    expect(text.stdout).toMatch(/\| q over the range \| q now \(the last hour\) \|/);
    expect(text.stdout).toMatch(/over the SLO over the range/);
    const bad = await inProcess('assess', '--prometheus', prom.url, ...range, '--now', '1 hour');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/invalid --now "1 hour"/);
  }, 240_000);
});
