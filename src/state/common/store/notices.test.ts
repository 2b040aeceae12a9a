import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_NOTICES, NOTICE_LIFETIME, createExplorerStore } from './store.ts';

describe('notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collapse when repeated, with a count', () => {
    const store = createExplorerStore();
    const s = () => store.getState();
    for (let i = 0; i < 5; i++) s().notify('warning', 'the same thing');
    s().notify('error', 'the same thing');
    expect(s().notices.map((n) => [n.kind, n.count])).toEqual([
      ['warning', 5],
      ['error', 1],
    ]);
  });

  it('info and warnings expire (a repeat starts the time again); errors stay until dismissed', () => {
    const store = createExplorerStore();
    const s = () => store.getState();
    s().notify('info', 'fyi');
    s().notify('warning', 'careful');
    s().notify('error', 'broken');
    vi.advanceTimersByTime(NOTICE_LIFETIME.info! - 1);
    s().notify('info', 'fyi');
    vi.advanceTimersByTime(NOTICE_LIFETIME.info! - 1);
    expect(s().notices.map((n) => n.text)).toEqual(['fyi', 'careful', 'broken']);
    vi.advanceTimersByTime(1);
    expect(s().notices.map((n) => n.text)).toEqual(['careful', 'broken']);
    vi.advanceTimersByTime(NOTICE_LIFETIME.warning!);
    expect(s().notices.map((n) => n.text)).toEqual(['broken']);
    vi.advanceTimersByTime(10 * NOTICE_LIFETIME.warning!);
    expect(s().notices.map((n) => n.text)).toEqual(['broken']);
    s().dismiss(s().notices[0].id);
    expect(s().notices).toEqual([]);
  });

  it('are bounded: the oldest that is not an error makes way', () => {
    const store = createExplorerStore();
    const s = () => store.getState();
    s().notify('error', 'first error');
    for (let i = 0; i < 3 * MAX_NOTICES; i++) s().notify('warning', `warning ${i}`);
    expect(s().notices).toHaveLength(MAX_NOTICES);
    expect(s().notices[0].text).toBe('first error');
    expect(s().notices.at(-1)?.text).toBe(`warning ${3 * MAX_NOTICES - 1}`);
  });
});
