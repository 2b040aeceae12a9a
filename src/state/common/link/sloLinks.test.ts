import { describe, expect, it } from 'vitest';
import { clusterFitSpec, CLUSTER_FITS } from '../../cluster/params.ts';
import { policyOf, predictorOf, resizeConfig } from '../../resize/params.ts';
import { decode, encode } from './url.ts';

// Links made today with an SLO in them (Resize's z, Cluster's ε and split), with the engine
// configurations they open to, written out by hand: they must keep opening to the same numbers.
describe('links with an SLO keep opening to the same engine configurations', () => {
  const open = (link: string) => {
    const d = decode(link);
    expect(d.notices).toEqual([]);
    expect(decode(encode(d.params)).params).toEqual(d.params);
    return d.params;
  };

  it.each([
    ['?view=resize&rpr=stochastic&z=2&rW=6', { kind: 'stochastic', window: 6, z: 2 }],
    ['?view=resize&rpr=stochastic&z=-1.5', { kind: 'stochastic', window: 8, z: -1.5 }],
    ['?view=resize&rpr=stochastic&z=0', { kind: 'stochastic', window: 8, z: 0 }],
    ['?view=resize&rpr=stochastic&z=10', { kind: 'stochastic', window: 8, z: 10 }],
    ['?view=resize&rpr=stochastic&z=-10&rW=1', { kind: 'stochastic', window: 1, z: -10 }],
    ['?view=resize&rpr=stochastic&z=0.3333', { kind: 'stochastic', window: 8, z: 0.3333 }],
  ])('Resize %s', (link, predictor) => {
    expect(predictorOf(open(link).resize)).toEqual(predictor);
  });

  it('Resize with the stochastic bridge, GPA hot spots and a repack period', () => {
    const r = open('?view=resize&rp=repack&rK=12&rpr=stochastic&z=2&gh=1&hot=0.9').resize;
    expect(resizeConfig(r)).toEqual({
      policy: { kind: 'repack', every: 12 },
      predictor: { kind: 'stochastic', window: 8, z: 2 },
      hotThreshold: 0.9,
      series: true,
    });
    const v = open('?view=resize&rp=visbp&rpr=stochastic&z=1.25&gh=1').resize;
    expect(policyOf(v)).toEqual({ kind: 'visbp', gpaHot: true });
    expect(predictorOf(v)).toEqual({ kind: 'stochastic', window: 8, z: 1.25 });
  });

  it.each([
    [
      '?view=cluster&cfit=additive&ceps=0.02&csplit=indep',
      [
        { kind: 'gpa', eps: 0.02, split: 'indep' },
        { kind: 'additive', eps: 0.02, split: 'indep' },
        { kind: 'request' },
        { kind: 'maxred' },
      ],
    ],
    [
      '?view=cluster&cfit=gpa&ceps=0.05',
      [
        { kind: 'gpa', eps: 0.05, split: 'union' },
        { kind: 'additive', eps: 0.05, split: 'union' },
        { kind: 'request' },
        { kind: 'maxred' },
      ],
    ],
    [
      '?view=cluster&cfit=maxred&ceps=0.001&csplit=union',
      [
        { kind: 'gpa', eps: 0.001, split: 'union' },
        { kind: 'additive', eps: 0.001, split: 'union' },
        { kind: 'request' },
        { kind: 'maxred' },
      ],
    ],
    [
      '?view=cluster&ceps=0.999&csplit=indep',
      [
        { kind: 'gpa', eps: 0.999, split: 'indep' },
        { kind: 'additive', eps: 0.999, split: 'indep' },
        { kind: 'request' },
        { kind: 'maxred' },
      ],
    ],
  ])('Cluster %s', (link, specs) => {
    const s = open(link).cluster;
    expect(CLUSTER_FITS.map((k) => clusterFitSpec(s, k))).toEqual(specs);
    expect(clusterFitSpec(s)).toEqual(specs[CLUSTER_FITS.indexOf(s.fit)]);
  });
});
