/**
 * `replay` on the command line: with no arrivals (every pod placed from the first instant, scenario
 * history) each node's q equals `assess` on the same exported Prometheus answers; its bad inputs
 * get a message naming what and where, exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './testing/run.ts';
import { Rng } from '../engine/index.ts';

const PODS = 18;
const NODES = 4;
const INSTANTS = 240;
const CORES = 3;
let dir: string;
let answers: string;
let placement: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'slopack-replay-'));
  const rng = new Rng(45);
  const result = Array.from({ length: PODS }, (_, i) => ({
    metric: { namespace: 'ns', pod: `p${i}`, node: `n${i % NODES}` },
    values: Array.from({ length: INSTANTS }, (_, k) => [
      1_700_000_000 + 60 * k,
      (rng.nextFloat() * (0.6 + (i % 5) * 0.3)).toFixed(3),
    ]),
  }));
  answers = join(dir, 'answers.json');
  writeFileSync(
    answers,
    JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }),
  );
  placement = join(dir, 'placement.csv');
  writeFileSync(
    placement,
    ['pod,node', ...result.map((s) => `${s.metric.pod},${s.metric.node}`)].join('\n'),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = () => [
  'replay',
  '--data',
  answers,
  '--id-label',
  'pod',
  '--cores-per-machine',
  String(CORES),
];

describe('replay', () => {
  it('with no arrivals equals assess per node', async () => {
    const a = await inProcess(
      'assess',
      '--data',
      answers,
      '--cores-per-machine',
      String(CORES),
      '--json',
    );
    expect(a.status).toBe(0);
    const assessed = JSON.parse(a.stdout) as {
      nodes: { node: string; q: number; tasks: string[] }[];
    };
    for (const scheduler of ['kube-default', 'koordinator', 'trimaran-tlp']) {
      const r = await inProcess(
        ...base(),
        '--placement',
        placement,
        '--scheduler',
        scheduler,
        '--scenario',
        'history',
        '--json',
      );
      expect(r.status, r.stderr).toBe(0);
      const replayed = JSON.parse(r.stdout) as {
        nodes: { name: string; q: number; pods: string[] }[];
        decisions: number;
      };
      expect(replayed.decisions).toBe(0);
      expect(replayed.nodes.map((n) => n.name)).toEqual(assessed.nodes.map((n) => n.node));
      replayed.nodes.forEach((n, k) => {
        expect(n.q).toBe(assessed.nodes[k].q);
        expect(n.pods.map((p) => `ns/${p}`)).toEqual(assessed.nodes[k].tasks);
      });
      expect(assessed.nodes.some((n) => n.q > 0 && n.q < 1)).toBe(true);
    }
  });

  it('a rollout moves pods, seeded: the same seed gives the same replay', async () => {
    const args = [
      ...base(),
      '--placement',
      placement,
      '--scheduler',
      'koordinator',
      '--scenario',
      'rollout:2',
      '--learn',
      '0:0.5',
      '--json',
    ];
    const one = JSON.parse((await inProcess(...args, '--seed', '3')).stdout);
    const two = JSON.parse((await inProcess(...args, '--seed', '3')).stdout);
    expect(two).toEqual(one);
    expect(one.decisions).toBe(PODS);
    expect(one.judged).toEqual({ start: 120, end: 240, instants: 120 });
    expect(one.worst.q).toBe(Math.max(...one.nodes.map((n: { q: number }) => n.q)));
  });

  it('replays two configuration files side by side, each as it replays alone', async () => {
    const files = [30, 80].map((t) => {
      const f = join(dir, `koord-${t}.yaml`);
      writeFileSync(
        f,
        `apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: koord-scheduler\n  pluginConfig:\n  - name: LoadAwareScheduling\n    args:\n      usageThresholds: {cpu: ${t}}\n`,
      );
      return f;
    });
    const common = [
      ...base(),
      '--placement',
      placement,
      '--scenario',
      'rollout:2',
      '--learn',
      '0:0.5',
    ];
    const ab = await inProcess(...common, '--config', files[0], '--config', files[1], '--json');
    expect(ab.status, ab.stderr).toBe(0);
    const both = JSON.parse(ab.stdout);
    expect(both.comparison.runs.map((r: { config: string }) => r.config)).toEqual([
      'koord-30.yaml',
      'koord-80.yaml',
    ]);
    for (let k = 0; k < 2; k++) {
      const alone = JSON.parse((await inProcess(...common, '--config', files[k], '--json')).stdout);
      expect(both.replays[k].nodes).toEqual(alone.nodes);
      expect(both.replays[k].settings['usageThresholds.cpu']).toBe([30, 80][k]);
      const run = both.comparison.runs[k];
      expect(run.worst).toEqual(alone.worst);
      expect(run.node_hours_over_capacity).toBeCloseTo(
        (alone.nodes.reduce((a: number, n: { overloads: number }) => a + n.overloads, 0) * 60) /
          3600,
        12,
      );
    }
    // The lower threshold keeps more nodes busy: never fewer nodes than the higher one.
    expect(both.comparison.runs[0].nodes).toBeGreaterThanOrEqual(both.comparison.runs[1].nodes);
    const text = await inProcess(...common, '--config', files[0], '--config', files[1]);
    expect(text.stdout).toMatch(/node-hours over cap\./);
    expect(text.stdout).toMatch(/koord-30\.yaml\s+koord-80\.yaml/);
  });

  it('refuses bad input with a message naming what and where', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'pod,node\np1,n0\nghost,n1\n');
    let r = await inProcess(
      ...base(),
      '--placement',
      bad,
      '--scheduler',
      'kube-default',
      '--scenario',
      'history',
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.csv line 3: pod "ghost" has no series/);

    r = await inProcess(...base(), '--scheduler', 'kube-default', '--scenario', 'rollout:9');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/rollout:9 lasts 540 instants of 60 s; the history has 240/);

    const config = join(dir, 'koord.yaml');
    writeFileSync(
      config,
      'apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: koord-scheduler\n  pluginConfig:\n  - name: LoadAwareScheduling\n    args:\n      usageThresholds: {cpu: 120}\n',
    );
    r = await inProcess(...base(), '--config', config, '--scenario', 'fresh');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usageThresholds\.cpu: 120 is outside Koordinator's range \[0, 100\]/);
    writeFileSync(
      config,
      'kind: KubeSchedulerConfiguration\nprofiles:\n- pluginConfig:\n  - name: LoadAwareScheduling\n    args:\n      usageTresholds: {cpu: 60}\n',
    );
    r = await inProcess(...base(), '--config', config, '--scenario', 'fresh');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/args\.usageTresholds: unknown/);

    const short = join(dir, 'short.json');
    writeFileSync(
      short,
      JSON.stringify({
        status: 'success',
        data: {
          resultType: 'matrix',
          result: [
            {
              metric: { pod: 'a' },
              values: [
                [1_700_000_000, '1'],
                [1_700_000_060, '1'],
              ],
            },
          ],
        },
      }),
    );
    r = await inProcess(
      'replay',
      '--data',
      short,
      '--id-label',
      'pod',
      '--cores-per-machine',
      '4',
      '--scheduler',
      'trimaran-tlp',
      '--scenario',
      'fresh',
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /the load-watcher window needs 900 s \(15 instants of 60 s\); the history has 2 instants/,
    );
  });
});
