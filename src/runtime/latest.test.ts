import { describe, expect, it } from 'vitest';
import { createInlineRunner } from './inlineRunner.ts';
import { latestWins } from './latest.ts';
import { CancelledError } from './runner.ts';

describe('latestWins', () => {
  it('aborts every superseded call and resolves the last one', async () => {
    const seen: string[] = [];
    const step = latestWins(
      (signal: AbortSignal, label: string) =>
        new Promise<string>((resolve, reject) => {
          const t = setTimeout(() => resolve(label), 20);
          signal.addEventListener('abort', () => {
            clearTimeout(t);
            seen.push(`aborted ${label}`);
            reject(new CancelledError());
          });
        }),
    );
    const results = await Promise.allSettled([step('a'), step('b'), step('c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe('c');
    expect(seen).toEqual(['aborted a', 'aborted b']);
  });

  it('drives a runner: superseded packings reject with CancelledError', async () => {
    const runner = createInlineRunner();
    const pool = await runner.createPool(
      { ids: ['a', 'b', 'c'], inst: [0.2, 0.5, 0.4].map((v) => Float64Array.of(v, v / 2)) },
      50,
      1,
    );
    const pack = latestWins((signal, rho: number) =>
      runner.pack(
        pool,
        {
          tasks: 3,
          instance: 0,
          seed: 1,
          params: {
            packer: 'bf',
            fit: { kind: 'gpa', rho },
            capacity: 1,
            clairvoyance: 1,
            source: 'inst',
            rebalance: 0,
          },
        },
        { signal },
      ),
    );
    const first = pack(0.1);
    const second = pack(0.01);
    pack.cancel();
    const third = await pack(0.05).then((r) => r.result.mAbs);
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).rejects.toBeInstanceOf(CancelledError);
    expect(third).toBeGreaterThanOrEqual(1);
  });
});
