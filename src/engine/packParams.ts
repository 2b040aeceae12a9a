/**
 * A packing run's parameters (SPEC §3–§7) and their check, apart from the packing itself
 * (`experiment.ts`): the main thread checks a request before it leaves for a worker, and needs
 * the fit test's description for that, not its code.
 */
import { checkFit, type FitSpec } from './fit/index.ts';
import { checkCapacity, checkRebalance, type PackerKind } from './pack/pack.ts';
import { checkClairvoyance } from './split.ts';
import type { Source } from './workload.ts';

export interface PackParams {
  readonly packer: PackerKind;
  readonly fit: FitSpec;
  readonly capacity: number;
  readonly clairvoyance: number;
  readonly source: Source;
  readonly rebalance: number;
}

/** Refuses parameters a packing would refuse (the same messages), before any work starts. */
export function checkPackParams(p: PackParams): PackParams {
  checkCapacity(p.capacity);
  checkClairvoyance(p.clairvoyance);
  checkRebalance(p.rebalance);
  checkFit(p.fit);
  return p;
}
