/**
 * The flags `assess`, `advise`, `replay` and `rightsize` share, walked on the four against one real
 * Prometheus (Debian's, backfilled with pods of three workloads): each takes them from a settings
 * file, each reads `--step 60s` as `--step 60`, keeps to `--selector` and `--namespace` the same
 * pods, and refuses the same bad input naming the flag.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './testing/run.ts';
import { HISTORY_START, startPrometheus, type RunningPrometheus } from './testing/prometheus.ts';
import { COMMANDS } from './commands/index.ts';
import { clusterOptions, MEMORY_OPTION } from './clusterFlags.ts';
import { promOptions } from './promOptions.ts';
import { SETTINGS_FILE, withSettings } from './settingsFile.ts';

const DAY = 86400;
let prom: RunningPrometheus;
let settings: string;

beforeAll(async () => {
  prom = await startPrometheus({
    pods: 10,
    nodes: 3,
    nodeCores: 4,
    seconds: DAY,
    scrape: 60,
    workloads: true,
  });
  settings = join(mkdtempSync(join(tmpdir(), 'slopack-settings-')), 'cluster.json');
  writeFileSync(
    settings,
    JSON.stringify({
      prometheus: prom.url,
      start: String(HISTORY_START + 600),
      end: String(HISTORY_START + DAY),
      step: '5m',
      'prometheus-header': ['X-Scope-OrgID=tenant'],
      'cores-per-machine': 4,
    }),
  );
}, 240_000);

afterAll(async () => {
  await prom?.stop();
});

const FOUR = ['assess', 'advise', 'replay', 'rightsize'] as const;
const OWN: Record<(typeof FOUR)[number], string[]> = {
  assess: [],
  advise: ['--scheduler', 'koordinator'],
  replay: ['--scheduler', 'kube-default', '--scenario', 'fresh'],
  rightsize: [],
};
const SPLIT = ['--learn', '0:0.5', '--judge', '0.5:1'];

/** The pods a command's JSON names. */
function podsOf(command: string, json: Record<string, unknown>): string[] {
  if (command === 'assess')
    return (json.nodes as { tasks: string[] }[]).flatMap((n) => n.tasks).sort();
  if (command === 'replay') return Object.keys(json.residences as object).sort();
  if (command === 'rightsize') return (json.workloads as { id: string }[]).map((w) => w.id).sort();
  return [String((json.alignment as { tasks: number }).tasks)];
}

describe('the shared flags, walked on the four commands', () => {
  it('are one declaration each', () => {
    for (const name of FOUR)
      for (const [flag, spec] of Object.entries({ ...promOptions, ...clusterOptions }))
        if (flag !== 'learn') expect(COMMANDS[name].options[flag], `${name} --${flag}`).toBe(spec);
  });

  it('read the settings file, --step 5m as 300, and keep to --selector the same pods', async () => {
    for (const name of FOUR) {
      const run = (...extra: string[]) =>
        inProcess(name, '--settings', settings, ...OWN[name], ...SPLIT, '--json', ...extra);
      const a = await run('--selector', 'app=web');
      expect(a.status, `${name}: ${a.stderr}`).toBe(0);
      const b = await run('--selector', 'app=web', '--step', '300');
      expect(b.status, `${name}: ${b.stderr}`).toBe(0);
      const [ja, jb] = [a.stdout, b.stdout].map((s) => JSON.parse(s) as Record<string, unknown>);
      expect(podsOf(name, ja), name).toEqual(podsOf(name, jb));
      const pods = podsOf(name, ja);
      if (name === 'rightsize') expect(pods).toEqual(['shop/Deployment/web']);
      else if (name === 'advise') expect(pods).toEqual(['3']);
      else
        expect(pods.map((p) => p.replace(/-[^-]+$/, '')).sort(), name).toEqual(
          Array(3).fill(pods[0].replace(/-[^-]+$/, '')),
        );
    }
  }, 240_000);

  it('refuse the same bad input, naming it', async () => {
    const cases: [string[], RegExp][] = [
      [['--prometheus-header', 'X-Scope-OrgID'], /--prometheus-header.*no "=" found/],
      [['--namespace', 'nope'], /--namespace nope matches none of the 10 pods/],
      [['--selector', 'app=nope'], /--selector app=nope matches none of the 10 pods/],
      [['--step', '5 minutes'], /invalid --step "5 minutes"/],
      [['--target', '2'], /invalid --target 2/],
      [['--capacity', '0'], /capacity/],
    ];
    for (const name of FOUR)
      for (const [extra, message] of cases) {
        const r = await inProcess(name, '--settings', settings, ...OWN[name], ...extra);
        expect(r.status, `${name} ${extra.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr, `${name} ${extra.join(' ')}`).toMatch(message);
      }
  }, 240_000);
});

describe('--memory-per-machine', () => {
  it('is one declaration for rightsize and cluster, a bad size named', async () => {
    expect(COMMANDS.rightsize.options['memory-per-machine']).toBe(MEMORY_OPTION);
    expect(COMMANDS.cluster.options['memory-per-machine']).toBe(MEMORY_OPTION);
    for (const bad of ['lots', '0', '-4Gi']) {
      const r = await inProcess('rightsize', '--data', 'none.csv', '--memory-per-machine', bad);
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`--memory-per-machine "${bad}": expected bytes or a size`),
      );
    }
  });
});

describe('the settings file', () => {
  const specs = COMMANDS.rightsize.options;
  const dir = () => mkdtempSync(join(tmpdir(), 'slopack-settings-'));

  it('is ./slopack.json by default, the command line overriding it', () => {
    const d = dir();
    writeFileSync(
      join(d, SETTINGS_FILE),
      JSON.stringify({ prometheus: 'http://p:9090', namespace: 'shop' }),
    );
    expect(withSettings(['--namespace', 'web'], specs, d)).toEqual([
      '--prometheus',
      'http://p:9090',
      '--namespace',
      'web',
    ]);
    expect(withSettings(['--namespace', 'web'], COMMANDS.pack.options, d)).toEqual([
      '--namespace',
      'web',
    ]);
  });

  it('refuses what the flags refuse, naming the file', () => {
    const d = dir();
    const file = join(d, 'bad.json');
    const bad: [string, RegExp][] = [
      ['{"step": "soon"}', /bad\.json: invalid --step "soon"/],
      ['{"prometeus": "http://p"}', /bad\.json: "prometeus" is not a setting/],
      ['{"prometheus": ', /bad\.json: not JSON/],
      ['[1]', /bad\.json: expected one JSON object/],
      ['{"capacity": true}', /bad\.json: "capacity" must be a string or a number/],
    ];
    for (const [text, message] of bad) {
      writeFileSync(file, text);
      expect(() => withSettings(['--settings', file], specs, d)).toThrow(message);
    }
  });
});
