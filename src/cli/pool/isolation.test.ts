import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_FITS, sharedMemoryAvailable, type SweepSpec } from '../../engine/index.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { describeRunner } from '../../runtime/runner.ts';
import { createNodeRunner } from './nodePool.ts';
import { planetlabDay } from '../../ingest/testing.ts';

const samples = planetlabDay();
const spec: SweepSpec = {
  seed: 4,
  instances: 3,
  tasks: 250,
  fits: PAPER_FITS,
  packers: ['bf'],
  capacity: 0.8,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
};

describe('without SharedArrayBuffer (a page that is not cross-origin isolated)', () => {
  const original = globalThis.SharedArrayBuffer;
  let expected: Awaited<ReturnType<ReturnType<typeof createNodeRunner>['sweep']>>;

  beforeAll(async () => {
    const runner = createNodeRunner({ workers: 2 });
    try {
      expected = await runner.sweep(await runner.createPool(samples, 1200, 4), spec);
    } finally {
      runner.dispose();
    }
    // @ts-expect-error: simulating a platform without it
    delete globalThis.SharedArrayBuffer;
  });
  afterAll(() => {
    globalThis.SharedArrayBuffer = original;
  });

  it('is detected', () => {
    expect(typeof SharedArrayBuffer).toBe('undefined');
    expect(sharedMemoryAvailable()).toBe(false);
  });

  it('the pool runs on copies, says it is in the slower mode, and gives the same numbers', async () => {
    const runner = createNodeRunner({ workers: 2 });
    try {
      expect(runner.shared).toBe(false);
      expect(describeRunner(runner)).toEqual({
        text: expect.stringMatching(/slower mode/),
        slower: true,
      });
      const handle = await runner.createPool(samples, 1200, 4);
      expect(handle.shared).toBe(false);
      const aborted = new AbortController();
      aborted.abort();
      await expect(runner.sweep(handle, spec, { signal: aborted.signal })).rejects.toThrow(
        'cancelled',
      );
      expect(await runner.sweep(handle, spec)).toEqual(expected);
    } finally {
      runner.dispose();
    }
  });

  it('the inline runner works on plain buffers with the same numbers', async () => {
    const runner = createInlineRunner();
    expect(runner.shared).toBe(false);
    const handle = await runner.createPool(samples, 1200, 4);
    expect(await runner.sweep(handle, spec)).toEqual(expected);
  });
});
