import { describe, expect, it } from 'vitest';
import { parsePolicy, predictorFrom } from './commands/resize/resize.ts';

// Command lines made today with an SLO in them (the GPA repack's ρ, the stochastic bridge's z),
// with the engine configurations they run, written out by hand: they must keep running the same.
describe('the resize command reads its SLO as before', () => {
  it.each([
    ['repack-gpa:12:0.01', { kind: 'repack', every: 12, gpa: { rho: 0.01 } }],
    ['repack-gpa:1:0.5', { kind: 'repack', every: 1, gpa: { rho: 0.5 } }],
    ['repack-gpa:288:1e-4', { kind: 'repack', every: 288, gpa: { rho: 1e-4 } }],
    ['repack:6', { kind: 'repack', every: 6 }],
  ])('--policy %s', (text, spec) => {
    expect(parsePolicy(text)).toEqual(spec);
  });

  it.each([
    'repack-gpa:6:1.5',
    'repack-gpa:6:0',
    'repack-gpa:0:0.01',
    'repack-gpa:6:',
    'repack-gpa:6:x',
  ])('refuses --policy %s naming the flag and the value', (text) => {
    expect(() => parsePolicy(text)).toThrow(`invalid --policy "${text}"`);
  });

  it.each([
    [2, 8, { kind: 'stochastic', window: 8, z: 2 }],
    [-1.5, 3, { kind: 'stochastic', window: 3, z: -1.5 }],
    [0, 8, { kind: 'stochastic', window: 8, z: 0 }],
  ])('--z %s --window %s', (z, window, spec) => {
    expect(predictorFrom({ predictor: 'fusd', z, window })).toEqual(spec);
    expect(predictorFrom({ predictor: 'stochastic', z, window })).toEqual(spec);
  });
});
