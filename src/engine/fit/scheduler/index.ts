/** The schedulers' rules (group `scheduler`): their defaults, assumptions and helpers for reports. */
export { REQUEST_ASSUMPTION, REQUEST_PERCENTILE } from './usage.ts';
export { KOORD_DEFAULTS, koordinatorLoadAware } from './koordinator.ts';
export { TLP_DEFAULTS, TRIMARAN_SCORE_ONLY, trimaranTargetLoadPacking } from './trimaranTlp.ts';
export {
  LVRB_CODE_DEFAULTS,
  LVRB_RECOMMENDED,
  lvrbLoad,
  trimaranLoadVariationRiskBalancing,
} from './trimaranLvrb.ts';
export { CRANE_DEFAULTS, CRANE_PREDICATES, craneDynamic, craneLimits } from './crane.ts';
export { OVERCOMMIT_DEFAULTS, overcommitRatio } from './overcommit.ts';
export { VPA_DEFAULTS, vpaSizing } from './vpa.ts';
