export * from './workloads.ts';
export * from './recommenders.ts';
export * from './judge.ts';
export {
  effectiveSizing,
  podRequests,
  LAMBDA_LIMIT,
  type EffectiveInput,
  type EffectiveSizing,
  type FoldCheck,
} from './effective.ts';
export * from './rightsize.ts';
