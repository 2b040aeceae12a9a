/**
 * A scheduler's knob tuned by the replay itself: every grid value replayed under the scenario on
 * each walk-forward fold of the learned part (`validationFolds`, engine/replay/walkForward.ts), the
 * scenario's scheduling played at the start of the fold's judged columns; the chosen value is the
 * one the one-shot tuner would choose from the same figures (the most aggressive value from which
 * every more conservative one keeps q* on every fold), then replayed on the judged part beside the
 * project's defaults. A setting that keeps q* on no fold is reported as missing with the closest.
 *
 * A window [a, b) is judged on a replay of instants [0, b): the scheduler reads the history before
 * a. `fresh` empties the cluster until a and fills it at a in the data's order, each pod requesting
 * the p95 of its own usage before a (or its given request); `rollout:H` and `restart:p` re-create
 * pods from a on; `history` re-creates none (the placement of instant 0 is judged).
 */
import { machineSlo, scopeValue, type MachineSlo, type SloScope } from '../replay/slo.ts';
import { validationFolds, type Validation } from '../replay/walkForward.ts';
import { percentileOfSorted } from '../stats/percentile.ts';
import type { StartNode, UsageColumns, WhatIfResult } from './model.ts';
import { ASSUMED_REQUEST_PERCENTILE, runWhatIf, type WhatIfInput } from './run.ts';
import { recreations, scenarioText, type Recreation, type Scenario } from './scenarios.ts';
import { onlineScheduler, type OnlineSettings } from './schedulers.ts';
import { CRANE_ONLINE_DEFAULTS } from './crane.ts';
import { KOORD_ONLINE_DEFAULTS } from './koordinator.ts';
import { LVRB_ONLINE_DEFAULTS, TLP_ONLINE_DEFAULTS } from './trimaran.ts';
import { setting } from '../settings.ts';

/** The knob of a replayed scheduler: its field, the grid (aggressive first) and the settings at v. */
export interface ReplayKnob {
  readonly scheduler: OnlineSettings['scheduler'];
  readonly field: string;
  readonly grid: readonly number[];
  readonly at: (value: number) => OnlineSettings;
  readonly defaults: OnlineSettings;
}

const linear = (from: number, to: number, by: number) =>
  Array.from({ length: Math.round((to - from) / by) + 1 }, (_, k) =>
    Number((from + k * by).toFixed(4)),
  );

/** Crane's hour limit kept in the default policy's ratio to the 5-minute one (as the one-shot test). */
const CRANE_HOUR_RATIO = 0.75 / 0.65;

/**
 * The knobs, on the one-shot tuner's grids (engine/fit/entries): Koordinator usageThresholds.cpu,
 * TLP targetUtilization, LVRB safeVarianceMargin at safeVarianceSensitivity 2 (the README's), Crane
 * cpu_usage_avg_5m's maxLimitPecent with the hour's limit in the default ratio.
 */
export const REPLAY_KNOBS: Readonly<Record<string, ReplayKnob>> = {
  koordinator: {
    scheduler: 'koordinator',
    field: 'usageThresholds.cpu',
    grid: linear(100, 20, -5),
    at: (v) => ({ scheduler: 'koordinator', settings: { ...KOORD_ONLINE_DEFAULTS, threshold: v } }),
    defaults: { scheduler: 'koordinator', settings: KOORD_ONLINE_DEFAULTS },
  },
  'trimaran-tlp': {
    scheduler: 'trimaran-tlp',
    field: 'targetUtilization',
    grid: linear(100, 10, -5),
    at: (v) => ({
      scheduler: 'trimaran-tlp',
      settings: { ...TLP_ONLINE_DEFAULTS, targetUtilization: v },
    }),
    defaults: { scheduler: 'trimaran-tlp', settings: TLP_ONLINE_DEFAULTS },
  },
  'trimaran-lvrb': {
    scheduler: 'trimaran-lvrb',
    field: 'safeVarianceMargin',
    grid: linear(0, 6, 0.25),
    at: (v) => ({
      scheduler: 'trimaran-lvrb',
      settings: { safeVarianceMargin: v, safeVarianceSensitivity: 2 },
    }),
    defaults: { scheduler: 'trimaran-lvrb', settings: LVRB_ONLINE_DEFAULTS },
  },
  crane: {
    scheduler: 'crane',
    field: 'maxLimitPecent of cpu_usage_avg_5m',
    grid: linear(1, 0.2, -0.05),
    at: (v) => ({
      scheduler: 'crane',
      settings: {
        ...CRANE_ONLINE_DEFAULTS,
        predicates: [
          { name: 'cpu_usage_avg_5m', maxLimitPecent: v },
          {
            name: 'cpu_usage_max_avg_1h',
            maxLimitPecent: Number((v * CRANE_HOUR_RATIO).toFixed(4)),
          },
        ],
      },
    }),
    defaults: { scheduler: 'crane', settings: CRANE_ONLINE_DEFAULTS },
  },
};

/** The history and the cluster a replay-judged advice starts from (as `replay` reads them). */
export interface ReplayBase {
  readonly ids: readonly string[];
  /** A fresh reader of the whole history's columns (each replay reads its own). */
  readonly columns: () => UsageColumns;
  readonly step: number;
  readonly milliPerUnit: number;
  readonly first: Int32Array;
  readonly last: Int32Array;
  readonly nodes: readonly StartNode[];
  readonly newNodeCapacity: number;
  readonly placement: Int32Array;
  readonly requests: Float64Array | null;
}

export interface ReplayTuneConfig {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly target: number;
  readonly scope: SloScope;
  readonly validation: Validation;
  /** The learned and judged instants of the history. */
  readonly learn: { readonly start: number; readonly end: number };
  readonly judge: { readonly start: number; readonly end: number };
}

/** One setting replayed on one window: its nodes, per-node q and the SLO figures over them. */
export interface ReplayedSetting {
  readonly settings: Readonly<Record<string, number | string>>;
  readonly window: { readonly start: number; readonly end: number };
  readonly nodes: number;
  readonly slo: MachineSlo;
  readonly result: WhatIfResult;
}

/** The re-creations of `scenario` played from instant a, over a history of b instants. */
function windowRecreations(base: ReplayBase, s: Scenario, seed: number, a: number, b: number) {
  if (s.kind === 'fresh' || s.kind === 'history') return [];
  const first = base.first.map((f) => Math.max(0, f - a));
  const last = base.last.map((l) => Math.min(l, b - 1) - a);
  const events: Recreation[] = recreations(s, first, last, b - a, base.step, seed);
  return events.map((e) => ({ at: e.at + a, pod: e.pod }));
}

/** Each pod's request for a fresh fill at a: the given one, else the p95 of its usage before a. */
function requestsBefore(base: ReplayBase, a: number): Float64Array {
  if (base.requests) return base.requests;
  const cols = base.columns();
  return Float64Array.from(base.ids, (_, p) => {
    const from = base.first[p];
    if (a <= from) return 0;
    const known = Float64Array.from(cols.samples(p, from, a)).sort();
    return percentileOfSorted(known, ASSUMED_REQUEST_PERCENTILE);
  });
}

/**
 * `settings` replayed over [0, b) with the scenario played from a, judged on [a, b); `keep` keeps
 * each node's total at every instant and its overloaded instants (the page draws them).
 */
export function replayWindow(
  base: ReplayBase,
  settings: OnlineSettings,
  c: Pick<ReplayTuneConfig, 'scenario' | 'seed' | 'target'>,
  window: { readonly start: number; readonly end: number },
  keep?: WhatIfInput['keep'],
): ReplayedSetting {
  const { start: a, end: b } = window;
  const all = base.columns();
  const usage: UsageColumns = {
    pods: all.pods,
    instants: b,
    column: (t) => all.column(t),
    samples: (p, from, to) => all.samples(p, from, to),
  };
  const fresh = c.scenario.kind === 'fresh';
  const result = runWhatIf(
    {
      ids: base.ids,
      usage,
      step: base.step,
      milliPerUnit: base.milliPerUnit,
      first: fresh ? base.first.map((f) => Math.max(f, a)) : base.first,
      last: base.last.map((l) => Math.min(l, b - 1)),
      nodes: base.nodes,
      newNodeCapacity: base.newNodeCapacity,
      placement: base.placement,
      requests: fresh ? requestsBefore(base, a) : base.requests,
      recreations: windowRecreations(base, c.scenario, c.seed, a, b),
      judged: { start: a, end: b },
      keep,
    },
    onlineScheduler(settings, base.step),
  );
  return {
    settings: result.settings,
    window,
    nodes: result.nodes.length,
    slo: machineSlo(
      result.nodes.map((n) => n.overloads),
      b - a,
      c.target,
    ),
    result,
  };
}

export interface ReplayAdvice {
  readonly scheduler: string;
  readonly field: string;
  readonly scenario: string;
  readonly grid: readonly number[];
  /** Per grid value, its worst fold's figure in the scope (the tuning curve). */
  readonly foldFigures: readonly number[];
  /** The tuned value (null: no value kept q* on every fold; `closest` is then shown). */
  readonly value: number | null;
  readonly closest: number | null;
  /** The tuned (or closest) setting and the defaults replayed on the judged part. */
  readonly chosen: ReplayedSetting;
  readonly defaults: ReplayedSetting;
  /** Whether the chosen setting keeps q* (in the scope) on the judged part itself. */
  readonly keepsOnJudged: boolean;
}

/** The folds' windows in the history's instants (the learned part's walk-forward folds). */
export function foldWindows(c: ReplayTuneConfig, step: number) {
  const cols = c.learn.end - c.learn.start;
  return validationFolds(cols, step, c.validation).map((f) => ({
    start: c.learn.start + f.judge.start,
    end: c.learn.start + f.judge.end,
  }));
}

/** A scenario or a scheduler's window longer than the parts the replay judges is refused. */
function checkWindows(
  base: ReplayBase,
  knob: ReplayKnob,
  c: ReplayTuneConfig,
  windows: readonly { start: number; end: number }[],
): void {
  const shortest = Math.min(...windows.map((w) => w.end - w.start), c.judge.end - c.judge.start);
  if (c.scenario.kind === 'rollout') {
    const span = Math.round((c.scenario.hours * 3600) / base.step);
    if (span > shortest)
      throw new RangeError(
        `${setting('scenario', 'the scenario')} rollout:${c.scenario.hours} lasts ${span} instants of ${base.step} s; the shortest part it is judged on (a learned fold or the judged part) has ${shortest}`,
      );
  }
  const scheduler = onlineScheduler(knob.defaults, base.step);
  const history = c.judge.end;
  if (scheduler.window && scheduler.window.instants > windows[0].start)
    throw new RangeError(
      `${scheduler.name}: ${scheduler.window.what} needs ${scheduler.window.seconds} s (${scheduler.window.instants} instants of ${base.step} s); the first learned fold has ${windows[0].start} instants before it (of ${history})`,
    );
}

/**
 * The index of the chosen grid value (aggressive first), or -1: from the most conservative value
 * that keeps q* on every fold, the most aggressive one reached through values that all keep it. The
 * one-shot rule starts at the grid's conservative end; in a replay that end may miss where the
 * middle keeps (Koordinator at a low threshold filters every node out, and the autoscaler's new
 * node, without a report yet, takes the instant's arrivals), and the values that keep are not
 * called a miss for it.
 */
export function chooseByFolds(figures: readonly number[], target: number): number {
  let k = figures.length - 1;
  while (k >= 0 && figures[k] > target) k--;
  if (k < 0) return -1;
  while (k > 0 && figures[k - 1] <= target) k--;
  return k;
}

/** The knob of `knob` tuned by replay on the learned part, judged on the judged part. */
export function adviseByReplay(
  base: ReplayBase,
  knob: ReplayKnob,
  c: ReplayTuneConfig,
): ReplayAdvice {
  const windows = foldWindows(c, base.step);
  checkWindows(base, knob, c, windows);
  const figures = knob.grid.map((v) =>
    Math.max(...windows.map((w) => scopeValue(replayWindow(base, knob.at(v), c, w).slo, c.scope))),
  );
  const chosen = chooseByFolds(figures, c.target);
  let closest = 0;
  figures.forEach((f, k) => {
    if (f < figures[closest]) closest = k;
  });
  const value = chosen >= 0 ? knob.grid[chosen] : null;
  const judged = replayWindow(base, knob.at(value ?? knob.grid[closest]), c, c.judge);
  return {
    scheduler: knob.scheduler,
    field: knob.field,
    scenario: scenarioText(c.scenario),
    grid: knob.grid,
    foldFigures: figures,
    value,
    closest: value === null ? knob.grid[closest] : null,
    chosen: judged,
    defaults: replayWindow(base, knob.defaults, c, c.judge),
    keepsOnJudged: scopeValue(judged.slo, c.scope) <= c.target,
  };
}

/** Where a tuning by replay missed q*: no value kept it on every learned fold, or the judged part. */
export function replayMissesOn(a: ReplayAdvice): 'learned' | 'judged' | null {
  return a.value === null ? 'learned' : a.keepsOnJudged ? null : 'judged';
}

/** `tuned` only when the value kept q* on every learned fold and on the judged part. */
export function replayVerdict(a: ReplayAdvice): 'tuned' | 'misses' {
  return replayMissesOn(a) === null ? 'tuned' : 'misses';
}
