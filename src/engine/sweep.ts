/**
 * A grid of packing runs (SPEC §8): instances × fit tests × packers over one pool. Runs are keyed by
 * their position in the grid, so any subset computed anywhere gives the same numbers.
 */
import { PAPER_FITS, type FitSpec } from './fit/index.ts';
import type { PackParams, PackResult, PackSummary } from './experiment.ts';
import { nominalTarget } from './replay/slo.ts';
import type { PackerKind } from './pack/pack.ts';

export interface SweepSpec {
  readonly seed: number;
  readonly instances: number;
  readonly tasks: number;
  readonly fits: readonly FitSpec[];
  readonly packers: readonly PackerKind[];
  readonly capacity: number;
  readonly clairvoyance: number;
  readonly source: PackParams['source'];
  readonly rebalance: number;
}

export interface SweepRun {
  readonly index: number;
  readonly instance: number;
  readonly params: PackParams;
}

export const DEFAULT_SWEEP: Omit<SweepSpec, 'tasks'> = {
  seed: 1,
  instances: 50,
  fits: PAPER_FITS,
  packers: ['bf'],
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
};

export function sweepRuns(spec: SweepSpec): SweepRun[] {
  const runs: SweepRun[] = [];
  for (let k = 0; k < spec.instances; k++)
    for (const fit of spec.fits)
      for (const packer of spec.packers)
        runs.push({
          index: runs.length,
          instance: k,
          params: {
            packer,
            fit,
            capacity: spec.capacity,
            clairvoyance: spec.clairvoyance,
            source: spec.source,
            rebalance: spec.rebalance,
          },
        });
  return runs;
}

export interface SweepRow {
  readonly index: number;
  readonly instance: number;
  readonly params: PackParams;
  readonly mAbs: number;
  readonly mNorm: number;
  readonly m: number;
  readonly q: number;
  readonly moves: number;
  readonly oversized: number;
  /**
   * The SLO per machine (replay/slo.ts): the worst machine's q_j and how many machines exceed the
   * fit test's nominal SLO (its target). Absent in rows made elsewhere (figures, tests).
   */
  readonly slo?: SweepSlo;
}

export interface SweepSlo {
  readonly target: number;
  readonly worst: number;
  readonly over: number;
}

/** The per-machine figures of a run from its machines' overflow counts. */
export function sweepSlo(overflows: ArrayLike<number>, evaluated: number, fit: FitSpec): SweepSlo {
  const target = nominalTarget(fit);
  let worst = 0;
  let over = 0;
  for (let j = 0; j < overflows.length; j++) {
    const q = overflows[j] / evaluated;
    if (q > worst) worst = q;
    if (q > target) over++;
  }
  return { target, worst, over };
}

export function summarize(
  run: SweepRun,
  r: Pick<PackResult, 'mAbs' | 'mNorm' | 'm' | 'q' | 'moves' | 'oversized'> &
    Partial<Pick<PackSummary, 'overflows' | 'evaluated'>>,
): SweepRow {
  return {
    index: run.index,
    instance: run.instance,
    params: run.params,
    mAbs: r.mAbs,
    mNorm: r.mNorm,
    m: r.m,
    q: r.q,
    moves: r.moves,
    oversized: r.oversized.length,
    ...(r.overflows && r.evaluated
      ? { slo: sweepSlo(r.overflows, r.evaluated, run.params.fit) }
      : {}),
  };
}
