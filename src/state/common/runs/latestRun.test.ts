import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../../protocol/cancel.ts';
import { latestRun, type RunEvents, type RunWork } from './latestRun.ts';

/** Work that reports progress, then waits for `release` (or `fail`) and honours its signal. */
function pending(value: number) {
  let release = () => {};
  let fail = (_e: unknown) => {};
  let report = (_p: number) => {};
  const work: RunWork<number, number> = (signal, progress) =>
    new Promise((resolve, reject) => {
      report = progress;
      signal.addEventListener('abort', () => reject(new CancelledError()));
      release = () => resolve(value);
      fail = reject;
    });
  return {
    work,
    release: () => release(),
    fail: (e: unknown) => fail(e),
    report: (p: number) => report(p),
  };
}

/** Events that log what they are told, as `name:detail`. */
function logged(name: string, log: string[], stale?: () => boolean): RunEvents<number, number> {
  return {
    running: () => log.push(`${name}:running`),
    progress: (p) => log.push(`${name}:progress ${p}`),
    ready: (v) => log.push(`${name}:ready ${v}`),
    failed: (e) => log.push(`${name}:failed ${(e as Error).message}`),
    cancelled: (cause, reason) => log.push(`${name}:cancelled ${cause} ${reason ?? ''}`.trim()),
    ...(stale && { stale }),
  };
}

describe('the run mechanism', () => {
  it('lets only the newest run write: the one it supersedes is silent to the end', async () => {
    const run = latestRun<number, number>();
    const log: string[] = [];
    const a = pending(1);
    const b = pending(2);
    const first = run.start(a.work, logged('a', log));
    a.report(10);
    const second = run.start(b.work, logged('b', log));
    a.report(20);
    a.release();
    await first;
    b.report(30);
    expect(run.busy()).toBe(true);
    b.release();
    await second;
    expect(log).toEqual(['a:running', 'a:progress 10', 'b:running', 'b:progress 30', 'b:ready 2']);
    expect(run.busy()).toBe(false);
  });

  it('cancels at once, with the reason, and hears nothing more from the run', async () => {
    const run = latestRun<number, number>();
    const log: string[] = [];
    const a = pending(1);
    const p = run.start(a.work, logged('a', log));
    run.cancel('the workload changed');
    expect(log).toEqual(['a:running', 'a:cancelled user the workload changed']);
    a.release();
    await p;
    run.cancel('again');
    expect(log).toHaveLength(2);
    expect(run.busy()).toBe(false);
  });

  it('retries the last run after a failure, and not while one runs', async () => {
    const run = latestRun<number, number>();
    const log: string[] = [];
    let calls = 0;
    let gate = pending(0);
    const work: RunWork<number, number> = (signal, progress) => {
      calls++;
      gate = pending(calls);
      return gate.work(signal, progress);
    };
    const first = run.start(work, logged('w', log));
    gate.fail(new Error('worker lost'));
    await first;
    const again = run.retry();
    void run.retry();
    expect(calls).toBe(2);
    gate.release();
    await again;
    expect(log).toEqual(['w:running', 'w:failed worker lost', 'w:running', 'w:ready 2']);
  });

  it('tells a cancel from the runner and a stale run apart from a failure', async () => {
    const run = latestRun<number, number>();
    const log: string[] = [];
    const a = pending(1);
    const p = run.start(a.work, logged('a', log));
    a.fail(Object.assign(new Error('the pool was released'), { name: 'AbortError' }));
    await p;
    let stale = false;
    const b = pending(2);
    const q = run.start(
      b.work,
      logged('b', log, () => stale),
    );
    b.report(1);
    stale = true;
    b.report(2);
    b.release();
    await q;
    expect(log).toEqual([
      'a:running',
      'a:cancelled elsewhere the pool was released',
      'b:running',
      'b:progress 1',
      'b:cancelled stale',
    ]);
  });
});
