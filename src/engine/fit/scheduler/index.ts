/** The schedulers' rules (group `scheduler`): their defaults, assumptions and helpers for reports. */
export { REQUEST_ASSUMPTION, REQUEST_PERCENTILE } from '../entries/usage.ts';
export { koordinatorLoadAware } from './koordinator.ts';
export { KOORD_DEFAULTS } from '../entries/koordinator.ts';
export { trimaranTargetLoadPacking } from './trimaranTlp.ts';
export { TLP_DEFAULTS, TRIMARAN_SCORE_ONLY } from '../entries/trimaranTlp.ts';
export { lvrbLoad, trimaranLoadVariationRiskBalancing } from './trimaranLvrb.ts';
export { LVRB_CODE_DEFAULTS, LVRB_RECOMMENDED } from '../entries/trimaranLvrb.ts';
export { craneDynamic, craneLimits } from './crane.ts';
export { CRANE_DEFAULTS, CRANE_PREDICATES } from '../entries/crane.ts';
export { overcommitRatio } from './overcommit.ts';
export { OVERCOMMIT_DEFAULTS } from '../entries/overcommit.ts';
export { vpaSizing } from './vpa.ts';
export { VPA_DEFAULTS } from '../entries/vpa.ts';
