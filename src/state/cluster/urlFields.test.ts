import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASS_FEATURES } from '../../engine/cluster/classPacking.ts';
import { MULTI_PACKERS } from '../../engine/cluster/pack.ts';
import { HARMONY_TYPES } from '../../engine/cluster/machineTypes.ts';
import {
  CLUSTER_DATASETS,
  CLUSTER_FITS,
  CLUSTER_RESOURCES,
  DEFAULT_CLUSTER,
  type ClusterSettings,
} from './params.ts';
import { DEFAULT_PARAMS } from '../common/store/params.ts';
import { VIEWS } from '../common/views/views.ts';
import { decode, encode } from '../common/link/url.ts';

const typeArb = fc
  .record({
    name: fc.stringMatching(/^[A-Za-z0-9 ~|%&=?#._-]{1,16}$/),
    capacity: fc.tuple(
      fc.double({ min: 0.001, max: 4, noNaN: true }),
      fc.double({ min: 0.001, max: 4, noNaN: true }),
    ),
    count: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    idleWatts: fc.double({ min: 0, max: 1000, noNaN: true }),
    peakWatts: fc.double({ min: 0, max: 1000, noNaN: true }),
  })
  .map((t) => ({ ...t, peakWatts: t.idleWatts + t.peakWatts }));

const settingsArb: fc.Arbitrary<ClusterSettings> = fc.record({
  dataset: fc.constantFrom(...CLUSTER_DATASETS),
  resources: fc.constantFrom(...CLUSTER_RESOURCES),
  types: fc.oneof(fc.constant(HARMONY_TYPES), fc.array(typeArb, { minLength: 1, maxLength: 5 })),
  fit: fc.constantFrom(...CLUSTER_FITS),
  eps: fc.double({ min: 1e-6, max: 0.5, noNaN: true }),
  split: fc.constantFrom('union' as const, 'indep' as const),
  packer: fc.constantFrom(...MULTI_PACKERS),
  open: fc.constantFrom('order' as const, 'energy' as const),
  realizations: fc.integer({ min: 10, max: 20_000 }),
  clairvoyance: fc.double({ min: 1e-4, max: 1, noNaN: true }),
  k: fc.integer({ min: 1, max: 40 }),
  features: fc.constantFrom(...CLASS_FEATURES),
  periods: fc.integer({ min: 1, max: 96 }),
  targetDelay: fc.double({ min: 1e-3, max: 10, noNaN: true }),
  nodeMemory: fc.option(fc.double({ min: 1e-3, max: 2 ** 20, noNaN: true }), { nil: null }),
});

describe('the Cluster view in the link', () => {
  it('decodes every cluster setting it encodes, in any view, without notices', () => {
    fc.assert(
      fc.property(settingsArb, fc.constantFrom(...VIEWS), (cluster, view) => {
        const d = decode(encode({ ...DEFAULT_PARAMS, view, cluster }));
        expect(d.notices).toEqual([]);
        expect(d.params.cluster).toEqual(cluster);
      }),
      { numRuns: 200 },
    );
  });

  it('writes edited machine types only; a bad type is refused with the engine’s message', () => {
    const plain = encode({ ...DEFAULT_PARAMS, view: 'cluster' });
    expect(plain).toContain('cd=bitbrains-rnd');
    expect(plain).not.toContain('ct=');
    const bad = decode('?view=cluster&ct=Big~1~0~5~100~50');
    expect(bad.params.cluster.types).toEqual(DEFAULT_CLUSTER.types);
    expect(bad.notices.join(' ')).toMatch(/ct=.*capacity\[1\] = 0/);
    const other = decode('?view=cluster&ck=0&ceps=2');
    expect(other.params.cluster.k).toBe(DEFAULT_CLUSTER.k);
    expect(other.notices).toHaveLength(2);
  });
});
