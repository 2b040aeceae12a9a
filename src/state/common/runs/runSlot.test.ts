import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../../protocol/cancel.ts';
import { IDLE_RUN, runSlot, type RunState, type Work } from './runSlot.ts';

function slot() {
  let state: RunState<string, number> = IDLE_RUN;
  const s = runSlot<string, number>(
    () => state,
    (next) => (state = next),
  );
  return { s, get: () => state };
}

/** Work that waits for `release` and honours its signal like a runner does. */
function pending(value: number) {
  let release = () => {};
  const work: Work<number> = (signal, progress) =>
    new Promise((resolve, reject) => {
      progress({ label: 'x', done: 0, total: 1 });
      signal.addEventListener('abort', () => reject(new CancelledError()));
      release = () => resolve(value);
    });
  return { work, release: () => release() };
}

describe('a run slot', () => {
  it('keeps only the newest run: a superseded one writes nothing', async () => {
    const { s, get } = slot();
    const a = pending(1);
    const b = pending(2);
    const first = s.start('pool', 'ka', 'A', a.work);
    expect(get()).toMatchObject({ status: 'running', key: 'ka', progress: { done: 0 } });
    const second = s.start('pool', 'kb', 'B', b.work);
    a.release();
    await first;
    expect(get()).toMatchObject({ status: 'running', key: 'kb' });
    b.release();
    await second;
    expect(get()).toMatchObject({
      status: 'ready',
      progress: null,
      result: { key: 'kb', spec: 'B', value: 2 },
    });
  });

  it('cancels to idle, or to an error that gives the reason, keeping the last result', async () => {
    const { s, get } = slot();
    const done = pending(7);
    const p = s.start('pool', 'k1', 'A', done.work);
    done.release();
    await p;
    const quiet = s.start('pool', 'k2', 'B', pending(8).work);
    s.cancel();
    await quiet;
    expect(get()).toMatchObject({ status: 'idle', key: 'k2', result: { value: 7 } });
    const loud = s.start('pool', 'k3', 'C', pending(9).work);
    s.cancel('the workload changed');
    await loud;
    expect(get()).toMatchObject({ status: 'error', error: 'the workload changed' });
    s.cancel('nothing runs');
    expect(get().error).toBe('the workload changed');
  });

  it('says what failed', async () => {
    const { s, get } = slot();
    await s.start('pool', 'k', 'A', () => Promise.reject(new RangeError('invalid ρ: 2')));
    expect(get()).toMatchObject({ status: 'error', error: 'invalid ρ: 2', progress: null });
  });

  it('runs the last work again on retry, after a cancel or an error, never beside a run', async () => {
    const { s, get } = slot();
    let calls = 0;
    let fail = true;
    const work: Work<number> = () => {
      calls++;
      return fail ? Promise.reject(new Error('worker lost')) : Promise.resolve(7);
    };
    await s.start('pool', 'k', 'A', work);
    expect(get()).toMatchObject({ status: 'error', error: 'worker lost' });
    fail = false;
    await s.retry();
    expect(calls).toBe(2);
    expect(get()).toMatchObject({ status: 'ready', key: 'k', result: { key: 'k', value: 7 } });

    const p = pending(3);
    const running = s.start('pool', 'k2', 'B', p.work);
    await s.retry();
    expect(get()).toMatchObject({ status: 'running', key: 'k2' });
    s.cancel();
    expect(get().status).toBe('idle');
    const retried = s.retry();
    expect(get()).toMatchObject({ status: 'running', key: 'k2' });
    p.release();
    await Promise.all([running, retried]);
    expect(get()).toMatchObject({ status: 'ready', result: { key: 'k2', spec: 'B', value: 3 } });
  });

  it('has nothing to retry before a first run', async () => {
    const { s, get } = slot();
    await s.retry();
    expect(get()).toBe(IDLE_RUN);
  });
});
