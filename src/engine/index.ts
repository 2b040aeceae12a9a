/** The engine's public surface: pure numerics, no DOM, no UI, no clock, no Math.random. */
export * from './capacity.ts';
export * from './matrix.ts';
export * from './split.ts';
export * from './ranges.ts';
export * from './workload.ts';
export * from './experiment.ts';
export * from './packParams.ts';
export * from './sweep.ts';
export * from './fit/index.ts';
export * from './pack/pack.ts';
export type { PackStep, PackTrace } from './pack/trace.ts';
export {
  applyHandMoves,
  checkMove,
  type HandMove,
  type MoveCheck,
  type MoveOutcome,
} from './pack/handMove.ts';
export * from './metrics/evaluate.ts';
export * from './metrics/machinesNeeded.ts';
export * from './random/rng.ts';
export * from './stats/normal.ts';
export * from './stats/percentile.ts';
export * from './stats/summation.ts';
export { TaskStats } from './stats/taskStats.ts';
export * from './data/streams/errors.ts';
export * from './data/readers/npy.ts';
export * from './data/realize/realize.ts';
export * from './data/samples/samples.ts';
export { seriesDigest } from './data/samples/digest.ts';
export * from './data/samples/coded.ts';
export { dictionaryEncode, MAX_DICTIONARY } from './data/samples/dictionary.ts';
export * from './data/readers/wide.ts';
export { LineReader, MAX_LINE_BYTES, parseDecimal, type ChunkSink } from './data/streams/bytes.ts';
export {
  MAX_INFLATE_RATIO,
  RATIO_FLOOR_BYTES,
  inflateProblem,
} from './data/streams/inflateLimits.ts';
export * from './data/units/units.ts';
export * from './data/units/applyUnits.ts';
export * from './data/samples/report.ts';
export * from './data/readers/google.ts';
export * from './data/readers/columns.ts';
export * from './data/readers/long.ts';
export * from './data/readers/compact.ts';
export * from './data/load/loader.ts';
export * from './data/load/detect.ts';
export * from './data/load/presets.ts';
export { presetSpec } from './data/load/presetSpec.ts';
export { findFormat, formatEntries, formatOf, registerFormat } from './data/formats/registry.ts';
export type {
  Carries,
  DetectRule,
  FormatEntry,
  TimeAxis,
  UnitRules,
} from './data/formats/entry.ts';
export { Probe } from './data/formats/probe.ts';
export * from './data/load/preview.ts';
export * from './data/units/plausible.ts';
export * from './data/load/recipes.ts';
export { LIVE_SOURCE_FORMAT } from './data/formats/formatIds.ts';
export * from './data/realize/aligned.ts';
export * from './replay/index.ts';
export * from './data/prometheus/promRange.ts';
export * from './data/prometheus/promChecks.ts';
export { counterReason, isCounter } from './data/prometheus/counter.ts';
export * from './metrics/exactOverflow.ts';
export * from './tune/index.ts';
export * from './learn/index.ts';
export * from './analysis/index.ts';
export * from './synthetic/index.ts';
export * from './resize/index.ts';
export * from './csvText.ts';
export * from './numberText.ts';
export * from './assess/index.ts';
export * from './schedulers/index.ts';
export * from './streamedPack.ts';
export * from './data/load/previewTime.ts';
export { REPEAT_RULES, type RepeatRule } from './data/samples/repeats.ts';
export { cliFlag, setting } from './settings.ts';
