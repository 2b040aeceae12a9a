/**
 * The Requests view's parameters, one object in `Params.requests`: the bundled history with a time
 * axis (used while the user's data are not loaded), the share of its instants learned (the rest is
 * judged), the SLO q* every node must keep, and whose requests the per-workload YAML carries (the
 * side-by-side table holds every strategy). Nodes of one machine, the data in machine units.
 */
import { numberRange } from '../../engine/index.ts';
import type { StrategyName } from '../../engine/rightsize/index.ts';
import { SLO_TARGET } from '../../engine/schedulers/index.ts';
import {
  choiceParam,
  defaultsOf,
  numberParam,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

/** The bundled histories the view sizes (sample index = instant, five-minute steps). */
export const REQUESTS_HISTORIES = ['azure-v1', 'google-gcd-jobs'] as const;
type RequestsHistory = (typeof REQUESTS_HISTORIES)[number];

export interface RequestsSettings {
  readonly history: RequestsHistory;
  /** The share of the instants learned, from the first; the rest is judged. */
  readonly learn: number;
  /** q*: the share of judged instants a node may run above its capacity. */
  readonly target: number;
  /** Whose requests the YAML to copy carries. */
  readonly strategy: StrategyName;
  /**
   * GiB of memory in one machine, for memory in machine units (a bundled history's memory file):
   * the VPA's histogram and floor, the nodes' memory and the YAML read it; `rightsize
   * --memory-per-machine`, same default (4 GiB a core, the page's machine one core).
   */
  readonly memory: number;
}

/** The engine's strategies, named here so the link's codec keeps the engine off the first page. */
export const YAML_STRATEGIES = ['slopack', 'krr', 'vpa'] as const satisfies readonly StrategyName[];

export const REQUESTS_PARAMS: ParamSpecs<RequestsSettings> = {
  history: choiceParam<RequestsHistory>('rqd', 'azure-v1', 'history', REQUESTS_HISTORIES),
  learn: numberParam(
    'rql',
    0.5,
    numberRange('learned share', 'learn', { min: 0, minOpen: true, max: 1, maxOpen: true }),
  ),
  target: numberParam('rqq', 0.01, SLO_TARGET),
  strategy: choiceParam<StrategyName>('rqs', 'slopack', 'strategy', YAML_STRATEGIES),
  memory: numberParam(
    'rqm',
    4,
    numberRange('memory per machine (GiB)', 'memory', { min: 0, minOpen: true, max: 2 ** 20 }),
  ),
};

export const DEFAULT_REQUESTS: RequestsSettings = defaultsOf(REQUESTS_PARAMS);
