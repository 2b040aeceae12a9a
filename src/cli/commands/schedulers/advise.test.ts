import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../main.ts';
import { SHARED } from '../../testing/peer.ts';

const AZURE = resolve(SHARED, 'data/azure-v1-datacentersim/microsoft_max_100.csv.gz');
/** Azure V1's 100 VMs, five-minute maxima: about 3.5 days learned, the next 3.5 days judged. */
const DATA = [
  '--data',
  AZURE,
  '--format',
  'columns',
  '--scale',
  '0.25',
  '--learn',
  '0:0.125',
  '--judge',
  '0.125:0.25',
];

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    errors.push(String(s));
    return true;
  });
  try {
    const code = await main(['advise', ...args], (s) => lines.push(s));
    return { code, lines, stderr: errors.join('') };
  } finally {
    spy.mockRestore();
  }
}

describe('npm run cli -- advise', () => {
  it('prints the tuned values as JSON, with snippets that parse back, the same on every run', async () => {
    const args = [...DATA, '--scheduler', 'overcommit', '--target', '0.02', '--json'];
    const a = await run(args);
    expect(a.code).toBe(0);
    const json = JSON.parse(a.lines.join(''));
    const oc = json.schedulers[0];
    expect(oc.scheduler).toBe('overcommit');
    expect(oc.requests).toMatch(/p95/);
    expect(a.stderr).toMatch(/overcommit needs requests and the data carry none/);
    expect(json.step_s).toBe(300);
    expect(json.notices[0]).toMatch(/no timestamps: the rules' windows read each instant as 300 s/);
    const chosen = oc.tuned ?? oc.closest;
    expect(chosen.settings.ratio).toBe(chosen.values[0]);
    expect(oc.grid).toContain(chosen.values[0]);
    expect(oc.defaults.settings).toEqual({ ratio: 1.2 });
    const volcano = parse(oc.snippets[0].text);
    expect(volcano.tiers[0].plugins[0].arguments['overcommit-factor']).toBe(chosen.values[0]);
    expect(oc.snippets[0].text).toContain(`${chosen.machines} nodes`);
    const b = await run(args);
    expect(b.lines).toEqual(a.lines);
  });

  it('judges the tuned value on the judged part: it kept q* on the fold', async () => {
    const { lines } = await run([
      ...DATA,
      ...['--scheduler', 'descheduler', '--target', '0.02', '--scope', 'mean', '--json', '--curve'],
    ]);
    const d = JSON.parse(lines.join('')).schedulers[0];
    expect(d.tuned).not.toBeNull();
    expect(d.fold.q_mean).toBeLessThanOrEqual(0.02);
    expect(d.tuned.settings.z).toBeGreaterThan(0);
    const query = parse(d.snippets[0].text).profiles[0].pluginConfig[0].args.metricsUtilization
      .prometheus.query;
    expect(query).toContain(`+ ${d.tuned.settings.z} * sqrt(`);
    // The knob's curve: one point per grid value; the tuned one among them, judged alike.
    expect(d.curve.map((p: { value: number }) => p.value)).toEqual(d.grid);
    const point = d.curve.find((p: { value: number }) => p.value === d.tuned.values[0]);
    expect(point.machines).toBe(d.tuned.machines);
    expect(point.worst).toBe(d.tuned.judged.q_worst);
    expect(point.meets).toBe(point.mean <= 0.02);
  });

  it('prints every scheduler with --scheduler all', async () => {
    const { code, lines } = await run([...DATA, '--scheduler', 'all', '--target', '0.05']);
    expect(code).toBe(0);
    const heads = lines.filter((l) => l.startsWith('== ')).map((l) => /\(([a-z-]+)\)$/.exec(l)![1]);
    expect(heads).toEqual([
      'koordinator',
      'trimaran-tlp',
      'trimaran-lvrb',
      'crane',
      'overcommit',
      'vpa',
      'descheduler',
    ]);
    // The pick: the fewest nodes among the schedulers whose knob kept q* on every fold.
    const tunedNodes = lines.flatMap((l, k) => {
      const m = /^tuned: .*: (\d+) nodes,/.exec(l);
      return m
        ? [
            {
              name: heads[lines.slice(0, k).filter((x) => x.startsWith('== ')).length - 1],
              nodes: Number(m[1]),
            },
          ]
        : [];
    });
    expect(tunedNodes.length).toBeGreaterThan(1);
    const fewest = Math.min(...tunedNodes.map((t) => t.nodes));
    const pick = lines.find((l) => l.startsWith('pick: '))!;
    const picked = /^pick: ([a-z-]+) \((\d+) nodes/.exec(pick)!;
    expect(Number(picked[2])).toBe(fewest);
    expect(tunedNodes.find((t) => t.name === picked[1])?.nodes).toBe(fewest);
  });

  it('refuses a target outside (0, 1)', async () => {
    for (const t of ['0', '1', '1.5']) {
      const { code, stderr } = await run([...DATA, '--scheduler', 'vpa', '--target', t]);
      expect(code).toBe(2);
      expect(stderr).toContain(`invalid --target ${Number(t)} (need 0 < target < 1)`);
    }
  });

  it('refuses an unknown scheduler, listing the names', async () => {
    const { code, stderr } = await run([...DATA, '--scheduler', 'yunikorn', '--target', '0.01']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown scheduler "yunikorn" \(expected one of: koordinator, .*vpa/);
  });

  it('says when every value misses q*, and shows the closest', async () => {
    const { code, lines } = await run([
      ...DATA,
      ...['--scheduler', 'vpa', '--target', '0.01', '--capacity', '0.01'],
    ]);
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(
      /vpa: every value of --target-cpu-percentile misses q\* = 0.01 \(scope every\) on the learned part; the closest, targetCPUPercentile = /,
    );
    expect(lines.join('\n')).toContain('# NO value keeps q* = 0.01 on every node');
  });

  it('refuses an aggregation duration longer than the history, naming both', async () => {
    const { code, stderr } = await run([
      ...DATA,
      ...[
        '--scheduler',
        'koordinator',
        '--target',
        '0.01',
        '--set',
        'aggregation=95,duration=864000',
      ],
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^slopack advise: koordinator: usageAggregatedDuration needs 10 d of history .*; the learned part has \d+ columns/,
    );
  });

  it("refuses a --set value outside its parameter's range, naming both", async () => {
    const { code, stderr } = await run([
      ...DATA,
      ...['--scheduler', 'koordinator', '--target', '0.01', '--set', 'aggregation=101'],
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/koordinator: --set aggregation: invalid .*: 101 \(need /);
  });

  it('refuses a --set key the rule does not have', async () => {
    const { code, stderr } = await run([
      ...DATA,
      ...['--scheduler', 'vpa', '--target', '0.01', '--set', 'window=900'],
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--set window: not a parameter of this rule (its parameters: margin)');
  });
});
