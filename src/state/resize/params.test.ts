import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPredictor, createPolicy } from '../../engine/index.ts';
import { DEFAULT_PARAMS } from '../common/store/params.ts';
import {
  DEFAULT_RESIZE,
  policyOf,
  predictorOf,
  resizeConfig,
  resizeRunKey,
  sweepGrid,
} from './params.ts';
import { resizeParamsArb } from './testing.ts';
import { decode, encode } from '../common/link/url.ts';

describe('the Resize parameters in the link', () => {
  it('decodes every sub-parameter it encodes, in the Resize view and elsewhere', () => {
    fc.assert(
      fc.property(
        resizeParamsArb,
        fc.constantFrom('resize', 'pack') as fc.Arbitrary<'resize' | 'pack'>,
        (resize, view) => {
          const p = { ...DEFAULT_PARAMS, view, resize };
          const d = decode(encode(p));
          expect(d.notices).toEqual([]);
          expect(d.params.resize).toEqual(resize);
        },
      ),
    );
  });

  it('refuses a bad value by its key, keeping the others', () => {
    const d = decode('view=resize&rp=repack&rK=0&ua=1.5&z=2');
    expect(d.params.resize.policy).toBe('repack');
    expect(d.params.resize.every).toBe(DEFAULT_RESIZE.every);
    expect(d.params.resize.upAlpha).toBe(DEFAULT_RESIZE.upAlpha);
    expect(d.params.resize.z).toBe(2);
    expect(d.notices.join(' ')).toMatch(/rK="0"/);
    expect(d.notices.join(' ')).toMatch(/ua="1.5"/);
  });

  it('a view other than Resize leaves default sub-parameters out of its link', () => {
    expect(encode(DEFAULT_PARAMS)).not.toMatch(/rw=|rp=|ua=/);
    expect(encode({ ...DEFAULT_PARAMS, view: 'resize' })).toMatch(/rw=planetlab-day/);
  });
});

describe('the engine configurations of the Resize parameters', () => {
  it('maps the view to the engine specs, and only number-changing fields to the run key', () => {
    const r = {
      ...DEFAULT_RESIZE,
      policy: 'repack' as const,
      every: 6,
      predictor: 'stochastic' as const,
      z: 2,
    };
    expect(policyOf(r)).toEqual({ kind: 'repack', every: 6 });
    expect(predictorOf(r)).toEqual({ kind: 'stochastic', window: r.window, z: 2 });
    expect(resizeConfig(r).hotThreshold).toBe(r.hot);
    expect(resizeRunKey({ ...r, replayStep: 5, scenario: 'flapping' })).toBe(resizeRunKey(r));
    expect(resizeRunKey({ ...r, upAlpha: 0.5 })).toBe(resizeRunKey(r)); // FUSD α's unused here
    expect(resizeRunKey({ ...r, z: 1 })).not.toBe(resizeRunKey(r));
  });

  it('sweeps distinct, valid configurations over the policies', () => {
    const grid = sweepGrid(DEFAULT_RESIZE);
    const keys = new Set(grid.map((g) => JSON.stringify(g.config)));
    expect(keys.size).toBe(grid.length);
    expect(new Set(grid.map((g) => g.policy))).toEqual(
      new Set(['visbp', 'repack', 'ff', 'bf', 'hotspot']),
    );
    for (const g of grid) {
      expect(() => checkPredictor(g.config.predictor)).not.toThrow();
      expect(() => createPolicy(g.config.policy, 1)).not.toThrow();
      expect(g.config.hotThreshold).toBe(DEFAULT_RESIZE.hot);
    }
  });
});
