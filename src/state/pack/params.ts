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
  decimalOrNull,
  numberRange,
  type HandMove,
  type RealizationMode,
  type FitSpec,
  type PackerKind,
  type PackParams,
  type Source,
} from '../../engine/index.ts';
import { REALIZATION_MODES } from '../../engine/replay/index.ts';
import { fitCodec, type UrlCodec } from '../common/link/codecs.ts';
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
  /** Tasks moved by hand in Pack after the packing, in order, each judged by the fit test. */
  readonly moves: readonly HandMove[];
}

/** The most hand moves a link carries. */
const MAX_HAND_MOVES = 200;

/** Hand moves in a link: `task:machine` pairs, both counted from 1 as the page shows them. */
const movesCodec: UrlCodec<readonly HandMove[]> = {
  read(raw) {
    const pairs = raw === '' ? [] : raw.split(',');
    const moves: HandMove[] = [];
    for (const pair of pairs) {
      const [task, to, extra] = pair.split(':').map((part) => decimalOrNull(part));
      const whole = (v: number | null | undefined): v is number =>
        v != null && Number.isInteger(v) && v >= 1 && v <= 1e7;
      if (!whole(task) || !whole(to) || extra !== undefined)
        return { problem: `"${pair}" is not a hand move (task:machine, both from 1)` };
      moves.push({ task: task - 1, to: to - 1 });
    }
    if (moves.length > MAX_HAND_MOVES)
      return {
        problem: `${moves.length} hand moves, more than the ${MAX_HAND_MOVES} a link keeps`,
      };
    return { value: moves };
  },
  write: (moves) => moves.map((m) => `${m.task + 1}:${m.to + 1}`).join(','),
};

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
  moves: customParam('moves', [], movesCodec, { onlyChanged: true }),
};
