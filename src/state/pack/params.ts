/**
 * The packing's shareable parameters (Pack's side panel; every view's numbers depend on them): the
 * packer, the fit test, c, κ, the source, rebalancing, the realization (independent, aligned or
 * blocks), and the machine selected in Pack.
 */
import {
  BLOCK_LENGTH,
  CAPACITY,
  CLAIRVOYANCE,
  PACKERS,
  REBALANCE,
  numberRange,
  type RealizationMode,
  type FitSpec,
  type PackerKind,
  type PackParams,
  type Source,
} from '../../engine/index.ts';
import { REALIZATION_MODES } from '../../engine/replay/index.ts';
import { fitCodec } from '../common/link/codecs.ts';
import {
  choiceParam,
  customParam,
  numberParam,
  optionalNumber,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

export interface PackViewParams extends PackParams {
  /**
   * How the workload is realized: independent draws per task (the paper's), the time-aligned
   * instants, or a joint block bootstrap of them with `block` instants per block.
   */
  readonly realization: RealizationMode;
  readonly block: number;
  /** Selected machine in Pack (opening order, 0-based), or null. */
  readonly machine: number | null;
}

export const PACK_PARAMS: ParamSpecs<PackViewParams> = {
  packer: choiceParam<PackerKind>('algo', 'bf', 'packer', PACKERS),
  fit: customParam<FitSpec>('fit', { kind: 'gpa', rho: 0.01 }, fitCodec),
  capacity: numberParam('c', 1, CAPACITY),
  clairvoyance: numberParam('k', 1, CLAIRVOYANCE),
  source: choiceParam<Source>('src', 'inst', 'source', ['inst', 'avg']),
  rebalance: numberParam('rb', 5, REBALANCE),
  realization: choiceParam<RealizationMode>('rz', 'independent', 'realization', REALIZATION_MODES, {
    onlyChanged: true,
  }),
  block: numberParam('bl', 12, BLOCK_LENGTH, { onlyChanged: true }),
  machine: optionalNumber(
    'm',
    numberRange('machine', 'machine', { min: 0, max: 1e6, integer: true }),
    {
      navigates: true,
      onlyChanged: true,
    },
  ),
};
