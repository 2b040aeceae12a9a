export * from './model.ts';
export { runWhatIf, ASSUMED_REQUEST_PERCENTILE, type WhatIfInput } from './run.ts';
export * from './scenarios.ts';
export * from './schedulers.ts';
export * from './columns.ts';
export {
  kubeDefault,
  leastRequestedScore,
  mostRequestedScore,
  type KubeStrategy,
} from './kubeDefault.ts';
export {
  koordinatorOnline,
  KOORD_ONLINE_DEFAULTS,
  type KoordinatorSettings,
} from './koordinator.ts';
export {
  targetLoadPacking,
  loadVariationRiskBalancing,
  TLP_ONLINE_DEFAULTS,
  LVRB_ONLINE_DEFAULTS,
} from './trimaran.ts';
export * from './ranges.ts';
export {
  craneDynamic,
  CRANE_ONLINE_DEFAULTS,
  CRANE_METRICS,
  type CraneSettings,
  type CraneMetric,
} from './crane.ts';
export * from './descheduler.ts';
export {
  REPLAY_KNOBS,
  adviseByReplay,
  chooseByFolds,
  replayMissesOn,
  replayVerdict,
  replayWindow,
  foldWindows,
  type ReplayAdvice,
  type ReplayBase,
  type ReplayKnob,
  type ReplayTuneConfig,
  type ReplayedSetting,
} from './tuneByReplay.ts';
export { idLabels, labelPlacement } from './labels.ts';
