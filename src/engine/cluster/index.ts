/** The cluster wing's door: what other layers use of it. */
export {
  CLASS_FEATURES,
  type ClassAnalysis,
  type ClassFeatures,
  analyzeClasses,
} from './classPacking.ts';
export { KMEANS_STARTS, elbowK } from './classes.ts';
export { type EpsilonSplit, type MultiFitSpec, formatMultiFit, multiSizes } from './fit.ts';
export { googleMemorySeries } from './googleMemory.ts';
export {
  HARMONY_POWER_NOTE,
  HARMONY_TYPES,
  type MachineType,
  RESOURCES,
  checkMachineTypes,
  machineTypesFromJson,
  machineTypesFromLink,
  machineTypesToLink,
} from './machineTypes.ts';
export { type MachineUse, machineUse } from './machineUse.ts';
export { type MultiMeasure } from './measure.ts';
export { MULTI_PACKERS, type MultiPacker, type OpenPolicy } from './pack.ts';
export {
  type PeriodPlan,
  type PeriodPlanParams,
  periodPlan,
  provisionInput,
  relaxTimingInstance,
} from './periodDemand.ts';
export { solveCbsRelax } from './provision.ts';
export { type PeriodOutcome, type ProvisionResult, provision } from './provisionRun.ts';
export { allenCunneenDelay, minContainers } from './queue.ts';
export {
  CLASS_COUNT,
  CLUSTER_REALIZATIONS,
  ELBOW_K_MAX,
  KMEANS_START_COUNT,
  PERIOD_COUNT,
  SERVICE_CV2,
  TARGET_DELAY,
} from './ranges.ts';
export { type ClusterResult, resourceStats, runCluster } from './run.ts';
export {
  GOOGLE_TASK_USAGE,
  MULTI_DATASETS,
  type MultiSamples,
  type MultiWorkload,
  alignResources,
  bitbrainsResizeMemorySpec,
  googleMulti,
  loadMultiDataset,
  multiDatasetById,
  realizeMulti,
} from './workload.ts';
