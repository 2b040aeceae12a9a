import { describe, expect, it } from 'vitest';
import { CancelledError as EngineCancelledError } from '../engine/analysis/control.ts';
import { CancelledError as RunnerCancelledError } from '../runtime/runner.ts';
import { CancelledError, isCancelled } from './cancel.ts';

describe('one cancel error', () => {
  it('is one class wherever it is imported from', () => {
    expect(RunnerCancelledError).toBe(CancelledError);
    expect(EngineCancelledError).toBe(CancelledError);
  });

  it('is recognised as thrown, after crossing a worker (name only), and as an AbortError', () => {
    expect(isCancelled(new CancelledError())).toBe(true);
    expect(isCancelled(Object.assign(new Error('x'), { name: 'CancelledError' }))).toBe(true);
    expect(isCancelled(new DOMException('load cancelled', 'AbortError'))).toBe(true);
    const aborted = new AbortController();
    aborted.abort();
    expect(isCancelled(aborted.signal.reason)).toBe(true);
  });

  it('is not confused with other errors, even one whose message says "cancelled"', () => {
    expect(isCancelled(new Error('cancelled'))).toBe(false);
    expect(isCancelled(new RangeError('invalid ρ'))).toBe(false);
    expect(isCancelled(new DOMException('nope', 'NotFoundError'))).toBe(false);
    expect(isCancelled('cancelled')).toBe(false);
    expect(isCancelled(undefined)).toBe(false);
  });
});
