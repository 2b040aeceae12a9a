/**
 * Descheduler policy files read in each project's format, values outside the project's validation
 * refused naming the field and the rule; and `replay --descheduler` on the command line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from '../../testing/run.ts';
import { Rng } from '../../../engine/index.ts';
import { readDeschedulerPolicy } from './deschedulerConfig.ts';

const SIGS = (args: string) => `apiVersion: descheduler/v1alpha2
kind: DeschedulerPolicy
profiles:
  - name: default
    pluginConfig:
      - name: DefaultEvictor
      - name: LowNodeUtilization
        args:
${args}
    plugins:
      balance:
        enabled: [LowNodeUtilization]
`;

const KOORD = (args: string, interval = '60s') => `apiVersion: descheduler/v1alpha2
kind: DeschedulerConfiguration
deschedulingInterval: ${interval}
profiles:
  - name: koord-descheduler
    pluginConfig:
      - name: LowNodeLoad
        args:
${args}
`;

describe('descheduler policy files', () => {
  it('reads LowNodeUtilization with the interval of the command line', () => {
    const s = readDeschedulerPolicy(
      SIGS(
        '          thresholds: {cpu: 20}\n          targetThresholds: {cpu: 50}\n          metricsUtilization: {source: KubernetesMetrics}\n          evictionLimits: {node: 3}',
      ),
      'p.yaml',
      300,
    );
    expect(s).toEqual({
      plugin: 'LowNodeUtilization',
      low: 20,
      high: 50,
      deviation: false,
      numberOfNodes: 0,
      source: 'usage',
      perNodeLimit: 3,
      interval: 300,
    });
    expect(() =>
      readDeschedulerPolicy(
        SIGS('          thresholds: {cpu: 20}\n          targetThresholds: {cpu: 50}'),
        'p.yaml',
        null,
      ),
    ).toThrow(/p\.yaml: deschedulingInterval: LowNodeUtilization runs once without an interval/);
  });

  it("refuses LowNodeUtilization's values outside the descheduler's validation", () => {
    const read = (args: string) => () => readDeschedulerPolicy(SIGS(args), 'p.yaml', 300);
    expect(read('          thresholds: {cpu: 20}\n          targetThresholds: {cpu: 120}')).toThrow(
      /args\.targetThresholds\.cpu: 120 is outside the descheduler's range \[0, 100\]/,
    );
    expect(read('          thresholds: {cpu: 60}\n          targetThresholds: {cpu: 50}')).toThrow(
      /args\.thresholds\.cpu: 60 is above targetThresholds\.cpu 50/,
    );
    expect(
      read('          thresholds: {cpu: 20, memory: 20}\n          targetThresholds: {cpu: 50}'),
    ).toThrow(/args\.thresholds\.memory: the replay models CPU only/);
    expect(read('          thresholds: {cpu: 20}\n          targetTresholds: {cpu: 50}')).toThrow(
      /args\.targetTresholds: unknown/,
    );
  });

  it("reads LowNodeLoad with Koordinator's defaults and refuses what its validation refuses", () => {
    const s = readDeschedulerPolicy(
      KOORD('          lowThresholds: {cpu: 45}\n          highThresholds: {cpu: 65}', '2m'),
      'k.yaml',
      null,
    );
    expect(s).toEqual({
      plugin: 'LowNodeLoad',
      low: 45,
      high: 65,
      deviation: false,
      numberOfNodes: 0,
      consecutiveAbnormalities: 5,
      detectorCacheTimeout: 300,
      nodeFit: true,
      interval: 120,
    });
    const read = (args: string) => () => readDeschedulerPolicy(KOORD(args), 'k.yaml', null);
    expect(read('          lowThresholds: {cpu: 70}\n          highThresholds: {cpu: 65}')).toThrow(
      /lowThresholds\.cpu: 70 is above highThresholds\.cpu 65 \(Koordinator/,
    );
    expect(
      read(
        '          lowThresholds: {cpu: 45}\n          highThresholds: {cpu: 65}\n          anomalyCondition: {consecutiveAbnormalities: 0}',
      ),
    ).toThrow(/consecutiveAbnormalities: 0 is outside Koordinator's rule: an integer > 0/);
    expect(() =>
      readDeschedulerPolicy(
        KOORD('          lowThresholds: {cpu: 45}\n          highThresholds: {cpu: 65}'),
        'k.yaml',
        300,
      ),
    ).toThrow(/deschedulingInterval: 60 s, but --descheduling-interval says 300 s/);
  });
});

describe('replay --descheduler', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slopack-deschedule-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('evicts from a crowded node and the scheduler places the pods again; the same run twice is the same', async () => {
    // Six pods of 0.5–0.9 cores on one node of 4 cores, two empty nodes; 60 instants of 60 s.
    const rng = new Rng(7);
    const result = Array.from({ length: 6 }, (_, i) => ({
      metric: { pod: `p${i}` },
      values: Array.from({ length: 60 }, (_, k) => [
        1_700_000_000 + 60 * k,
        (0.5 + 0.4 * rng.nextFloat()).toFixed(3),
      ]),
    }));
    const answers = join(dir, 'answers.json');
    writeFileSync(
      answers,
      JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }),
    );
    const placement = join(dir, 'placement.csv');
    writeFileSync(placement, ['pod,node', ...result.map((s) => `${s.metric.pod},a`)].join('\n'));
    const policy = join(dir, 'koord.yaml');
    writeFileSync(
      policy,
      KOORD(
        '          lowThresholds: {cpu: 20}\n          highThresholds: {cpu: 50}\n          anomalyCondition: {consecutiveAbnormalities: 1}',
      ),
    );
    const args = [
      'replay',
      '--data',
      answers,
      '--id-label',
      'pod',
      '--cores-per-machine',
      '4',
      '--placement',
      placement,
      '--nodes',
      '3',
      '--scheduler',
      'kube-default',
      '--scenario',
      'history',
      '--descheduler',
      policy,
      '--json',
    ];
    const r = await inProcess(...args);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.descheduler.name).toBe('LowNodeLoad');
    expect(out.evictions).toBeGreaterThan(0);
    const moved = Object.values(out.residences as Record<string, { node: string }[]>).filter(
      (list) => list.length > 1,
    );
    expect(moved.length).toBeGreaterThan(0);
    for (const list of moved) expect(list[0].node).toBe('a');
    expect(JSON.parse((await inProcess(...args)).stdout)).toEqual(out);
    const without = JSON.parse((await inProcess(...args.slice(0, -3), '--json')).stdout);
    expect(without.evictions).toBe(0);
  });
});
