import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './whenQuiet.ts';

const event = (type: string, buttons?: number) =>
  Object.assign(new Event(type), buttons === undefined ? {} : { buttons });

describe('work kept for when the user leaves the page alone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after the quiet time, counted afresh from each press, key, input or drag', () => {
    const target = new EventTarget();
    const run = vi.fn();
    whenQuiet(run, 1000, target);
    vi.advanceTimersByTime(900);
    target.dispatchEvent(event('pointerdown'));
    vi.advanceTimersByTime(900);
    target.dispatchEvent(event('input'));
    vi.advanceTimersByTime(900);
    target.dispatchEvent(event('pointermove', 1));
    vi.advanceTimersByTime(900);
    target.dispatchEvent(event('keydown'));
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    target.dispatchEvent(event('pointerdown'));
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a pointer moved with no button held is not the user at work', () => {
    const target = new EventTarget();
    const run = vi.fn();
    whenQuiet(run, 1000, target);
    vi.advanceTimersByTime(600);
    target.dispatchEvent(event('pointermove', 0));
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('given up, it never runs', () => {
    const target = new EventTarget();
    const run = vi.fn();
    const giveUp = whenQuiet(run, 1000, target);
    vi.advanceTimersByTime(500);
    giveUp();
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
  });
});
