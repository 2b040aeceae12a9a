/**
 * The Timeline view's state, a store slice outside React: the workload in the page, and three run
 * slots (runSlot.ts, latest wins): `compare` — every policy on the workload at the current window,
 * error and fit, full results (series, Gantt, overflow map); `curves` — the paper's trade-off
 * curves (machine-time vs tw over the slider's stops; vs duration error), summaries only. Both run
 * the pool job `timeline`.
 */
import {
  allocateAction,
  approveOverBudget,
  overBudgetText,
  timelineOverBudget,
} from '../common/link/linkBudget.ts';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import {
  DEFAULT_PARAMS as SIMULATOR_DEFAULTS,
  POLICIES,
  type TimelineParams,
  type TimelineResult,
  type TimelineSummary,
} from '../../engine/timeline/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import type { TimelineWorkload } from '../../runtime/jobs/index.ts';
import type { Params } from '../common/store/params.ts';
import { IDLE_RUN, describeError, runSlot, type RunState } from '../common/runs/runSlot.ts';
import { explorer } from '../common/store/store.ts';
import { latestRun } from '../common/runs/latestRun.ts';
import { TIMELINE_ERRORS, TIMELINE_WINDOWS } from './params.ts';
import {
  loadGoogle,
  loadSynthetic,
  loadTaskList,
  loadVms,
  timelineWorkloadKey,
  type LoadedTimeline,
} from './workload.ts';

export type { LoadedTimeline };

export interface TimelineWorkloadState {
  readonly status: 'idle' | 'running' | 'ready' | 'error';
  readonly key: string | null;
  readonly loaded: LoadedTimeline | null;
  readonly error: string | null;
}

export interface CurvesSpec {
  readonly windows: readonly number[];
  readonly errors: readonly number[];
  /** Runs in order: windows × policies at the current error, then errors × policies. */
  readonly runs: readonly TimelineParams[];
}

interface TimelineRuns {
  workload: TimelineWorkloadState;
  compare: RunState<readonly TimelineParams[], TimelineResult[]>;
  curves: RunState<CurvesSpec, TimelineSummary[]>;
}

export const timelineRuns = createStore<TimelineRuns>()(() => ({
  workload: { status: 'idle', key: null, loaded: null, error: null },
  compare: IDLE_RUN,
  curves: IDLE_RUN,
}));

export function useTimeline<T>(selector: (s: TimelineRuns) => T): T {
  return useStore(timelineRuns, selector);
}

const slots = {
  compare: runSlot<readonly TimelineParams[], TimelineResult[]>(
    () => timelineRuns.getState().compare,
    (compare) => timelineRuns.setState({ compare }),
  ),
  curves: runSlot<CurvesSpec, TimelineSummary[]>(
    () => timelineRuns.getState().curves,
    (curves) => timelineRuns.setState({ curves }),
  ),
};

export function cancelTimelineRun(which: 'compare' | 'curves'): void {
  slots[which].cancel();
}

/** The simulator's parameters for `p` with `policy`. */
export function simulatorParams(p: Params, policy = p.timelinePolicy): TimelineParams {
  return {
    ...SIMULATOR_DEFAULTS,
    policy,
    order: p.timelineOrder,
    window: p.timelineWindow,
    capacity: p.timelineCapacity,
    fit: p.timelineFit,
    durationError: p.timelineError,
    seed: p.timelineSeed,
  };
}

export function compareRuns(p: Params): TimelineParams[] {
  return POLICIES.map((policy) => simulatorParams(p, policy));
}

export function curvesSpec(p: Params): CurvesSpec {
  const runs: TimelineParams[] = [];
  for (const window of TIMELINE_WINDOWS)
    for (const policy of POLICIES) runs.push({ ...simulatorParams(p, policy), window });
  for (const durationError of TIMELINE_ERRORS)
    for (const policy of POLICIES) runs.push({ ...simulatorParams(p, policy), durationError });
  return { windows: TIMELINE_WINDOWS, errors: TIMELINE_ERRORS, runs };
}

export function compareKey(p: Params, workloadKey: string): string {
  return JSON.stringify([workloadKey, compareRuns(p)]);
}

export function curvesKey(p: Params, workloadKey: string): string {
  return JSON.stringify([workloadKey, curvesSpec(p).runs]);
}

/** Task lists given in this page, by SHA-256 (a link names one; the file stays on this machine). */
const uploads = new Map<string, Omit<LoadedTimeline, 'key'>>();

/** One workload load at a time (latestRun.ts): a newer key supersedes the load in flight. */
const workloadLoads = latestRun<LoadedTimeline, never>();

function setWorkload(w: Partial<TimelineWorkloadState>) {
  timelineRuns.setState((s) => ({ workload: { ...s.workload, ...w } }));
}

async function loadWorkload(p: Params, key: string, signal: AbortSignal): Promise<LoadedTimeline> {
  switch (p.timelineSource) {
    case 'synthetic':
      return loadSynthetic(p);
    case 'google':
      return loadGoogle(p, signal);
    case 'vms':
      return loadVms(p, explorer.getState().data.dataset);
    case 'upload': {
      const up = p.timelineUpload;
      const given = up ? uploads.get(up.hash) : undefined;
      if (!up || !given)
        throw new Error(
          up
            ? `This link uses your task list ${up.name}: upload it again to reproduce its numbers (it stays on your machine; its SHA-256 is checked).`
            : 'Upload a task-list CSV (id, arrival_s, duration_s, cpu_frac) to simulate it.',
        );
      return { ...given, key };
    }
  }
}

/** The workload `p` asks for, loading it when its key changed; null while it cannot be had. */
async function ensureWorkload(p: Params): Promise<LoadedTimeline | null> {
  const data = explorer.getState().data;
  if (p.timelineSource === 'vms' && data.status === 'running') return null;
  const key = timelineWorkloadKey(p, data.dataset?.key ?? null);
  const w = timelineRuns.getState().workload;
  if (w.key === key) return w.status === 'ready' ? w.loaded : null;
  const big = p.timelineSource === 'synthetic' ? timelineOverBudget(p.timelineTasks, key) : null;
  if (big) {
    explorer.getState().notify(
      'warning',
      overBudgetText('tasks', p.timelineTasks, big),
      allocateAction(
        big,
        () => (
          approveOverBudget(key),
          explorer.getState().setParams({ timelineTasks: p.timelineTasks })
        ),
      ),
    );
    explorer.getState().adjust({ timelineTasks: big.fit });
    return null;
  }
  let loaded: LoadedTimeline | null = null;
  const failed = (e: unknown) => setWorkload({ status: 'error', error: describeError(e) });
  await workloadLoads.start((signal) => loadWorkload(p, key, signal), {
    running: () => setWorkload({ status: 'running', key, error: null }),
    ready: (value) => {
      loaded = value;
      setWorkload({ status: 'ready', loaded: value });
    },
    failed,
    cancelled: (_, reason) => setWorkload({ status: 'error', error: reason ?? 'cancelled' }),
  });
  return loaded;
}

/**
 * Brings the view's results up to `p`: the workload, then the comparison, then the curves, each
 * only when its key changed (a cancelled or failed run is not restarted until `force`).
 */
export async function syncTimeline(runner: Runner, p: Params, force = false): Promise<void> {
  const loaded = await ensureWorkload(p);
  if (!loaded || explorer.getState().params !== p) return;
  const s = timelineRuns.getState();
  const ck = compareKey(p, loaded.key);
  if (force || s.compare.key !== ck) {
    const runs = compareRuns(p);
    await slots.compare.start('timeline', ck, runs, (signal, progress) =>
      runner
        .runJob(
          null,
          'timeline',
          { workload: loaded.job, runs, detail: 'full' },
          {
            signal,
            onProgress: (x) => progress({ label: 'Simulating each policy', ...x }),
          },
        )
        .then((out) => out.map((o) => (o.detail === 'full' ? o.result : unexpected()))),
    );
  }
  if (explorer.getState().params !== p || timelineRuns.getState().compare.status === 'error')
    return;
  const vk = curvesKey(p, loaded.key);
  if (force || timelineRuns.getState().curves.key !== vk) {
    const spec = curvesSpec(p);
    await slots.curves.start('timeline', vk, spec, (signal, progress) =>
      runner
        .runJob(
          null,
          'timeline',
          { workload: loaded.job, runs: spec.runs },
          {
            signal,
            onProgress: (x) => progress({ label: 'Trade-off curves', ...x }),
          },
        )
        .then((out) => out.map((o) => (o.detail === 'summary' ? o.summary : unexpected()))),
    );
  }
}

function unexpected(): never {
  throw new Error('the timeline job returned another detail than asked');
}

/**
 * Takes the user's task list: on success it becomes the workload (its name and hash go in the
 * link); a bad file leaves the previous workload in place and says what was wrong (file, line,
 * field).
 */
export async function uploadTaskList(file: File): Promise<boolean> {
  const { notify, setParams } = explorer.getState();
  try {
    const { loaded, name, hash } = await loadTaskList(file);
    uploads.set(hash, loaded);
    // A re-upload of the file the workload names must reload it.
    if (timelineRuns.getState().workload.key === JSON.stringify(['upload', hash]))
      setWorkload({ key: null });
    setParams({
      timelineSource: 'upload',
      timelineUpload: { name, hash },
      timelineTime: null,
      timelineMachine: null,
    });
    return true;
  } catch (e) {
    notify('error', `${describeError(e)} (the previous workload is kept)`);
    return false;
  }
}

/** Summaries of `runs` on a workload, on the pool (for the lessons; no slot, the caller aborts). */
export async function timelineSummaries(
  runner: Runner,
  workload: TimelineWorkload,
  runs: readonly TimelineParams[],
  signal: AbortSignal,
): Promise<TimelineSummary[]> {
  const out = await runner.runJob(null, 'timeline', { workload, runs }, { signal });
  return out.map((o) => (o.detail === 'summary' ? o.summary : unexpected()));
}
