import { describe, expect, it } from 'vitest';
import { loadShared } from '../../../cli/commands/cluster/clusterData.ts';
import { HARMONY_TYPES } from '../../../engine/cluster/machineTypes.ts';
import { runCluster } from '../../../engine/cluster/run.ts';
import { realizeMulti } from '../../../engine/cluster/workload.ts';
import { identityRows } from '../../../engine/workload.ts';
import { clusterCompare, type ClusterJobSpec } from './cluster.ts';

describe('cluster job', () => {
  it('one unit per fit test, each the engine packing of the same realizations', async () => {
    const samples = await loadShared('google-gcd-jobs');
    const spec: ClusterJobSpec = {
      samples,
      realizations: 100,
      seed: 3,
      fits: [
        { kind: 'gpa', eps: 0.01, split: 'union' },
        { kind: 'additive', eps: 0.01, split: 'union' },
      ],
      packer: 'ff',
      types: HARMONY_TYPES,
      open: 'energy',
      clairvoyance: 0.5,
    };
    const units = clusterCompare.units(spec, null);
    expect(units).toEqual([0, 1]);
    const w = realizeMulti(samples, 100, 3);
    for (const u of units) {
      const out = clusterCompare.run(null, spec, u, () => {});
      const direct = runCluster(w, identityRows(w.ids.length), { ...spec, fit: spec.fits[u] });
      expect(out.measure).toEqual(direct.measure);
    }
  });
});
