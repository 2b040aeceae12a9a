import { describe, expect, it } from 'vitest';
import { keyStepOf, linearScale, logScale } from './SliderNumber.tsx';

describe('a log slider’s keys', () => {
  const rho = logScale(1e-4, 0.5);
  const press = (from: number, by: number, times: number) => {
    let v = from;
    for (let i = 0; i < times; i++) v = rho.keyStep!(v, by);
    return v;
  };

  it('move a tenth of a decade per arrow, on marks that do not drift', () => {
    expect(rho.keyStep!(0.01, 1)).toBe(0.0126);
    expect(press(0.01, 1, 10)).toBe(0.1);
    expect(press(0.1, -1, 10)).toBe(0.01);
    // From 0.01 to 0.1 in ten presses, not the slider's ≈ 270 positions.
    expect(rho.toPosition(0.1) - rho.toPosition(0.01)).toBeGreaterThan(200);
  });

  it('move a decade per page, and from between two marks to the next in the key’s direction', () => {
    expect(rho.keyStep!(0.01, 10)).toBe(0.1);
    expect(rho.keyStep!(0.01, -10)).toBe(0.001);
    expect(rho.keyStep!(0.011, 1)).toBe(0.0126);
    expect(rho.keyStep!(0.011, -1)).toBe(0.01);
    expect(rho.keyStep!(0.03, 10)).toBe(0.1);
  });

  it('stop at the slider’s ends', () => {
    expect(rho.keyStep!(0.4, 10)).toBe(0.5);
    expect(rho.keyStep!(0.0001, -1)).toBe(0.0001);
  });

  it('read the arrows and pages, and leave a linear slider its own steps', () => {
    expect([...['ArrowUp', 'ArrowLeft', 'PageUp', 'PageDown', 'Home']].map(keyStepOf)).toEqual([
      1,
      -1,
      10,
      -10,
      null,
    ]);
    expect(linearScale(0, 10).keyStep).toBeUndefined();
  });
});
