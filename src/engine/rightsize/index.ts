export * from './workloads.ts';
export * from './recommenders.ts';
export { MEMORY_GIB_PER_CORE, memoryRequests, type MemoryOutcome } from './memory.ts';
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
export { rightsizeHistory, ungroupedNote } from './aligned.ts';
export { memoryOnInstants, type MemoryUsage } from './memoryNodes.ts';
