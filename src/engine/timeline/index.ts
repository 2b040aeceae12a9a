/** The engine's timeline: workloads over time, the event-driven simulator, its metrics (SPEC §12). */
export * from './types.ts';
export {
  DURATION_ERROR,
  EXACT_WINDOW_TASKS,
  SIMULATE_WINDOW,
  TIMELINE_CAPACITY,
  TIMELINE_SEED,
  TIMELINE_TASKS,
  TIMELINE_WINDOW,
} from './ranges.ts';
export { fitTest, type FitTest, type Load } from './fit.ts';
export { TimelineCluster, type Machine, type BatchTask, type PolicyContext } from './cluster.ts';
export {
  SS_CLASSES,
  gapClass,
  runPolicy,
  sumOfSquaresChange,
  type SumOfSquaresRule,
} from './policies.ts';
export { firstMergedFit } from './fmf.ts';
export {
  simulateTimeline,
  simulateTimelineSummary,
  checkTimelineParams,
  seenEstimates,
  arrivalOrder,
  windowOf,
} from './simulate.ts';
export {
  buildResult,
  loadLowerBound,
  usageOverflow,
  stepSeries,
  summarizeTimeline,
  summarizeCluster,
  placementCost,
  type PlacementCost,
  type TimelineSummary,
} from './metrics.ts';
export { parseTaskList, placementsCsv } from './workload/csv.ts';
export { tasksFromRows, type TaskRow } from './workload/tasks.ts';
export { syntheticWeek, SYNTHETIC_WEEK, type SyntheticWeekSpec } from './workload/synthetic.ts';
export { googleTimeline, type GoogleTimelineReport } from './workload/google.ts';
export { vmTimeline, vmArrivals } from './workload/vms.ts';
export {
  odbpModel,
  solveOdbp,
  exactWindowGaps,
  type OdbpSolution,
  type WindowGaps,
} from './exact.ts';
export type { WindowSnapshot } from './cluster.ts';
export { clusterAt, activeAt, type ClusterAt, type MachineAt } from './replay.ts';
