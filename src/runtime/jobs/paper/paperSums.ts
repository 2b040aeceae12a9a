/**
 * Sums of random tasks over the realized pool (GPA paper §3.6): Table 1 and Fig. 6 by replicate
 * ranges (replicate j draws its tasks from its own stream), Fig. 5 one unit per N.
 */
import {
  fig5,
  kernelOf,
  matrixRows,
  sumsChunk,
  type Fig5Panel,
  type RealizationMatrix,
  type RowSource,
  type SumsParams,
  type SumsPartial,
} from '../../../engine/index.ts';
import { WasmKernel } from '../../../kernels/index.ts';
import { defineJob } from '../job.ts';

/** Replicates per unit (a replicate of N ≤ 500 over R = 10,000 costs a few ms). */
const REPLICATES_PER_UNIT = 25;

// Per-task moments are cached per matrix in each worker, for every unit of every job on it; the
// SIMD kernel attached to a pool's matrix (if any) computes the sums.
const sources = new WeakMap<RealizationMatrix, RowSource>();
function rowsOf(m: RealizationMatrix): RowSource {
  let s = sources.get(m);
  if (!s) {
    const kernel = kernelOf(m);
    s = matrixRows(m, kernel instanceof WasmKernel ? kernel : null);
    sources.set(m, s);
  }
  return s;
}

interface Range {
  readonly start: number;
  readonly end: number;
}

export const paperSums = defineJob({
  needsPool: true,
  units(spec: SumsParams): Range[] {
    if (!(Number.isInteger(spec.replicates) && spec.replicates >= 1))
      throw new RangeError(`invalid number of sums per N: ${spec.replicates}`);
    const out: Range[] = [];
    for (let start = 0; start < spec.replicates; start += REPLICATES_PER_UNIT)
      out.push({ start, end: Math.min(spec.replicates, start + REPLICATES_PER_UNIT) });
    return out;
  },
  run(ctx, spec: SumsParams, u: Range, checkpoint): SumsPartial {
    return sumsChunk(rowsOf(ctx!.inst), spec, u.start, u.end, {
      onProgress: () => checkpoint(),
    });
  },
  weight: (u) => u.end - u.start,
});

interface Fig5JobSpec {
  /** One panel per N (each below the pool size). */
  readonly ns: readonly number[];
  readonly seed: number;
  /** Which random sum of each N (another index draws other tasks). */
  readonly example: number;
  readonly bins?: number;
}

export const paperFig5 = defineJob({
  needsPool: true,
  units: (spec: Fig5JobSpec) => spec.ns.map((_, i) => i),
  run(ctx, spec: Fig5JobSpec, i: number, checkpoint): Fig5Panel {
    checkpoint();
    return fig5(rowsOf(ctx!.inst), {
      n: spec.ns[i],
      seed: spec.seed,
      example: spec.example,
      bins: spec.bins,
    });
  },
});
