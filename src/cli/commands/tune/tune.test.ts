import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../main.ts';
import { SHARED } from '../../testing/peer.ts';

const PLANETLAB = resolve(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');
const SMALL = [
  '--data',
  PLANETLAB,
  '--realizations',
  '400',
  '--instances',
  '2',
  '--tasks',
  '80',
  '--families',
  'gpa,conv',
  '--refine-rounds',
  '1',
];

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await main(['tune', ...args], (s) => lines.push(s));
  return { code, lines };
}

describe('npm run cli -- tune', () => {
  it('prints one ranked table per target, the same on every run', async () => {
    const a = await run([...SMALL, '--target', '0.02,0.005']);
    expect(a.code).toBe(0);
    const headers = a.lines.filter((l) => l.startsWith('q* = '));
    expect(headers.map((l) => l.split(' ')[2])).toEqual(['0.02', '0.005']);
    expect(a.lines.filter((l) => /\(untuned\)\s+gpa:0\.02 /.test(l))).toHaveLength(1);
    expect(a.lines.filter((l) => l.startsWith('best: '))).toHaveLength(2);
    const b = await run([...SMALL, '--target', '0.02,0.005']);
    expect(b.lines).toEqual(a.lines);
  });

  it('prints the same tables on a pool of workers as inline', async () => {
    const target = ['--target', '0.02,0.005'];
    const pool = await run([...SMALL, ...target, '--workers', '2']);
    const inline = await run([...SMALL, ...target, '--workers', '0']);
    expect(pool.code).toBe(0);
    expect(pool.lines).toEqual(inline.lines);
  });

  it('prints JSON with the tables, the tuned parameters and the CV evidence', async () => {
    const { code, lines } = await run([
      ...SMALL,
      '--target',
      '0.01',
      '--json',
      '--search',
      'exhaustive',
      '--workers',
      '0',
    ]);
    expect(code).toBe(0);
    expect(lines).toHaveLength(1);
    const json = JSON.parse(lines[0]);
    expect(json.spec.targets).toEqual([0.01]);
    expect(json.tables[0].rows.map((r: { family: string }) => r.family).sort()).toEqual([
      'conv',
      'gpa',
      'gpa',
    ]);
    expect(json.tuned.map((t: { family: string }) => t.family)).toEqual(['gpa', 'conv']);
    expect(json.cv.gpa.length).toBeGreaterThan(10);
  });

  it('names a bad target, family or confidence in one usage line (exit 2)', async () => {
    const cases: [string[], RegExp][] = [
      [['--target', '2'], /invalid target q\*: 2/],
      [['--target', 'x'], /invalid --target "x"/],
      [['--target', '0.01', '--families', 'gpa,best'], /unknown fit family: "best"/],
      [['--target', '0.01', '--confidence', '1.5'], /invalid confidence: 1.5/],
      [['--target', '0.01', '--search', 'grid'], /invalid --search "grid"/],
      [['--target', '0.01', '--batch', '0'], /invalid batch: 0/],
      [
        ['--target', '0.01', '--clairvoyance', '0.001'],
        /cannot cross-validate on 1 observed column/,
      ],
    ];
    for (const [args, message] of cases) {
      const errors: string[] = [];
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((s: string) => (errors.push(s), true)) as typeof process.stderr.write;
      try {
        const { code } = await run([...SMALL, ...args]);
        expect(code, args.join(' ')).toBe(2);
      } finally {
        process.stderr.write = write;
      }
      expect(errors.join('')).toMatch(message);
    }
  });
});
