/**
 * Multi-resource packings on machine types as a job (SPEC §14): one unit per fit test, so a view's
 * "pooled GPA vs additive containers vs requests at one glance" spreads over the pool. Each unit
 * realizes the samples itself (same seed → the same matrices in every worker) and packs.
 */
import type { MultiFitSpec } from '../../../engine/cluster/index.ts';
import type { MachineType } from '../../../engine/cluster/index.ts';
import type { MultiMeasure } from '../../../engine/cluster/index.ts';
import type { MultiPacker, OpenPolicy } from '../../../engine/cluster/index.ts';
import { machineUse, type MachineUse } from '../../../engine/cluster/index.ts';
import { runCluster } from '../../../engine/cluster/index.ts';
import { realizeMulti, type MultiSamples } from '../../../engine/cluster/index.ts';
import { identityRows } from '../../../engine/workload.ts';
import { defineJob } from '../job.ts';

export interface ClusterJobSpec {
  readonly samples: MultiSamples;
  readonly realizations: number;
  readonly seed: number;
  readonly fits: readonly MultiFitSpec[];
  readonly packer: MultiPacker;
  readonly types: readonly MachineType[];
  readonly open: OpenPolicy;
  readonly clairvoyance: number;
}

export interface ClusterJobOut {
  readonly measure: MultiMeasure;
  /** Tasks per machine and the machine's type, for drawing. */
  readonly machines: Int32Array[];
  readonly machineType: Int32Array;
  readonly load: Float64Array[];
  /** Realized mean and 99th percentile per resource and machine, for drawing. */
  readonly use: MachineUse;
}

export const clusterCompare = defineJob({
  needsPool: false,
  units(spec: ClusterJobSpec): number[] {
    if (spec.fits.length === 0) throw new RangeError('cluster job: no fit test given');
    return spec.fits.map((_, k) => k);
  },
  run(_ctx, spec: ClusterJobSpec, unit: number, checkpoint): ClusterJobOut {
    checkpoint();
    const w = realizeMulti(spec.samples, spec.realizations, spec.seed);
    checkpoint();
    const rows = identityRows(w.ids.length);
    const r = runCluster(w, rows, {
      fit: spec.fits[unit],
      packer: spec.packer,
      types: spec.types,
      open: spec.open,
      clairvoyance: spec.clairvoyance,
    });
    return {
      measure: r.measure,
      machines: r.packing.machines,
      machineType: r.packing.machineType,
      load: r.packing.load,
      use: machineUse(w.matrices, rows, r.packing, r.split),
    };
  },
});
