// Links made before the wings' parameters were declared in one place, each with the numbers it
// opened to then: every one must keep opening to the same parameters, with no notice, and be
// written again with the same keys and values (the order of keys follows the wing registry).
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, type Params } from '../store/params.ts';
import { decode, encode } from './url.ts';

const LINKS: readonly (readonly [string, string, Partial<Params>])[] = [
  [
    'pack',
    'v=2&view=pack&d=azure-v1&s=0.5&n=500&r=2000&seed=7&i=3&algo=ffd&fit=cantelli%3A2&c=1.5&k=0.5&src=avg&rb=0&K=10&m=4',
    {
      dataset: 'azure-v1',
      scale: 0.5,
      tasks: 500,
      realizations: 2000,
      seed: 7,
      instance: 3,
      packer: 'ffd',
      fit: { kind: 'cantelli', b: 2 },
      capacity: 1.5,
      clairvoyance: 0.5,
      source: 'avg',
      rebalance: 0,
      machine: 4,
    } as unknown as Partial<Params>,
  ],
  [
    'tradeoff',
    'v=2&view=tradeoff&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.001&c=1&k=1&src=inst&rb=5&K=25&tail=1',
    {
      fit: { kind: 'gpa', rho: 0.001 },
      instances: 25,
      tail: true,
      view: 'tradeoff',
    } as unknown as Partial<Params>,
  ],
  [
    'ab',
    'v=2&view=pack&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&ab=d%3Dplanetlab-20110303%26s%3D0.3%26n%3D800%26r%3D5000%26seed%3D2%26i%3D1%26algo%3Dff%26fit%3Dgpa%253A0.02%26c%3D1%26k%3D1%26src%3Dinst%26rb%3D3',
    {
      pinned: {
        dataset: 'planetlab-20110303',
        upload: null,
        scale: 0.3,
        tasks: 800,
        realizations: 5000,
        seed: 2,
        instance: 1,
        packer: 'ff',
        fit: { kind: 'gpa', rho: 0.02 },
        capacity: 1,
        clairvoyance: 1,
        source: 'inst',
        rebalance: 3,
        // A side pinned before the pin carried the realization: independent draws.
        realization: 'independent',
        block: 12,
      },
    } as unknown as Partial<Params>,
  ],
  [
    'learn',
    'v=2&view=learn&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&lesson=6&step=12',
    { view: 'learn', lesson: 6, step: 12 } as unknown as Partial<Params>,
  ],
  [
    'tune',
    'v=2&view=tune&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&tm=auto&fam=cantelli&fams=gpa%2Ccantelli&qt=0.01&conf=0.9',
    {
      view: 'tune',
      tuneMode: 'auto',
      tuneFamily: 'cantelli',
      tuneFamilies: ['gpa', 'cantelli'],
      target: 0.01,
      confidence: 0.9,
    } as unknown as Partial<Params>,
  ],
  [
    'paper',
    'v=2&view=paper&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&fig=fig6&overlay=0&pK=20&pS=5000&pN=30&pE=2&pW=24',
    {
      view: 'paper',
      paperFigure: 'fig6',
      paperOverlay: false,
      paperInstances: 20,
      paperSums: 5000,
      paperN: 30,
      paperExample: 2,
      paperWindow: 24,
    } as unknown as Partial<Params>,
  ],
  [
    'timeline',
    'v=2&view=timeline&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&tsrc=google&tn=5000&tdays=3&tpol=ff&tord=rand&tw=10&tfit=gpa%3A0.05&terr=0.5&tc=2&tseed=9&tt=3600&tmach=5',
    {
      view: 'timeline',
      timelineSource: 'google',
      timelineTasks: 5000,
      timelineDays: 3,
      timelinePolicy: 'ff',
      timelineOrder: 'rand',
      timelineWindow: 10,
      timelineFit: { kind: 'gpa', rho: 0.05 },
      timelineError: 0.5,
      timelineCapacity: 2,
      timelineSeed: 9,
      timelineTime: 3600,
      timelineMachine: 5,
    } as unknown as Partial<Params>,
  ],
  [
    'timelineUpload',
    'v=2&view=timeline&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&tsrc=upload&tn=10000&tdays=1&tpol=fmf&tord=d&tw=2&tfit=size&terr=0&tc=1&tseed=1&tfile=tasks.csv&th=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    {
      view: 'timeline',
      timelineSource: 'upload',
      timelineUpload: {
        name: 'tasks.csv',
        hash: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      },
    } as unknown as Partial<Params>,
  ],
  [
    'resize',
    'v=2&view=resize&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&rw=azure&rp=repack&rK=24&rpr=stochastic&ua=-0.1&da=0.3&rW=6&pct=90&z=2&gh=1&hot=0.9&sc=loose-4-3&rs=5',
    {
      view: 'resize',
      resize: {
        workload: 'azure',
        policy: 'repack',
        every: 24,
        predictor: 'stochastic',
        upAlpha: -0.1,
        downAlpha: 0.3,
        window: 6,
        percentile: 90,
        z: 2,
        gpaHot: true,
        hot: 0.9,
        scenario: 'loose-4-3',
        replayStep: 5,
      },
    } as unknown as Partial<Params>,
  ],
  [
    'cluster',
    'v=2&view=cluster&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&cd=google-gcd-jobs&cres=cpu&ct=Dell%2520R210%7E0.08333333333333333%7E0.0625%7E7000%7E40%7E80%7CDell%2520R515%7E0.25%7E0.5%7E1500%7E110%7E220&cfit=additive&ceps=0.05&csplit=indep&calgo=bf&copen=energy&cr=500&ckap=0.8&ck=6&cfeat=requests&cper=24&cdel=0.1',
    {
      view: 'cluster',
      cluster: {
        dataset: 'google-gcd-jobs',
        resources: 'cpu',
        types: [
          {
            name: 'Dell R210',
            capacity: [0.08333333333333333, 0.0625],
            count: 7000,
            idleWatts: 40,
            peakWatts: 80,
          },
          { name: 'Dell R515', capacity: [0.25, 0.5], count: 1500, idleWatts: 110, peakWatts: 220 },
        ],
        fit: 'additive',
        eps: 0.05,
        split: 'indep',
        packer: 'bf',
        open: 'energy',
        realizations: 500,
        clairvoyance: 0.8,
        k: 6,
        features: 'requests',
        periods: 24,
        targetDelay: 0.1,
        // Declared after this link was made: the server's node memory.
        nodeMemory: null,
      },
    } as unknown as Partial<Params>,
  ],
  [
    'elsewhere',
    'v=2&view=pack&d=planetlab-20110303&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10&step=3&hot=1.2&tfit=gpa%3A0.02&ck=5',
    {
      step: 3,
      resize: {
        workload: 'planetlab-day',
        policy: 'visbp',
        every: 12,
        predictor: 'fusd',
        upAlpha: -0.2,
        downAlpha: 0.7,
        window: 8,
        percentile: 90,
        z: 1,
        gpaHot: false,
        hot: 1.2,
        scenario: 'tight-3-2',
        replayStep: 0,
      },
      timelineFit: { kind: 'gpa', rho: 0.02 },
      cluster: {
        dataset: 'bitbrains-rnd',
        resources: 'cpu,mem',
        types: [
          {
            name: 'Dell R210',
            capacity: [0.08333333333333333, 0.0625],
            count: 7000,
            idleWatts: 40,
            peakWatts: 80,
          },
          { name: 'Dell R515', capacity: [0.25, 0.5], count: 1500, idleWatts: 110, peakWatts: 220 },
          {
            name: 'HP DL385 G7',
            capacity: [0.5, 0.25],
            count: 1000,
            idleWatts: 120,
            peakWatts: 280,
          },
          { name: 'HP DL585 G7', capacity: [1, 1], count: 500, idleWatts: 300, peakWatts: 650 },
        ],
        fit: 'gpa',
        eps: 0.01,
        split: 'union',
        packer: 'ff',
        open: 'order',
        realizations: 1000,
        clairvoyance: 1,
        k: 5,
        features: 'usage',
        periods: 12,
        targetDelay: 0.05,
        nodeMemory: null,
      },
    } as unknown as Partial<Params>,
  ],
  [
    'upload',
    'v=2&view=data&d=planetlab-20110303&files=a.csv%7Cb.csv&h=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb&fmt=wide&s=0.25&n=1000&r=10000&seed=1&i=0&algo=bf&fit=gpa%3A0.01&c=1&k=1&src=inst&rb=5&K=10',
    {
      upload: {
        names: ['a.csv', 'b.csv'],
        hash: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
        format: 'wide',
        // Made before links carried loader options: nothing checks them (uploadOptions.ts).
        options: null,
      },
      view: 'data',
    } as unknown as Partial<Params>,
  ],
];

describe('links made before', () => {
  it.each(LINKS)(
    '%s: opens to the same parameters and is written with the same keys',
    (_, link, changed) => {
      const { params, notices } = decode(link);
      expect(notices).toEqual([]);
      expect(params).toEqual({ ...DEFAULT_PARAMS, ...changed });
      const pairs = (text: string) => [...new URLSearchParams(text)].sort();
      expect(pairs(encode(params))).toEqual(pairs(link));
    },
  );
});
