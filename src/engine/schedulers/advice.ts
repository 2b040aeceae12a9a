/**
 * A scheduler's knob tuned to the per-machine SLO on a time-aligned history, past to future. The
 * choice is `tuneAligned`'s (engine/replay/tuneAligned.ts), unchanged: on the learned part, its
 * contiguous folds (one, or walk-forward by day: `engine/replay/walkForward.ts`) pick the most aggressive grid value that keeps q* (mean, every machine or 95 % of
 * machines) from which on every more conservative value keeps it too; that value packs the whole
 * learned part and is judged on the judged part. When no grid value keeps q* on the folds, the
 * closest is the value whose worst fold figure is nearest q* (the smallest, all being above it), packed
 * and judged the same way and reported as missing. The project's default settings are packed on
 * the learned part and judged on the judged part beside it.
 */
import type { FitSpec } from '../fit/index.ts';
import type { RealizationMatrix } from '../matrix.ts';
import {
  judgeMachines,
  packAligned,
  pickFewest,
  scopeValue,
  scoreFolds,
  tuneAligned,
  validationFolds,
  type AlignedTuneConfig,
  type FoldSlo,
  type MachineSlo,
} from '../replay/index.ts';
import {
  defaultSpec,
  schedulerEntry,
  settingsOf,
  specAt,
  type SchedulerInfo,
  type SchedulerOverrides,
} from './catalog.ts';

/** What the advice may be told beyond the SLO: the knob's grid, and parameters set by the data. */
export interface AdviseOptions {
  /** Knob values, aggressive to conservative (default: the fit test's tuning grid). */
  readonly grid?: readonly number[];
  /** e.g. `{ step: 300 }`, the data's sampling step for rules reading time windows. */
  readonly overrides?: SchedulerOverrides;
}

const gridOf = (info: SchedulerInfo, o: AdviseOptions) =>
  o.grid ?? schedulerEntry(info).tuning.grid;

/** One setting packed on the learned part and judged on the judged part. */
export interface JudgedSetting {
  /** The fit test's parameter values, notation order. */
  readonly values: readonly number[];
  readonly fit: FitSpec;
  /** The project's configuration fields at these values (catalog `config`). */
  readonly settings: Readonly<Record<string, number>>;
  readonly machines: number;
  readonly judged: MachineSlo;
}

export interface SchedulerAdvice {
  readonly scheduler: SchedulerInfo;
  readonly target: number;
  readonly scope: AlignedTuneConfig['scope'];
  readonly grid: readonly number[];
  /** The tuned setting (null: no grid value kept q* on the fold; see `closest`). */
  readonly tuned: JudgedSetting | null;
  /** The (worst) fold's figures of the tuned value, or of the closest one. */
  readonly fold: MachineSlo | null;
  /** Each fold's figures of the tuned value (empty without one). */
  readonly folds: readonly FoldSlo[];
  /** When nothing kept q* on the fold: the value nearest to it, packed and judged. */
  readonly closest: JudgedSetting | null;
  readonly defaults: JudgedSetting;
}

/** Packs `fit` on `learn` and judges it on `judged` (the same tasks, row for row). */
export function judgeSetting(
  info: SchedulerInfo,
  fit: FitSpec,
  learn: RealizationMatrix,
  judged: RealizationMatrix,
  c: AlignedTuneConfig,
): JudgedSetting {
  const machines = packAligned(learn, fit, c);
  return {
    ...settingsOf(info, fit),
    fit,
    machines: machines.length,
    judged: judgeMachines(machines, judged, c.capacity, c.target),
  };
}

/** The folds' figures of every grid value (its worst fold; `validationFolds` cuts `learn`). */
export function foldFigures(
  learn: RealizationMatrix,
  info: SchedulerInfo,
  c: AlignedTuneConfig,
  o: AdviseOptions = {},
): MachineSlo[] {
  const folds = validationFolds(learn.cols, c.step ?? null, c.validation ?? 'half');
  const pack = (past: RealizationMatrix, fit: FitSpec) => packAligned(past, fit, c);
  return gridOf(info, o).map(
    (v) => scoreFolds(learn, folds, specAt(info, v, o.overrides), pack, c).worst,
  );
}

/** The knob tuned to q* on `learn`, judged on `judged`, beside the defaults (file comment). */
export function adviseScheduler(
  learn: RealizationMatrix,
  judged: RealizationMatrix,
  info: SchedulerInfo,
  c: AlignedTuneConfig,
  o: AdviseOptions = {},
): SchedulerAdvice {
  const grid = gridOf(info, o);
  if (learn.rows !== judged.rows)
    throw new RangeError(
      `the learned part has ${learn.rows} tasks, the judged part ${judged.rows}: judge the same tasks`,
    );
  const entry = schedulerEntry(info);
  const defaults = judgeSetting(info, defaultSpec(info, o.overrides), learn, judged, c);
  const t = tuneAligned(learn, entry.kind, c, grid, (v) => specAt(info, v, o.overrides));
  const base = { scheduler: info, target: c.target, scope: c.scope, grid, defaults };
  if (t.fit)
    return {
      ...base,
      tuned: {
        ...settingsOf(info, t.fit),
        fit: t.fit,
        machines: t.machines.length,
        judged: judgeMachines(t.machines, judged, c.capacity, c.target),
      },
      fold: t.cv,
      folds: t.folds,
      closest: null,
    };
  const fold = foldFigures(learn, info, c, o);
  let best = 0;
  fold.forEach((f, k) => {
    if (scopeValue(f, c.scope) < scopeValue(fold[best], c.scope)) best = k;
  });
  return {
    ...base,
    tuned: null,
    fold: fold[best],
    folds: [],
    closest: judgeSetting(info, specAt(info, grid[best], o.overrides), learn, judged, c),
  };
}

/** One point of a knob's curve: the value packed on the learned part, judged on the judged part. */
export interface KnobPoint {
  readonly value: number;
  /** The project's configuration fields at this value. */
  readonly settings: Readonly<Record<string, number>>;
  readonly machines: number;
  readonly mean: number;
  readonly worst: number;
  readonly p95: number;
  /** Machines with q_j above the target. */
  readonly over: number;
  /** Whether the scope's figure keeps the target on the judged part. */
  readonly meets: boolean;
}

/**
 * The knob's curve for a plot: q per machine (mean, worst, 95th percentile) and the machines, for
 * each value of `grid` (default: the fit test's tuning grid, aggressive to conservative).
 */
export function knobCurve(
  learn: RealizationMatrix,
  judged: RealizationMatrix,
  info: SchedulerInfo,
  c: AlignedTuneConfig,
  o: AdviseOptions = {},
): KnobPoint[] {
  return gridOf(info, o).map((value) => {
    const s = judgeSetting(info, specAt(info, value, o.overrides), learn, judged, c);
    return {
      value,
      settings: s.settings,
      machines: s.machines,
      mean: s.judged.mean,
      worst: s.judged.worst,
      p95: s.judged.p95,
      over: s.judged.over,
      meets: scopeValue(s.judged, c.scope) <= c.target,
    };
  });
}

/**
 * Among schedulers advised on the same history, the one to run: `pickTuned`'s rule (of those whose
 * tuned knob met q* on every fold, the fewest machines on the learned part; ties to the lower
 * worst fold, then the order given). Null when none held: no scheduler is recommended.
 */
export function pickAdvice(advice: readonly SchedulerAdvice[]): SchedulerAdvice | null {
  if (advice.length === 0) return null;
  return pickFewest(
    advice,
    (a) => (a.tuned && a.fold ? [a.tuned.machines, a.fold] : null),
    advice[0].scope,
  );
}
