import { describe, expect, it } from 'vitest';
import { DEFAULT_BIN, formatFit, parseFit, tailFits } from './index.ts';

describe('notation of the tail-aware fit tests', () => {
  it('parses name:ρ, and conv with an optional bin width', () => {
    expect(parseFit('cf:0.001')).toEqual({ kind: 'cf', rho: 0.001 });
    expect(parseFit('emp:0.01')).toEqual({ kind: 'emp', rho: 0.01 });
    expect(parseFit('bern:0.3')).toEqual({ kind: 'bern', rho: 0.3 });
    expect(parseFit('hoeff:0.05')).toEqual({ kind: 'hoeff', rho: 0.05 });
    expect(parseFit('conv:0.001')).toEqual({ kind: 'conv', rho: 0.001, bin: DEFAULT_BIN });
    expect(parseFit('conv:0.001:0.005')).toEqual({ kind: 'conv', rho: 0.001, bin: 0.005 });
  });

  it('round-trips every tail-aware test through its text', () => {
    for (const spec of [...tailFits(), { kind: 'conv', rho: 0.002, bin: 0.01 } as const])
      expect(parseFit(formatFit(spec))).toEqual(spec);
    expect(formatFit({ kind: 'conv', rho: 0.01, bin: DEFAULT_BIN })).toBe('conv:0.01');
  });

  it('names the bad value', () => {
    expect(() => parseFit('cf:2')).toThrow('invalid ρ: 2');
    expect(() => parseFit('emp')).toThrow('invalid fit test: "emp"');
    expect(() => parseFit('conv:0.01:0')).toThrow('invalid bin width: 0');
    expect(() => parseFit('conv:0.01:0.1:3')).toThrow('invalid fit test');
    expect(() => parseFit('bern:0.1:2')).toThrow('invalid fit test');
    expect(() => parseFit('gpa:0.1:2')).toThrow('invalid fit test');
    expect(() => parseFit('max:1')).toThrow('invalid fit test');
    expect(() => parseFit('skew:0.1')).toThrow('unknown fit test: "skew"');
  });
});
