import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-cluster-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cluster(...args: string[]): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const code = await main(['cluster', ...args, '--json'], (l) => lines.push(l));
  expect(code).toBe(0);
  return JSON.parse(lines.join('\n')) as Record<string, unknown>;
}

describe('cluster placements and provisioning from the command line (Google GCD jobs)', () => {
  it('--placements lists every task once, on as many machines as reported', async () => {
    const file = join(dir, 'placements.csv');
    const r = await cluster(
      ...['--data', 'google-gcd-jobs', '--fit', 'gpa:0.01', '--realizations', '200'],
      ...['--placements', file],
    );
    const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
    expect(header).toBe('task,machine,type,cpu_size,cpu_usage,mem_size,mem_usage');
    const tasks = lines.map((l) => l.split(',')[0]);
    expect(new Set(tasks).size).toBe(tasks.length);
    expect(tasks.length).toBe(
      (r.tasks as number) - (r.oversized as number) - (r.unplaced as number),
    );
    expect(new Set(lines.map((l) => l.split(',')[1])).size).toBe(r.machines);
  }, 120_000);

  it('--classes K --provision P prints CBS-RELAX per period: the LP serves the demand, rounding places it', async () => {
    const r = await cluster(
      ...['--data', 'google-gcd-jobs', '--fit', 'gpa:0.01', '--realizations', '200'],
      ...['--classes', '3', '--provision', '2'],
    );
    const periods = r.periods as {
      containers: number[];
      lp: { machines: Record<string, number>; containers: Record<string, number[]> };
      rounded: { placed: number[]; unplaced: number };
    }[];
    expect(periods).toHaveLength(2);
    for (const p of periods) {
      const served = p.containers.map((_, n) =>
        Object.values(p.lp.containers).reduce((s, x) => s + x[n], 0),
      );
      served.forEach((s, n) => expect(s).toBeCloseTo(p.containers[n], 6));
      expect(Object.values(p.lp.machines).every((z) => z >= 0)).toBe(true);
      expect(p.rounded.placed).toEqual(p.containers);
      expect(p.rounded.unplaced).toBe(0);
    }
  }, 180_000);
});
