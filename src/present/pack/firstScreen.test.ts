import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_CLASS, HEADLINE_TIMING, firstScreenHtml } from './firstScreen.ts';

const screen = (rho: number | null) => {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const host = document.createElement('div');
  host.innerHTML = firstScreenHtml({
    result: { mAbs: 41, mNorm: 31, m: 41 / 31, oversized: [3, 9], moves: 6 },
    rho,
    views: [
      { label: 'Pack', help: 'Tasks packed onto machines, each judged.', open: true },
      { label: 'A <b> & "c"', help: 'Help with <i>markup</i>', open: false },
    ],
    lessons: 10,
  });
  return host;
};

describe('the static first screen', () => {
  it("shows the packing's figures as the headline does", () => {
    const host = screen(0.01);
    const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(text('m-abs')).toBe('41');
    expect(text('m-norm')).toBe('31');
    expect(text('m')).toBe('1.323');
    expect(text('oversized')).toBe('2');
    expect(host.querySelector('[data-testid="m-abs"]')!.getAttribute('elementtiming')).toBe(
      HEADLINE_TIMING,
    );
    expect(host.textContent).toContain('promised overflow (ρ)0.01');
    expect(host.textContent).toContain('Learn it in ten short lessons');
    expect(host.firstElementChild!.classList.contains(FIRST_SCREEN_CLASS)).toBe(true);
  });

  it('leaves out ρ where the fit test has none, and writes labels as text', () => {
    const host = screen(null);
    expect(host.textContent).not.toContain('promised overflow');
    const nav = host.querySelectorAll('nav button');
    expect(nav[0].getAttribute('aria-current')).toBe('page');
    expect(nav[1].getAttribute('aria-current')).toBeNull();
    expect(nav[1].textContent).toBe('A <b> & "c"');
    expect(nav[1].getAttribute('title')).toBe('Help with <i>markup</i>');
    expect(host.querySelector('b, i')).toBeNull();
  });
});
