import { describe, expect, it } from 'vitest';
import { main } from '../../main.ts';

async function run(args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(['calibrate', ...args], (s) => lines.push(...s.split('\n')));
  return { code, lines };
}

describe('npm run cli -- calibrate', () => {
  const small = ['--pool', '400', '--sums', '20', '--realizations', '2000', '--sizes', '10,50'];

  it('prints one JSON object per N and per trend line with the measured and the paper values', async () => {
    const { code, lines } = await run([...small, '--json']);
    expect(code).toBe(0);
    const objects = lines.filter((l) => l.trim()).map((l) => JSON.parse(l));
    expect(objects.map((o) => o.n ?? o.trend)).toEqual([10, 50, 'inst', 'avg']);
    expect(objects[0].paper).toEqual({ rejectionRate: 0.991, meanTotal: 0.27 });
    expect(objects[1].sums).toBe(20);
    expect(typeof objects[1].measured.rejectionRate).toBe('number');
    expect(objects[2].paper).toEqual({ slope: 0.36, intercept: 0.015 });
    expect(Object.keys(objects[3].pass)).toEqual(['slope', 'intercept']);
  });

  it('prints the table with pass/fail marks next to the paper', async () => {
    const { code, lines } = await run(small);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/pool 400 tasks, seed 1, 20 sums per N, R = 2000/);
    expect(lines.some((l) => /^\s+10\s+20\s+[0-9.]+\s+0\.991/.test(l))).toBe(true);
    expect(lines.some((l) => /inst\s+slope [0-9.]+ \(paper 0\.36/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/within tolerance/);
  });

  it('rejects a bad option with a usage error', async () => {
    expect((await run(['--pool', '0'])).code).toBe(2);
    expect((await run(['--sizes', '10,11'])).code).toBe(2);
  });
});
