/** The Trade-off view's shareable parameters: the sweep's instances and its fit-test grid. */
import { INSTANCES } from '../../engine/ranges.ts';
import { flagParam, numberParam, type ParamSpecs } from '../common/store/paramSpec.ts';

export interface TradeoffParams {
  /** Instances K of the sweep. */
  readonly instances: number;
  /** Whether the grid adds the tail-aware fit tests to the paper's. */
  readonly tail: boolean;
}

export const TRADEOFF_PARAMS: ParamSpecs<TradeoffParams> = {
  instances: numberParam('K', 10, INSTANCES),
  tail: flagParam('tail', false, { onlyChanged: true }),
};
