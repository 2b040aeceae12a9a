import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../../protocol/cancel.ts';
import { keyedRuns } from './keyedRuns.ts';

/** Work that resolves or rejects when told, and reports whether it was aborted. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  let signal!: AbortSignal;
  let calls = 0;
  const work = (s: AbortSignal) => {
    signal = s;
    calls++;
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
      s.addEventListener('abort', () => rej(new CancelledError()));
    });
  };
  return {
    work,
    resolve: (v: T) => resolve(v),
    reject: (e: unknown) => reject(e),
    signal: () => signal,
    calls: () => calls,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('keyed runs', () => {
  it('keeps results by key, supersedes the key in flight and evicts the oldest', async () => {
    const runs = keyedRuns<number>(2);
    const a = deferred<number>();
    runs.ensure('a', a.work);
    const b = deferred<number>();
    runs.ensure('b', b.work);
    expect(a.signal().aborted).toBe(true);
    await settle();
    expect(runs.outcome('a')).toBeUndefined();
    b.resolve(2);
    await settle();
    expect(runs.outcome('b')).toEqual({ status: 'ready', value: 2 });
    runs.ensure('b', b.work);
    expect(b.calls()).toBe(1);
    for (const [k, v] of [
      ['c', 3],
      ['d', 4],
    ] as const) {
      const d = deferred<number>();
      runs.ensure(k, d.work);
      d.resolve(v);
      await settle();
    }
    expect([...runs.store.getState().outcomes.keys()]).toEqual(['c', 'd']);
  });

  it('keeps a cancelled or failed key until retry, which runs its work again', async () => {
    const runs = keyedRuns<number>(4);
    const a = deferred<number>();
    runs.ensure('a', a.work);
    runs.cancel();
    await settle();
    expect(runs.outcome('a')).toEqual({ status: 'cancelled' });
    runs.ensure('a', a.work);
    expect(a.calls()).toBe(1);
    runs.retry('a');
    expect(a.calls()).toBe(2);
    a.reject(new Error('worker lost'));
    await settle();
    expect(runs.outcome('a')).toEqual({ status: 'error', error: 'worker lost' });
    runs.retry('a');
    a.resolve(7);
    await settle();
    expect(runs.outcome('a')).toEqual({ status: 'ready', value: 7 });
  });
});
