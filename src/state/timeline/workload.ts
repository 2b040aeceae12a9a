/**
 * The Timeline view's workload in the page (SPEC §12): the synthetic day/week (seeded), the Google
 * 2011 excerpt (task_events + task_usage from public/data), the explorer's per-VM dataset as VMs
 * living through the trace, or the user's task-list CSV. Each is a `TimelineTasks` and how the pool
 * job receives it (a synthetic workload travels as its spec and is regenerated in the worker).
 */
import {
  googleTimeline,
  parseTaskList,
  syntheticWeek,
  vmTimeline,
  type SyntheticWeekSpec,
  type TimelineTasks,
} from '../../engine/timeline/index.ts';
import type { TimelineWorkload } from '../../runtime/jobs/index.ts';
import type { Dataset } from '../common/sources/datasets.ts';
import type { Params } from '../common/store/params.ts';
import { formatCount } from '../../present/format.ts';

export interface LoadedTimeline {
  readonly key: string;
  readonly tasks: TimelineTasks;
  /** What the pool job receives. */
  readonly job: TimelineWorkload;
  /** One line saying what the workload is. */
  readonly label: string;
}

const GOOGLE_EVENTS = 'google-2011-task-usage/task_events_part-00000_first20000.csv';
const GOOGLE_USAGE = 'google-2011-task-usage/task_usage_part-00000_first10000.csv';
/** Per-VM traces are sampled every 5 minutes (PlanetLab, Azure, Bitbrains as bundled). */
const VM_STEP_S = 300;

/** Identifies the workload `p` asks for (the dataset key for per-VM traces). */
export function timelineWorkloadKey(p: Params, datasetKey: string | null): string {
  switch (p.timelineSource) {
    case 'synthetic':
      return JSON.stringify(['synthetic', p.timelineTasks, p.timelineDays, p.timelineSeed]);
    case 'google':
      return JSON.stringify(['google']);
    case 'vms':
      return JSON.stringify(['vms', datasetKey]);
    case 'upload':
      return JSON.stringify(['upload', p.timelineUpload?.hash ?? null]);
  }
}

function syntheticSpec(p: Params): Partial<SyntheticWeekSpec> {
  return { seed: p.timelineSeed, tasks: p.timelineTasks, days: p.timelineDays };
}

export function loadSynthetic(p: Params): LoadedTimeline {
  const week = syntheticSpec(p);
  const tasks = syntheticWeek(week);
  return {
    key: timelineWorkloadKey(p, null),
    tasks,
    job: { kind: 'synthetic', week },
    label: `Synthetic workload: ${formatCount(tasks.count)} tasks over ${p.timelineDays} day${p.timelineDays > 1 ? 's' : ''}, seed ${p.timelineSeed}, shaped like the semi-online paper's Google week`,
  };
}

async function fetchText(base: string, path: string, signal: AbortSignal): Promise<string> {
  const url = `${base}/data/${path}`;
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Could not fetch ${url}: HTTP ${response.status}`);
  return response.text();
}

export async function loadGoogle(p: Params, signal: AbortSignal): Promise<LoadedTimeline> {
  const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
  const [events, usage] = await Promise.all([
    fetchText(base, GOOGLE_EVENTS, signal),
    fetchText(base, GOOGLE_USAGE, signal),
  ]);
  const report = googleTimeline(
    { text: events, file: GOOGLE_EVENTS.split('/')[1] },
    { text: usage, file: GOOGLE_USAGE.split('/')[1] },
  );
  const { noDuration, noRequest } = report.dropped;
  return {
    key: timelineWorkloadKey(p, null),
    tasks: report.tasks,
    job: { kind: 'tasks', tasks: report.tasks },
    label: `Google 2011 excerpt: ${formatCount(report.tasks.count)} tasks with CPU usage series (${noDuration} without a duration and ${noRequest} without a request dropped); in this excerpt every task is submitted at t = 0`,
  };
}

export function loadVms(p: Params, ds: Dataset | null): LoadedTimeline {
  if (!ds) throw new Error('The per-VM dataset has not loaded yet.');
  if (!ds.samples)
    throw new Error(
      `${ds.title} is a ready realization matrix, not per-VM series: choose a per-VM preset (PlanetLab, Azure, Bitbrains) in the panel.`,
    );
  const tasks = vmTimeline(ds.samples, VM_STEP_S, ds.title);
  return {
    key: timelineWorkloadKey(p, ds.key),
    tasks,
    job: { kind: 'tasks', tasks },
    label: `${ds.title}: ${formatCount(tasks.count)} VMs living through the trace (all arrive at 0; size = their 95th percentile, usage every ${VM_STEP_S} s)`,
  };
}

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reads a task-list CSV (SPEC §12); a bad file throws the parser's message (file, line, field). */
export async function loadTaskList(
  file: File,
): Promise<{ loaded: Omit<LoadedTimeline, 'key'>; name: string; hash: string }> {
  const bytes = await file.arrayBuffer();
  const hash = await sha256(bytes);
  const tasks = parseTaskList(new TextDecoder().decode(bytes), file.name);
  return {
    name: file.name,
    hash,
    loaded: {
      tasks,
      job: { kind: 'tasks', tasks },
      label: `${file.name}: ${formatCount(tasks.count)} tasks from your task list`,
    },
  };
}
