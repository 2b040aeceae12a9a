import * as Plot from '@observablehq/plot';
import { describe, expect, it } from 'vitest';
import { SLO_RHOS } from '../engine/index.ts';
import { explorer } from '../state/common/store/store.ts';
import { dragFrames, valueAtPointer, type DragScale } from './plotDrag.ts';
import type { Frame } from './playback.ts';
import { dragLessonRho } from './learn/RhoSlider.tsx';

/** Lesson 5's ρ axis: log, 10⁻⁵ … 1 over pixels 56 … 620 of a 640-wide SVG. */
const RHO_AXIS = Plot.scale({
  x: { type: 'log', domain: [1e-5, 1], range: [56, 620] },
}) as DragScale & { apply(v: number): number };

describe('a pointer on a plot read as a value of its x scale', () => {
  it('inverts the pixel under the pointer through the plot’s own scale', () => {
    const box = { left: 100, width: 640 };
    // Drawn at its own size: screen x 100 + pixel.
    for (const rho of [1e-4, 0.01, 0.3]) {
      const pixel = RHO_AXIS.apply(rho);
      expect(valueAtPointer(100 + pixel, box, 640, RHO_AXIS)).toBeCloseTo(rho, 12);
    }
    // The axis' middle is the geometric middle of the decades.
    expect(valueAtPointer(100 + 338, box, 640, RHO_AXIS)).toBeCloseTo(10 ** -2.5, 12);
  });

  it('reads a plot drawn narrower than its viewBox in the viewBox’s pixels', () => {
    // A 640-wide SVG shrunk to 320 on screen: screen x is half the pixel.
    const pixel = RHO_AXIS.apply(0.001);
    expect(valueAtPointer(10 + pixel / 2, { left: 10, width: 320 }, 640, RHO_AXIS)).toBeCloseTo(
      0.001,
      12,
    );
  });

  it('holds a pointer past either edge at that edge', () => {
    const box = { left: 0, width: 640 };
    expect(valueAtPointer(-50, box, 640, RHO_AXIS)).toBeCloseTo(1e-5, 15);
    expect(valueAtPointer(900, box, 640, RHO_AXIS)).toBeCloseTo(1, 12);
  });

  it('reads nothing from a scale it cannot invert or a box of no width', () => {
    const band = Plot.scale({
      x: { type: 'band', domain: ['a', 'b'], range: [0, 100] },
    }) as DragScale;
    expect(valueAtPointer(50, { left: 0, width: 100 }, 100, band)).toBeNull();
    expect(valueAtPointer(50, { left: 0, width: 0 }, 100, RHO_AXIS)).toBeNull();
  });
});

describe('the frames of a drag', () => {
  it('is first until a value changes something, then next, afresh at each drag', () => {
    const seen: [number, Frame][] = [];
    let current = 1;
    const frames = dragFrames((v, frame) => {
      seen.push([v, frame]);
      if (v === current) return false;
      current = v;
      return true;
    });
    frames.start();
    frames.move(1); // on the value already set: changes nothing
    frames.move(2);
    frames.move(3);
    frames.start();
    frames.move(4);
    expect(seen).toEqual([
      [1, 'first'],
      [2, 'first'],
      [3, 'next'],
      [4, 'first'],
    ]);
  });
});

describe('a drag of lesson ρ along a plot', () => {
  it('sets the slider’s nearest stop, its first change an edit and the rest adjustments', () => {
    explorer.getState().setParams({ lessonRho: 0.01 });
    const before = explorer.getState().adjustments;
    expect(dragLessonRho(0.0105, 'first')).toBe(false); // the slider's stop is 0.01 already
    expect(dragLessonRho(0.0042, 'first')).toBe(true);
    expect(explorer.getState().params.lessonRho).toBe(0.005);
    expect(explorer.getState().adjustments).toBe(before);
    expect(dragLessonRho(0.00011, 'next')).toBe(true);
    expect(explorer.getState().params.lessonRho).toBe(0.0001);
    expect(explorer.getState().adjustments).toBe(before + 1);
    // Past the last stop: the slider's end.
    expect(dragLessonRho(1, 'next')).toBe(true);
    expect(explorer.getState().params.lessonRho).toBe(SLO_RHOS[SLO_RHOS.length - 1]);
  });
});
