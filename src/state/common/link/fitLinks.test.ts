import { describe, expect, it } from 'vitest';
import { decode, encode } from './url.ts';

// Links as the app wrote them before the fit tests and the SLO had one shape each (some taken from
// the e2e specs), with the values they open to, written out by hand: they must keep opening there.
const LINKS: readonly (readonly [string, Record<string, unknown>])[] = [
  [
    '?n=400&seed=7&algo=ff&fit=cantelli:1&c=0.8&k=0.5&rb=0&i=2',
    {
      tasks: 400,
      seed: 7,
      packer: 'ff',
      fit: { kind: 'cantelli', b: 1 },
      capacity: 0.8,
      clairvoyance: 0.5,
      rebalance: 0,
      instance: 2,
    },
  ],
  [
    '?n=150&r=2000&fit=cantelli:4.4',
    { tasks: 150, realizations: 2000, fit: { kind: 'cantelli', b: 4.4 } },
  ],
  [
    '?view=pack&fit=conv:0.002:0.005&n=300',
    { view: 'pack', tasks: 300, fit: { kind: 'conv', rho: 0.002, bin: 0.005 } },
  ],
  ['?view=pack&fit=conv:0.01', { fit: { kind: 'conv', rho: 0.01, bin: 0.0025 } }],
  ['?fit=max', { fit: { kind: 'max' } }],
  ['?fit=av:1.25&view=pack', { fit: { kind: 'av', f: 1.25 } }],
  ['?fit=emp:0.001', { fit: { kind: 'emp', rho: 0.001 } }],
  [
    '?n=300&K=2&fit=gpa:0.001&view=tradeoff&tail=1',
    { tasks: 300, instances: 2, view: 'tradeoff', tail: true, fit: { kind: 'gpa', rho: 0.001 } },
  ],
  [
    '?view=tune&tm=calibrate&fam=cantelli&fit=perc:90',
    { view: 'tune', tuneMode: 'calibrate', tuneFamily: 'cantelli', fit: { kind: 'perc', p: 90 } },
  ],
  [
    '?view=tune&tm=auto&qt=0.01&fams=gpa,perc,cf,emp',
    { tuneMode: 'auto', target: 0.01, tuneFamilies: ['gpa', 'perc', 'cf', 'emp'] },
  ],
  [
    '?view=timeline&tsrc=synthetic&tn=500&tw=3&tpol=fmf&tfit=gpa:0.05',
    { view: 'timeline', timelineFit: { kind: 'gpa', rho: 0.05 } },
  ],
  ['?view=timeline&tfit=size', { timelineFit: { kind: 'size' } }],
  [
    '?view=resize&rp=repack&rK=12&rpr=stochastic&z=2&gh=1',
    {
      view: 'resize',
      resize: expect.objectContaining({
        policy: 'repack',
        every: 12,
        predictor: 'stochastic',
        z: 2,
        gpaHot: true,
      }),
    },
  ],
  [
    '?view=resize&rpr=stochastic&z=-1.5',
    { resize: expect.objectContaining({ predictor: 'stochastic', z: -1.5 }) },
  ],
  [
    '?view=cluster&cd=google-gcd-jobs&cfit=additive&ceps=0.02&csplit=indep&ck=3',
    {
      view: 'cluster',
      cluster: expect.objectContaining({
        dataset: 'google-gcd-jobs',
        fit: 'additive',
        eps: 0.02,
        split: 'indep',
        k: 3,
      }),
    },
  ],
  [
    '?view=cluster&cfit=gpa&ceps=0.05&cres=cpu,mem',
    {
      cluster: expect.objectContaining({
        fit: 'gpa',
        eps: 0.05,
        split: 'union',
        resources: 'cpu,mem',
      }),
    },
  ],
  ['?view=cluster&cfit=maxred', { cluster: expect.objectContaining({ fit: 'maxred' }) }],
];

describe('links made before keep opening to the same numbers', () => {
  it.each(LINKS)('%s', (link, values) => {
    const d = decode(link);
    expect(d.notices).toEqual([]);
    expect(d.params).toMatchObject(values);
    expect(decode(encode(d.params)).params).toEqual(d.params);
  });
});
