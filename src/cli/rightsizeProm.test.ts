/**
 * `rightsize --prometheus` against a real Prometheus (Debian's, started here on a backfilled
 * history of Bitbrains VMs named as Deployment and StatefulSet replicas, with `kube_pod_owner`,
 * `kube_pod_labels` and `kube_pod_container_resource_requests`): the pods grouped by their owners,
 * krr's requests equal a per-pod p95 and the VPA's a p90 of a decaying histogram × 1.15, both
 * computed here from the server's own answer, the YAML patches applied to a Deployment manifest,
 * today's requests read, `--selector` and `--namespace` kept to, and bad input named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { inProcess } from './testing/run.ts';
import { HISTORY_START, startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';
import { rightsizeQuery } from './commands/rightsize/cluster.ts';
import { mergeByName, type Manifest } from './testing/patch.ts';

const DAY = 86400;
const PODS = 10;
const CORES = 4;
let prom: RunningPrometheus;

beforeAll(async () => {
  prom = await startPrometheus({
    pods: PODS,
    nodes: 3,
    nodeCores: CORES,
    seconds: DAY,
    scrape: 60,
    workloads: true,
  });
}, 240_000);

afterAll(async () => {
  await prom?.stop();
});

const args = () => [
  'rightsize',
  '--prometheus',
  prom.url,
  '--start',
  String(HISTORY_START + 600),
  '--end',
  String(HISTORY_START + DAY),
  '--step',
  '300',
];

/** The server's answer to the default CPU query over the command's range. */
async function serverCpu() {
  const q = new URLSearchParams({
    query: rightsizeQuery(undefined),
    start: String(HISTORY_START + 600),
    end: String(HISTORY_START + DAY),
    step: '300',
  });
  return (await (await fetch(`${prom.url}/api/v1/query_range?${q}`)).json()) as {
    data: { result: { metric: { pod: string }; values: [number, string][] }[] };
  };
}

/**
 * The VPA recommender's CPU target of a workload's samples [time s, cores], written out: each
 * sample weighted 2^(age / 24 h) in buckets from 0.01 core growing 5 %, the first bucket whose
 * cumulative weight reaches 0.9 of the total, its end × 1.15, at least 25 m, up to a millicore.
 */
function vpaCpuOf(samples: [number, number][]): number {
  const bucket = (v: number) =>
    v < 0.01 ? 0 : Math.floor(Math.log((v * 0.05) / 0.01 + 1) / Math.log(1.05));
  const end = (b: number) => (0.01 * (1.05 ** (b + 1) - 1)) / 0.05;
  const origin = Math.min(...samples.map(([t]) => t));
  const weighted = samples
    .map(([t, v]) => ({ b: bucket(v), w: 2 ** ((t - origin) / DAY) }))
    .sort((x, y) => x.b - y.b);
  const total = weighted.reduce((a, x) => a + x.w, 0);
  let partial = 0;
  const reached = weighted.find((x) => (partial += x.w) >= 0.9 * total)!.b;
  return Math.ceil(Math.round(Math.max(end(reached) * 1.15, 0.025) * 1e9) / 1e6) / 1000;
}

/** NumPy's percentile (linear), written out here. */
function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * 0.95;
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

interface Report {
  unit: string;
  learned: { start: number; end: number };
  workloads: {
    id: string;
    kind: string;
    grouped_by: string;
    pods: number;
    requests: Record<string, number | null>;
    memory_requests?: Record<string, number | null>;
  }[];
  comparison: { strategy: string }[];
}

describe('rightsize against a real Prometheus', () => {
  it('groups by owner, and krr equals a p95 of the server’s own answer', async () => {
    const r = await inProcess(...args(), '--json');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.unit).toBe('cores');
    const ids = report.workloads.map((w) => [w.id, w.kind, w.grouped_by, w.pods]);
    expect(ids).toEqual(
      expect.arrayContaining([
        ['shop/Deployment/web', 'Deployment', 'owner', 3],
        ['shop/StatefulSet/db', 'StatefulSet', 'owner', 3],
        ['shop/Deployment/cache', 'Deployment', 'owner', 3],
      ]),
    );
    expect(ids).toHaveLength(4);
    expect(r.stderr).toMatch(/1 of 10 pods follow no controller's name pattern.*standalone/);
    expect(report.comparison.map((c) => c.strategy)).toEqual(['slopack', 'krr', 'vpa', 'today']);

    const q = new URLSearchParams({
      query: rightsizeQuery(undefined),
      start: String(HISTORY_START + 600),
      end: String(HISTORY_START + DAY),
      step: '300',
    });
    const answer = (await (await fetch(`${prom.url}/api/v1/query_range?${q}`)).json()) as {
      data: { result: { metric: { pod: string }; values: [number, string][] }[] };
    };
    const learnedEnd = HISTORY_START + 600 + 300 * (report.learned.end - 1);
    const byApp = new Map<string, number>();
    for (const s of answer.data.result) {
      const app = /^web-/.test(s.metric.pod)
        ? 'web'
        : /^db-/.test(s.metric.pod)
          ? 'db'
          : /^cache-/.test(s.metric.pod)
            ? 'cache'
            : 'standalone';
      const learned = s.values.filter(([t]) => t <= learnedEnd).map(([, v]) => Number(v));
      byApp.set(app, Math.max(byApp.get(app) ?? 0, p95(learned)));
    }
    for (const w of report.workloads) {
      const app = w.id
        .split('/')
        .at(-1)!
        .replace(/^.*pod=/, '');
      expect(w.requests.krr, w.id).toBeCloseTo(byApp.get(app)!, 3);
      expect(w.requests.today, w.id).toBeGreaterThan(0);
    }
  });

  it('gives the VPA’s p90 of a decaying histogram × 1.15, and YAML patches that apply to a Deployment', async () => {
    const r = await inProcess(...args(), '--json');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    const learnedEnd = HISTORY_START + 600 + 300 * (report.learned.end - 1);
    const samples = new Map<string, [number, number][]>();
    for (const s of (await serverCpu()).data.result) {
      const app = /^(web|db|cache)-/.exec(s.metric.pod)?.[1] ?? 'standalone';
      const learned = s.values.filter(([t]) => t <= learnedEnd).map(([t, v]) => [t, Number(v)]);
      samples.set(app, [...(samples.get(app) ?? []), ...(learned as [number, number][])]);
    }
    for (const w of report.workloads) {
      const app = w.id
        .split('/')
        .at(-1)!
        .replace(/^.*pod=/, '');
      expect(w.requests.vpa, w.id).toBeCloseTo(vpaCpuOf(samples.get(app)!), 9);
    }

    const yaml = await inProcess(
      ...args(),
      '--format',
      'yaml',
      '--strategy',
      'vpa',
      '--container',
      'app',
    );
    expect(yaml.status, yaml.stderr).toBe(0);
    const patches = parseAllDocuments(yaml.stdout).map((d) => d.toJS() as Manifest);
    const web = patches.find((p) => p.kind === 'Deployment' && p.metadata.name === 'web')!;
    const manifest = parse(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n        - name: app\n          image: registry.local/app:1\n          resources: {requests: {cpu: 2000m, memory: 1Gi}}\n        - name: sidecar\n          image: envoy\n',
    ) as Manifest;
    const patched = mergeByName(manifest, web) as Manifest;
    const containers = patched.spec.template.spec.containers;
    expect(containers.map((c) => c.name)).toEqual(['app', 'sidecar']);
    const app = containers[0];
    expect(app.image).toBe('registry.local/app:1');
    const webReport = report.workloads.find((w) => w.id.endsWith('/web'))!;
    expect(app.resources.requests.cpu).toBe(`${Math.round(webReport.requests.vpa! * 1000)}m`);
    expect(app.resources.requests.memory).toBe(
      `${Math.ceil(webReport.memory_requests!.vpa! / 2 ** 20)}Mi`,
    );
  });

  it('keeps to --selector and --namespace, and names what matches nothing', async () => {
    const web = await inProcess(...args(), '--selector', 'app=web', '--json');
    expect(web.status, web.stderr).toBe(0);
    const report = JSON.parse(web.stdout) as Report;
    expect(report.workloads.map((w) => w.id)).toEqual(['shop/Deployment/web']);
    const cases: [string[], RegExp][] = [
      [['--selector', 'app=nope'], /--selector app=nope matches none of the 10 pods/],
      [['--prometheus-header', 'X-Scope-OrgID'], /expected NAME=VALUE.*no "=" found/],
    ];
    for (const [extra, message] of cases) {
      const r = await inProcess(...args(), ...extra);
      expect(r.status, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const none = await inProcess(...args(), '--namespace', 'nope');
    expect(none.status).not.toBe(0);
    expect(none.stderr).toMatch(/nope/);
  });
});

/** The VPA's memory target of some daily peaks of equal weight, written out from its histogram. */
function vpaMemoryOf(peaks: number[]): number {
  const first = 1e7;
  const ratio = 1.05;
  const bucket = (v: number) =>
    v < first ? 0 : Math.floor(Math.log((v * (ratio - 1)) / first + 1) / Math.log(ratio));
  const start = (b: number) => (first * (ratio ** b - 1)) / (ratio - 1);
  const sorted = peaks.map(bucket).sort((a, b) => a - b);
  const reached = sorted[Math.ceil(0.9 * sorted.length) - 1];
  return Math.ceil(Math.max(start(reached + 1) * 1.15, 250 * 2 ** 20));
}

describe('memory requests from the working set', () => {
  it('krr max + 15 % and the VPA’s p90 of daily peaks × 1.15, computed here from the server', async () => {
    const r = await inProcess(...args(), '--json');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report & { memory_unit: string };
    expect(report.memory_unit).toBe('bytes');
    const q = new URLSearchParams({
      query:
        'sum by (namespace, pod) (container_memory_working_set_bytes{container!="", image!=""})',
      start: String(HISTORY_START + 600),
      end: String(HISTORY_START + DAY),
      step: '300',
    });
    const answer = (await (await fetch(`${prom.url}/api/v1/query_range?${q}`)).json()) as {
      data: { result: { metric: { pod: string }; values: [number, string][] }[] };
    };
    const learnedEnd = HISTORY_START + 600 + 300 * (report.learned.end - 1);
    const peaks = new Map<string, number[]>();
    for (const s of answer.data.result) {
      const app = /^(web|db|cache)-/.exec(s.metric.pod)?.[1] ?? 'standalone';
      const learned = s.values.filter(([t]) => t <= learnedEnd).map(([, v]) => Number(v));
      peaks.set(app, [...(peaks.get(app) ?? []), Math.max(...learned)]);
    }
    expect(report.workloads).toHaveLength(4);
    for (const w of report.workloads) {
      const app = w.id
        .split('/')
        .at(-1)!
        .replace(/^.*pod=/, '');
      const appPeaks = peaks.get(app)!;
      const peak = Math.max(...appPeaks);
      expect(w.memory_requests!.krr, w.id).toBe(Math.ceil(peak * 1.15));
      expect(w.memory_requests!.vpa, w.id).toBe(vpaMemoryOf(appPeaks));
      expect(w.memory_requests!.slopack!, w.id).toBeGreaterThanOrEqual(Math.ceil(peak));
    }
    const yaml = await inProcess(...args(), '--format', 'yaml', '--strategy', 'krr');
    const patches = parseAllDocuments(yaml.stdout).map((d) => d.toJS()) as {
      metadata: { name: string };
      spec: {
        template: { spec: { containers: { resources: { requests: { memory: string } } }[] } };
      };
    }[];
    const web = patches.find((p) => p.metadata.name === 'web')!;
    const webKrr = report.workloads.find((w) => w.id.endsWith('/web'))!.memory_requests!.krr!;
    expect(web.spec.template.spec.containers[0].resources.requests.memory).toBe(
      `${Math.ceil(webKrr / 2 ** 20)}Mi`,
    );
    const csv = await inProcess(...args(), '--format', 'csv');
    const [head, ...rows] = csv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const column = head.indexOf('vpa_memory_bytes');
    expect(column).toBeGreaterThan(0);
    const webRow = rows.find((row) => row[0].endsWith('/web'))!;
    expect(Number(webRow[column])).toBe(
      report.workloads.find((w) => w.id.endsWith('/web'))!.memory_requests!.vpa,
    );
    const table = await inProcess(...args());
    expect(table.stdout).toMatch(/slopack memory\s+krr memory\s+vpa memory/);
    const html = await inProcess(...args(), '--format', 'html');
    expect(html.stdout).toMatch(/<th>krr memory<\/th>/);
  });
});
