export * from './workloads.ts';
export * from './recommenders.ts';
export { MACHINE_MEMORY_BYTES, memoryRequests, type MemoryOutcome } from './memory.ts';
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
