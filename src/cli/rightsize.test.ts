/**
 * `rightsize` on exported Prometheus answers: replicas grouped into workloads, krr's numbers equal
 * a direct per-pod p95 of the answers' learned part, and every output read back (JSON, CSV, the
 * YAML patches applied to Deployment manifests with a YAML parser, one HTML file without a script
 * or an outside resource); the bad inputs of the command get a message naming what.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { inProcess } from './testing/run.ts';
import { mergeByName, type Manifest } from './testing/patch.ts';
import { Rng } from '../engine/index.ts';
import { parseCsv } from '../engine/csvText.ts';
import { dataPath } from '../ingest/testing.ts';

const INSTANTS = 480;
const CORES = 4;
const START = 1_700_000_000;
const PODS = [
  'web-7d4b9c8f6-x2x5k',
  'web-7d4b9c8f6-bq9zl',
  'web-7d4b9c8f6-q7w4m',
  'db-0',
  'db-1',
  'agent-k2x9z',
  'legacy-box',
];
let dir: string;
let answers: string;
const usage: number[][] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'slopack-rightsize-'));
  const rng = new Rng(47);
  const result = PODS.map((pod, i) => {
    const values = Array.from({ length: INSTANTS }, (_, k) => {
      const wave = 1 + 0.8 * Math.sin((2 * Math.PI * k) / 240);
      return Number((rng.nextFloat() * 0.4 * wave * (1 + (i % 3))).toFixed(3));
    });
    usage.push(values);
    return {
      metric: { namespace: i === 6 ? 'ops' : 'shop', pod, container: 'app' },
      values: values.map((v, k) => [START + 60 * k, String(v)]),
    };
  });
  answers = join(dir, 'answers.json');
  writeFileSync(
    answers,
    JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = () => [
  'rightsize',
  '--data',
  answers,
  '--cores-per-machine',
  String(CORES),
  '--learn',
  '0:0.5',
];

/** NumPy's percentile (linear), written out here. */
function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * 0.95;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * (s[lo + 1] - s[lo]);
}

interface Report {
  unit: string;
  workloads: {
    id: string;
    kind: string;
    pods: number;
    request: number;
    requests: Record<string, number | null>;
  }[];
  comparison: {
    strategy: string;
    requested: number;
    replays: { scenario: string; nodes: number; worst: { q: number } }[];
  }[];
  ungrouped: string[];
}

describe('rightsize on exported answers', () => {
  let report: Report;

  it('groups the replicas, and krr equals the largest per-pod p95 of the learned part', async () => {
    const r = await inProcess(...base(), '--json');
    expect(r.status, r.stderr).toBe(0);
    report = JSON.parse(r.stdout) as Report;
    expect(report.unit).toBe('cores');
    expect(report.workloads.map((w) => [w.id, w.kind, w.pods])).toEqual([
      ['shop/Deployment/web', 'Deployment', 3],
      ['shop/StatefulSet/db', 'StatefulSet', 2],
      ['shop/DaemonSet/Job/agent', 'DaemonSet/Job', 1],
      ['namespace=ops,pod=legacy-box,container=app'.split(',').sort().join(','), 'Pod', 1],
    ]);
    expect(report.ungrouped).toHaveLength(1);
    expect(r.stderr).toMatch(/1 of 7 pods follow no controller's name pattern.*legacy-box/);
    const groups = [[0, 1, 2], [3, 4], [5], [6]];
    groups.forEach((pods, k) => {
      const direct = Math.max(...pods.map((p) => p95(usage[p].slice(0, INSTANTS / 2))));
      expect(report.workloads[k].requests.krr).toBeCloseTo(direct, 3);
    });
    expect(report.comparison.map((c) => c.strategy)).toEqual(['slopack', 'krr', 'vpa']);
    for (const c of report.comparison)
      expect(c.replays.map((p) => p.scenario)).toEqual(['fresh', 'rollout:1']);
  });

  it('writes CSV, YAML patches that apply to Deployments, and one HTML file', async () => {
    const csv = await inProcess(...base(), '--format', 'csv');
    const rows = parseCsv(csv.stdout.trim()).map((r) => r.cells);
    expect(rows[0]).toEqual([
      'workload',
      'kind',
      'namespace',
      'name',
      'pods',
      'slopack_cores',
      'krr_cores',
      'vpa_cores',
    ]);
    expect(rows.slice(1).map((r) => Number(r[6]))).toEqual(
      report.workloads.map((w) => w.requests.krr),
    );

    const yaml = await inProcess(...base(), '--format', 'yaml', '--strategy', 'vpa');
    const docs = parseAllDocuments(yaml.stdout).map((d) => d.toJS() as Manifest);
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`)).toEqual([
      'Deployment/web',
      'StatefulSet/db',
      'DaemonSet/agent',
      'Pod/legacy-box',
    ]);
    const manifest = parse(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n        - name: app\n          image: registry.local/web:1\n          resources: {requests: {cpu: 2000m, memory: 1Gi}}\n        - name: sidecar\n          image: envoy\n',
    ) as Manifest;
    const patched = mergeByName(manifest, docs[0]) as Manifest;
    const app = patched.spec.template.spec.containers.find((c) => c.name === 'app')!;
    expect(app.image).toBe('registry.local/web:1');
    expect(app.resources.requests.memory).toBe('1Gi');
    expect(app.resources.requests.cpu).toBe(
      `${Math.round(report.workloads[0].requests.vpa! * 1000)}m`,
    );
    expect(patched.spec.template.spec.containers).toHaveLength(2);

    const out = join(dir, 'report.html');
    const html = await inProcess(...base(), '--format', 'html', '--out', out);
    expect(html.status, html.stderr).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/<script|<link|src=|href=/i);
    expect(page).toContain('<th>strategy</th>');
    for (const s of ['slopack', 'krr', 'vpa']) expect(page).toContain(`<td>${s}</td>`);
  });

  it('refuses what it cannot use, naming it', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--namespace', 'nope'],
        /--namespace nope matches none of the 7 pods \(their namespaces: shop, ops\)/,
      ],
      [['--selector', 'app=web'], /--selector app=web matches none of the 7 pods/],
      [['--selector', 'app'], /"app" is not a label matcher/],
      [['--format', 'xml'], /invalid --format "xml"/],
      [['--target', '2'], /invalid --target 2/],
    ];
    for (const [extra, message] of cases) {
      const r = await inProcess(...base(), ...extra);
      expect(r.status, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const ok = await inProcess(...base(), '--namespace', 'shop', '--min-request', '1.5', '--json');
    const kept = JSON.parse(ok.stdout) as Report;
    expect(kept.workloads).toHaveLength(3);
    for (const w of kept.workloads)
      for (const v of Object.values(w.requests)) expect(v).toBeGreaterThanOrEqual(1.5);
    expect(ok.stderr).toMatch(
      /requests were below the cluster's minimum 1.5 \(--min-request\) and were raised to it \(shop\/[A-Za-z]+\/[a-z]+(, shop\/[A-Za-z]+\/[a-z]+)*\)/,
    );
  });

  it('names krr’s 100-point rule for a workload learned on fewer samples, and places it', async () => {
    // 48 learned instants a pod: the web's three replicas hold 144 samples, the two db pods 96.
    const r = await inProcess(...base(), '--learn', '0:0.1', '--json');
    expect(r.status, r.stderr).toBe(0);
    const short = JSON.parse(r.stdout) as {
      workloads: {
        id: string;
        requests: Record<string, number | null>;
        no_request: Record<string, string>;
      }[];
    };
    const db = short.workloads.find((w) => w.id.endsWith('/db'))!;
    expect(db.requests.krr).toBeNull();
    expect(db.no_request.krr).toMatch(
      /not enough data: 96 samples over its pods, krr's simple strategy needs 100 \(points_required\)/,
    );
    expect(short.workloads.find((w) => w.id.endsWith('/web'))!.requests.krr).toBeGreaterThan(0);
    expect(r.stderr).toMatch(
      /krr: \d+ workloads have no recommendation \(not enough data: .*they are placed without a request/,
    );
  });
});

describe('rightsize with a memory file beside the CPU file', () => {
  it('gives the Google 2011 jobs memory requests in machines, krr the learned peak + 15 %', async () => {
    const rows = (text: string) => text.split('\n').slice(0, 11).join('\n') + '\n';
    const cpu = join(dir, 'gcd_cpu.csv');
    const mem = join(dir, 'gcd_mem.csv');
    writeFileSync(
      cpu,
      rows(readFileSync(dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv'), 'utf8')),
    );
    const memText = rows(
      gunzipSync(
        readFileSync(dataPath('google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz')),
      ).toString('utf8'),
    );
    writeFileSync(mem, memText);
    const r = await inProcess(
      'rightsize',
      '--target',
      '0.01',
      '--data',
      cpu,
      '--memory',
      mem,
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      memory_unit: string;
      learned: { start: number; end: number };
      workloads: { id: string; memory_requests: Record<string, number | null> }[];
    };
    expect(report.memory_unit).toBe('machines');
    expect(report.learned).toEqual({ start: 0, end: 144 });
    const table = parseCsv(memText).map((record) => record.cells);
    expect(report.workloads).toHaveLength(10);
    for (const w of report.workloads) {
      const row = table.find((cells) => cells[0] === w.id)!;
      const learnedPeak = Math.max(...row.slice(1, 145).map(Number)) / 100;
      expect(w.memory_requests.krr, w.id).toBeCloseTo(learnedPeak * 1.15, 5);
      expect(w.memory_requests.slopack!, w.id).toBeGreaterThanOrEqual(learnedPeak - 1e-6);
    }
    const yaml = await inProcess(
      'rightsize',
      '--target',
      '0.01',
      '--data',
      cpu,
      '--memory',
      mem,
      '--format',
      'yaml',
    );
    // Machine units of memory are written as bytes by --memory-per-machine (default 4 GiB a
    // core, the data's machine one core): the patches scale with it.
    expect(yaml.stdout).toMatch(/# memory in machines, one machine read as 4096Mi/);
    const bigger = await inProcess(
      'rightsize',
      '--target',
      '0.01',
      '--data',
      cpu,
      '--memory',
      mem,
      '--memory-per-machine',
      '16Gi',
      '--format',
      'yaml',
    );
    expect(bigger.stdout).toMatch(/# memory in machines, one machine read as 16384Mi/);
    const memoryLines = (text: string) => [...text.matchAll(/memory: (\S+)/g)].map((m) => m[1]);
    expect(memoryLines(yaml.stdout).length).toBeGreaterThan(0);
    expect(memoryLines(bigger.stdout)).not.toEqual(memoryLines(yaml.stdout));
  });
});
