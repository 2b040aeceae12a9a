import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions } from './args.ts';
import { cluster } from './commands/cluster/cluster.ts';
import { inProcess } from './testing/run.ts';

const cli = (...args: string[]) => inProcess('cluster', ...args);

describe('cluster command', () => {
  it('packs Google GCD CPU + memory on HARMONY types and prints JSON', async () => {
    const r = await cli(
      '--data',
      'google-gcd-jobs',
      '--fit',
      'gpa:0.01:indep',
      '--algo',
      'bf',
      '--realizations',
      '200',
      '--json',
    );
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.tasks).toBe(1600);
    expect(
      Object.values(doc.machines_by_type as Record<string, number>).reduce((a, b) => a + b, 0),
    ).toBe(doc.machines);
    expect(doc.q_any).toBeGreaterThanOrEqual(Math.max(doc.q.cpu, doc.q.mem));
    expect(doc.q_any).toBeLessThanOrEqual(doc.q.cpu + doc.q.mem);
  });
  it('takes machine types from a JSON file; a single big type opens only that type', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cluster-'));
    const file = join(dir, 'types.json');
    writeFileSync(
      file,
      JSON.stringify({
        types: [{ name: 'big', capacity: [1, 1], count: null, idleWatts: 100, peakWatts: 200 }],
      }),
    );
    const r = await cli(
      '--data',
      'google-gcd-jobs',
      '--types',
      file,
      '--fit',
      'request',
      '--realizations',
      '100',
      '--json',
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).machines_by_type).toEqual({ big: JSON.parse(r.stdout).machines });
    writeFileSync(
      file,
      '{"types":[{"name":"big","capacity":[1],"count":1,"idleWatts":1,"peakWatts":2}]}',
    );
    const bad = await cli('--data', 'google-gcd-jobs', '--types', file);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/capacity needs 2 value/);
  });
  it('--erlang gives the smallest container count', async () => {
    const r = await cli('--erlang', '1,0.01,1,10', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).containers).toBe(106);
  });
  it('--classes reports the elbow and both packings', async () => {
    const r = await cli(
      '--data',
      'bitbrains-rnd',
      '--classes',
      '4',
      '--kmax',
      '5',
      '--realizations',
      '200',
      '--json',
    );
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.elbow_sse).toHaveLength(5);
    expect(doc.class_sizes.reduce((a: number, b: number) => a + b, 0)).toBe(100);
    expect(doc.by_class.machines).toBeGreaterThan(0);
  });
  it('answers bad arguments with one line naming them (exit code 2)', async () => {
    const cases: [string[], RegExp][] = [
      [['--data', 'google-gcd-jobs', '--fit', 'additive:2'], /invalid ε: 2/],
      [['--data', 'google-gcd-jobs', '--fit', 'gpa:0.01:both'], /invalid --fit "gpa:0.01:both"/],
      [['--data', 'nowhere'], /not a multi-resource dataset/],
      [['--data', 'google-gcd-jobs', '--resources', 'cpu,disk'], /unknown resource "disk"/],
      [['--erlang', '1,2,3'], /expected λ,μ,cv2,d/],
      [['--erlang', '0,1,1,1'], /invalid arrival rate/],
      [[], /--data is required/],
    ];
    for (const [args, message] of cases)
      await expect(
        cluster.run(parseOptions(args, cluster.options), () => {}),
        args.join(' '),
      ).rejects.toThrow(
        expect.objectContaining({ name: 'UsageError', message: expect.stringMatching(message) }),
      );
    const r = await cli('--data', 'google-gcd-jobs', '--fit', 'additive:2');
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
