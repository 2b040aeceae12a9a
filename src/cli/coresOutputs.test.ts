/**
 * `tune` and `advise` say machines as nodes and cores where the data came in cores: 40 PlanetLab
 * VMs of the 2011-03-03 day written as a 4-core VM's cores (percent / 100 × 4), read at 16 cores
 * per machine. The same counts without cores carry no nodes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../ingest/testing.ts';
import { inProcess } from './testing/run.ts';

function coresCsv(): string {
  const [head, ...rest] = readFileSync(
    dataPath('planetlab-cloudsim/planetlab_20110303.csv'),
    'utf8',
  )
    .trim()
    .split('\n');
  const first = head.split(',').findIndex((h) => /^t\d+$/.test(h));
  const vms = rest.slice(0, 40).map((l) => l.split(',').slice(first).map(Number));
  const lines = [['timestamp', ...vms.map((_, i) => `pod${i + 1}`)].join(',')];
  for (let t = 0; t < vms[0].length; t++)
    lines.push([1299110400 + 300 * t, ...vms.map((v) => ((v[t] / 100) * 4).toFixed(3))].join(','));
  return `${lines.join('\n')}\n`;
}

const path = join(mkdtempSync(join(tmpdir(), 'slopack-cores-cli-')), 'pods_cores.csv');
writeFileSync(path, coresCsv());
const DATA = [
  '--data',
  path,
  '--format',
  'columns',
  '--unit',
  'cores',
  '--cores-per-machine',
  '16',
];

describe('the command line in cores and nodes', () => {
  it('tune: each row’s machines as nodes of 16 cores', async () => {
    const args = ['tune', ...DATA, '--tasks', '40', '--instances', '2', '--realizations', '500'];
    const r = await inProcess(...args, '--families', 'gpa', '--target', '0.05', '--json');
    expect(r.status, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout).tables[0].rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.nodes).toEqual({
        cores_per_machine: 16,
        node_cores: 16,
        nodes: row.machines,
        cores: row.machines * 16,
      });
  });

  it('advise: the tuned and default settings’ machines as nodes, in JSON and text', async () => {
    const args = ['advise', ...DATA, '--scheduler', 'koordinator', '--target', '0.05'];
    const json = await inProcess(...args, '--json');
    expect(json.status, json.stderr).toBe(0);
    const [k] = JSON.parse(json.stdout).schedulers;
    const setting = k.tuned ?? k.closest;
    expect(setting.nodes).toMatchObject({ node_cores: 16, nodes: setting.machines });
    expect(k.defaults.nodes.cores).toBe(16 * k.defaults.machines);
    const text = await inProcess(...args);
    expect(text.stdout).toContain(
      `${setting.machines} node${setting.machines === 1 ? '' : 's'} of 16 cores, ${16 * setting.machines} cores`,
    );
  });

  it('says no nodes where the data did not come in cores', async () => {
    const r = await inProcess(
      'advise',
      ...DATA.slice(0, 4),
      '--unit',
      'absolute',
      '--unit-capacity',
      '16',
      '--scheduler',
      'koordinator',
      '--target',
      '0.05',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).schedulers[0].defaults.nodes).toBeUndefined();
  });
});
