import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';

const SHARED = resolve(import.meta.dirname, '../../../../shared');
const PLANETLAB = resolve(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');

async function sweep(...extra: string[]) {
  const lines: string[] = [];
  const code = await main(
    [
      'sweep',
      '--data',
      PLANETLAB,
      '--tasks',
      '300',
      '--realizations',
      '1500',
      '--instances',
      '3',
      '--algos',
      'ff,bf',
      '--clairvoyance',
      '0.5',
      ...extra,
    ],
    (l) => lines.push(l),
  );
  return { code, lines };
}

describe('sweep --workers', () => {
  it('prints the same lines on the main thread and with 1, 2 and 4 worker threads', async () => {
    const inline = await sweep('--workers', '0');
    expect(inline.code).toBe(0);
    expect(inline.lines).toHaveLength(3 * 16 * 2);
    expect(new Set(inline.lines.map((l) => JSON.parse(l).q)).size).toBeGreaterThan(5);
    for (const n of ['1', '2', '4']) {
      const pooled = await sweep('--workers', n);
      expect(pooled.code).toBe(0);
      expect(pooled.lines).toEqual(inline.lines);
    }
  });

  it('rejects a negative worker count as a usage error', async () => {
    expect((await sweep('--workers', '-2')).code).toBe(2);
  });
});
