import { describe, expect, it } from 'vitest';
import { parseSet } from './adviseRun.ts';

describe('advise --set', () => {
  it('reads plain decimals', () => {
    expect(parseSet('aggregation=95,duration=3.6e3')).toEqual({ aggregation: 95, duration: 3600 });
    expect(parseSet(undefined)).toEqual({});
  });

  it.each([
    ['duration=0x10', '--set duration: "0x10" is not a number (not a decimal number)'],
    ['duration=Infinity', '--set duration: "Infinity" is not a number (not a decimal number)'],
    ['duration=1e400', '--set duration: "1e400" is not a number (not finite)'],
    ['duration=', '--set duration: "" is not a number (empty)'],
    ['aggregation=9 5', '--set aggregation: "9 5" is not a number (not a decimal number)'],
    ['95', '--set 95: expected key=number (e.g. aggregation=95,duration=3600)'],
  ])('refuses %s, naming the key and the value', (text, message) => {
    expect(() => parseSet(text)).toThrow(message);
  });
});
