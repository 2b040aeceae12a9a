import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newestAfterPaint } from './afterPaint.ts';

describe('work begun once the frame being prepared is painted', () => {
  let frames: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const paint = () => frames.splice(0).forEach((f) => f());

  it('runs after the frame’s paint, not within it', () => {
    const afterPaint = newestAfterPaint();
    const run = vi.fn();
    afterPaint(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    paint();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('only the newest of the functions given before the paint runs', () => {
    const afterPaint = newestAfterPaint();
    const older = vi.fn();
    const newer = vi.fn();
    afterPaint(older);
    afterPaint(newer);
    paint();
    vi.runAllTimers();
    expect(older).not.toHaveBeenCalled();
    expect(newer).toHaveBeenCalledTimes(1);
  });
});
