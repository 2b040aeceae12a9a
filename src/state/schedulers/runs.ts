/**
 * The Schedulers view's runs, a store slice of run slots (runSlot.ts, latest wins): the history
 * (the user's data when they are loaded, files or Prometheus, else the bundled file read by the
 * ingestion worker; aligned and split in an engine worker), the
 * open scheduler's knob (its value tuned to the target on the learned part, GPA tuned the same way,
 * and the knob's curve judged on the judged part), the point of a knob value the user set, and the
 * knob tuned by the replay as the cluster runs (the judge the one-shot tuning screens for). Each
 * run is keyed by what changes its numbers, so a knob change runs one packing and nothing else.
 */
import { useStore } from 'zustand';
import type { TaskSamples } from '../../engine/data/index.ts';
import type { AlignOptions } from '../../engine/index.ts';
import {
  DEFAULT_STEP,
  schedulerEntry,
  type SchedulerAdvice,
} from '../../engine/schedulers/index.ts';
import { createIngest, type FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import type { HistoryOut, KnobOut, KnobUnit, ReplayTuneOut } from '../../runtime/jobs/index.ts';
import { REPLAY_KNOBS } from '../../engine/whatif/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import { runSlice, type RunState, type Work } from '../common/runs/runSlot.ts';
import {
  bundledSamples,
  seriesSource,
  type LoadedSeries,
  type SeriesSource,
} from '../common/sources/seriesSource.ts';
import type { ReplaySnippet } from '../../present/schedulers/viewSnippet.ts';
import type { SchedulersSettings } from './params.ts';
import { schedulerTab, type SchedulerTab } from './tabs.ts';

export type { RunState } from '../common/runs/runSlot.ts';

type Out<K extends KnobOut['kind']> = Extract<KnobOut, { kind: K }>;
export type KnobPoint = Out<'point'>;

/** Learned instants the tuner's fold needs at least (half to pack, half to judge). */
export const MIN_LEARNED = 2;
/** The bundled histories' sampling step: five minutes (they carry no timestamps). */
const STEP = DEFAULT_STEP;
/** The seed of the replay's scenario (the orders of a rollout), as `advise`'s default. */
const REPLAY_SEED = 1;

export interface KnobResult {
  /** The knob tuned (or the closest) and the project's defaults, judged on the judged part. */
  readonly advice: SchedulerAdvice;
  /** GPA's ρ tuned to the same target the same way. */
  readonly gpa: Out<'gpa'>;
  /** The knob's curve over its tuning grid. */
  readonly curve: readonly KnobPoint[];
}

/**
 * The knob tuned by the replay as the cluster runs (runtime/jobs/schedulers/byReplay.ts): every
 * grid value replayed on the learned part's folds, the chosen one and the project's defaults on the
 * judged part, with the verdict `tuned` / `misses`; the one-shot tuning above is its fast screen.
 */
export type ReplayTuned = ReplayTuneOut;

/** What the copied snippet quotes of the replay: its settings, verdict and judged figures. */
export function replaySnippet(r: ReplayTuned): ReplaySnippet {
  return {
    settings: r.snippetSettings,
    scenario: r.scenario,
    seed: r.seed,
    verdict: r.verdict,
    missesOn: r.missesOn,
    nodes: r.chosen.nodes,
    worst: r.chosen.worst,
    mean: r.chosen.slo.mean,
    over: r.chosen.slo.over,
  };
}

const { store: schedulerRuns, slots } = runSlice<{
  history: HistoryOut;
  knob: KnobResult;
  point: KnobPoint;
  replay: ReplayTuned;
}>(['history', 'knob', 'point', 'replay']);
type SchedulerRuns = ReturnType<typeof schedulerRuns.getState>;
type Which = keyof SchedulerRuns;
export { schedulerRuns };

export function useSchedulerRuns<T>(selector: (s: SchedulerRuns) => T): T {
  return useStore(schedulerRuns, selector);
}

let ingest: FileIngest | null = null;

/** The ingestion the slice loads through (default: the page's worker; tests pass their own). */
export function setSchedulersIngest(i: FileIngest): void {
  ingest = i;
}

/** The user's data the view tunes on instead of a bundled history (common/sources/seriesSource.ts). */
export type SchedulersData = LoadedSeries;
/**
 * What the view tunes on: the user's data when they are loaded, else the bundled history; never a
 * bundled history while the user's data are loaded.
 */
export type SchedulersSource = SeriesSource;
export const schedulersSource = seriesSource;

export const historyKey = (s: SchedulersSettings, data: SchedulersData | null = null) =>
  JSON.stringify([data ? data.key : s.history, s.learn]);
export const knobKey = (s: SchedulersSettings, data: SchedulersData | null = null) =>
  JSON.stringify([historyKey(s, data), s.scheduler, s.target, s.scope]);
export const pointKey = (s: SchedulersSettings, data: SchedulersData | null = null) =>
  JSON.stringify([knobKey(s, data), s.knob]);
export const replayKey = (s: SchedulersSettings, data: SchedulersData | null = null) =>
  JSON.stringify([knobKey(s, data), 'replay']);

/** The samples the history was aligned from, kept for the replay (a bundled file is read once). */
let lastSamples: { key: string; samples: TaskSamples; align?: AlignOptions } | null = null;

function alignHistory(
  runner: Runner,
  s: SchedulersSettings,
  samples: TaskSamples,
  align: AlignOptions | undefined,
  signal: AbortSignal,
): Promise<HistoryOut> {
  return runner
    .runJob(
      null,
      'schedulerHistory',
      { samples, align, learn: s.learn, minLearned: MIN_LEARNED },
      { signal },
    )
    .then(([out]) => out);
}

function loadHistory(
  runner: Runner,
  s: SchedulersSettings,
  data: SchedulersData | null,
): Work<HistoryOut> {
  return async (signal, progress) => {
    if (data) {
      progress({ label: `Aligning ${data.title} in time`, done: 0, total: 0 });
      return alignHistory(runner, s, data.samples, data.align, signal);
    }
    ingest ??= createIngest();
    const samples = await bundledSamples(ingest, s.history, progress, signal);
    lastSamples = { key: historyKey(s, data), samples };
    progress({ label: 'Aligning the history in time', done: 0, total: 0 });
    return alignHistory(runner, s, samples, undefined, signal);
  };
}

function knobSpec(s: SchedulersSettings, h: HistoryOut, units: KnobUnit[]) {
  const step = h.step ?? STEP;
  return { learn: h.learn, judge: h.judge, target: s.target, scope: s.scope, step, units };
}

function tuneKnob(runner: Runner, s: SchedulersSettings, tab: SchedulerTab, h: HistoryOut) {
  const work: Work<KnobResult> = async (signal, progress) => {
    const name = tab.info.name;
    const grid = schedulerEntry(tab.info).tuning.grid;
    const units: KnobUnit[] = [
      { kind: 'advise', scheduler: name },
      { kind: 'gpa' },
      ...grid.map((value) => ({ kind: 'point' as const, scheduler: name, value })),
    ];
    const label = `Tuning ${tab.info.title} and drawing its curve`;
    const [advice, gpa, ...curve] = await runner.runJob(
      null,
      'schedulerKnob',
      knobSpec(s, h, units),
      { signal, onProgress: (p) => progress({ label, ...p }) },
    );
    if (advice.kind !== 'advise' || gpa.kind !== 'gpa') throw new Error('unexpected job output');
    const { kind: _kind, name: _name, ...rest } = advice;
    return {
      advice: { ...rest, scheduler: tab.info },
      gpa,
      curve: curve.filter((p): p is KnobPoint => p.kind === 'point'),
    };
  };
  return work;
}

function judgeKnob(
  runner: Runner,
  s: SchedulersSettings,
  tab: SchedulerTab,
  h: HistoryOut,
  value: number,
): Work<KnobPoint> {
  return async (signal) => {
    const unit = { kind: 'point' as const, scheduler: tab.info.name, value };
    const [out] = await runner.runJob(null, 'schedulerKnob', knobSpec(s, h, [unit]), { signal });
    if (out.kind !== 'point') throw new Error('unexpected job output');
    return out;
  };
}

function tuneByReplay(
  runner: Runner,
  s: SchedulersSettings,
  tab: SchedulerTab,
  h: HistoryOut,
  data: SchedulersData | null,
): Work<ReplayTuned> {
  return async (signal, progress) => {
    const kept = lastSamples?.key === historyKey(s, data) ? lastSamples : null;
    ingest ??= createIngest();
    const samples =
      data?.samples ?? kept?.samples ?? (await bundledSamples(ingest, s.history, progress, signal));
    const label = `Tuning ${tab.info.title} by replaying the cluster as it runs`;
    progress({ label, done: 0, total: 0 });
    const spec = {
      ...knobSpec(s, h, [{ kind: 'replay' as const, scheduler: tab.info.name }]),
      replay: { samples, align: data?.align, learn: s.learn, seed: REPLAY_SEED },
    };
    const [out] = await runner.runJob(null, 'schedulerKnob', spec, {
      signal,
      onProgress: (p) => progress({ label, ...p }),
    });
    if (out.kind !== 'replay') throw new Error('unexpected job output');
    return out;
  };
}

/** Whether a slot must run for `key`: a new key, or (forced) a stopped or failed run of it. */
function need(which: Which, key: string, force: boolean): boolean {
  const st = schedulerRuns.getState()[which];
  return st.key !== key || (force && st.status !== 'running' && st.result?.key !== key);
}

/**
 * Brings every run up to date with `s` on `data` (the user's, else the bundled history): the
 * history if needed, then the knob's tuning and curve, and the point of the user's knob value. An
 * unknown scheduler runs nothing (the view lists them).
 */
export async function refreshSchedulers(
  runner: Runner,
  s: SchedulersSettings,
  force = false,
  data: SchedulersData | null = null,
) {
  const hk = historyKey(s, data);
  if (need('history', hk, force))
    await slots.history.start('', hk, hk, loadHistory(runner, s, data));
  const history = schedulerRuns.getState().history.result;
  const tab = schedulerTab(s.scheduler);
  if (!history || history.key !== hk || !tab) return;
  const kk = knobKey(s, data);
  const knob = need('knob', kk, force)
    ? slots.knob.start(hk, kk, kk, tuneKnob(runner, s, tab, history.value))
    : Promise.resolve();
  const pk = pointKey(s, data);
  if (s.knob !== null && need('point', pk, force))
    await slots.point.start(hk, pk, pk, judgeKnob(runner, s, tab, history.value, s.knob));
  await knob;
  const rk = replayKey(s, data);
  if (tab.info.name in REPLAY_KNOBS && need('replay', rk, force))
    await slots.replay.start(hk, rk, rk, tuneByReplay(runner, s, tab, history.value, data));
}

/** Stops every run in flight (each keeps its key: nothing restarts until the settings change). */
export function cancelSchedulers(): void {
  for (const which of Object.keys(slots) as Which[]) slots[which].cancel();
}

export function runningSchedulers(runs: SchedulerRuns): RunState<string, unknown> | null {
  for (const which of ['history', 'knob', 'point', 'replay'] as const)
    if (runs[which].status === 'running') return runs[which];
  return null;
}
