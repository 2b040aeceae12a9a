/**
 * From the shareable parameters to the calibration and tuning specs (so a link reproduces them) and
 * the keys that tell a current result from a stale one.
 */
import {
  DEFAULT_BIN,
  DEFAULT_TUNE,
  type CalibrationSpec,
  type FitFamily,
  type TuneSpec,
} from '../../engine/index.ts';
import { poolKey, type Params } from '../common/store/params.ts';

/**
 * The clairvoyance the tuner runs at: the link's κ when it holds columns out (κ < 1); at κ = 1 the
 * evaluation columns are the observed ones, so the tuner holds out the engine's default share.
 */
export function tuneClairvoyance(p: Params): number {
  return p.clairvoyance < 1 ? p.clairvoyance : DEFAULT_TUNE.clairvoyance;
}

function runConfig(p: Params) {
  return {
    seed: p.seed,
    instances: p.instances,
    tasks: p.tasks,
    packer: p.packer,
    capacity: p.capacity,
    source: p.source,
    rebalance: p.rebalance,
    bin: DEFAULT_BIN,
    confidence: p.confidence,
  };
}

/** The calibration of one family on Pack's settings (q measured on E as Pack measures it). */
export function calibrationSpecOf(p: Params, family: FitFamily = p.tuneFamily): CalibrationSpec {
  return { ...runConfig(p), clairvoyance: p.clairvoyance, families: [family] };
}

export function tuneSpecOf(p: Params): TuneSpec {
  return {
    ...runConfig(p),
    clairvoyance: tuneClairvoyance(p),
    families: p.tuneFamilies,
    targets: [p.target],
    refineRounds: DEFAULT_TUNE.refineRounds,
    refinePoints: DEFAULT_TUNE.refinePoints,
  };
}

/** Identifies a result: the pool it ran on and every number of its spec. */
export function specKey(p: Params, spec: CalibrationSpec | TuneSpec): string {
  return JSON.stringify([poolKey(p), spec]);
}
