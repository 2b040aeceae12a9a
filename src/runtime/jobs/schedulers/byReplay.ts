/**
 * The Schedulers view's knob tuned by the replay (engine/whatif/tuneByReplay.ts, as `advise` judged
 * by the replay): every value of the knob's grid replayed on the learned part's walk-forward folds,
 * the chosen one (or the closest) and the project's defaults replayed on the judged part, with the
 * verdict `tuned` / `misses` as `replayVerdict` gives it. The scenario is `advise`'s default: from
 * the cluster as it is (`rollout:1`) when every series carries a `node` label (a Prometheus
 * history), else `fresh` (an empty cluster filled at each judged part's start in the data's order).
 */
import type { TaskSamples } from '../../../engine/data/index.ts';
import type { AlignOptions } from '../../../engine/index.ts';
import type { MachineSlo, SloScope } from '../../../engine/replay/index.ts';
import { findScheduler, settingsOf, specAt } from '../../../engine/schedulers/index.ts';
import {
  REPLAY_KNOBS,
  adviseByReplay,
  parseScenario,
  replayMissesOn,
  replayVerdict,
  type ReplayAdvice,
  type ReplayedSetting,
} from '../../../engine/whatif/index.ts';
import { replayBaseOf } from '../whatif/whatif.ts';

/** The history the replay reads: the samples the view aligned, and its learned share. */
export interface ReplayHistory {
  readonly samples: TaskSamples;
  readonly align?: AlignOptions;
  readonly learn: number;
  readonly seed: number;
}

interface ReplayedSide {
  readonly settings: Readonly<Record<string, number | string>>;
  readonly nodes: number;
  readonly nodesAdded: number;
  readonly worst: { readonly name: string; readonly q: number } | null;
  readonly slo: Pick<MachineSlo, 'mean' | 'worst' | 'p95' | 'over'>;
  readonly perNode: readonly { readonly name: string; readonly q: number }[];
}

export interface ReplayTuneOut extends Pick<
  ReplayAdvice,
  'field' | 'scenario' | 'grid' | 'foldFigures' | 'value' | 'closest'
> {
  readonly name: string;
  readonly seed: number;
  readonly verdict: 'tuned' | 'misses';
  /** Where a miss happened: no value kept q* on every learned fold, or the judged part. */
  readonly missesOn: 'learned' | 'judged' | null;
  readonly chosen: ReplayedSide;
  readonly defaults: ReplayedSide;
  /** The project's configuration fields at the chosen value, as the snippets write them. */
  readonly snippetSettings: Readonly<Record<string, number>>;
}

function side(s: ReplayedSetting): ReplayedSide {
  return {
    settings: s.settings,
    nodes: s.nodes,
    nodesAdded: s.result.nodesAdded,
    worst: s.result.worst,
    slo: { mean: s.slo.mean, worst: s.slo.worst, p95: s.slo.p95, over: s.slo.over },
    perNode: s.result.nodes.map((n) => ({ name: n.name, q: n.q })),
  };
}

/** The knob of `scheduler` tuned by replay on `h`, to `target` in `scope`. */
export function tuneByReplay(
  h: ReplayHistory,
  scheduler: string,
  c: { readonly target: number; readonly scope: SloScope },
): ReplayTuneOut {
  const knob = REPLAY_KNOBS[scheduler];
  if (!knob) throw new RangeError(`${scheduler} is not modelled by the replay (no knob to tune)`);
  // Without labels the base is an empty cluster, the same as `fresh`'s.
  const { base, cut, T } = replayBaseOf({ ...h, scenario: 'rollout:1' });
  const text = base.nodes.length > 0 ? 'rollout:1' : 'fresh';
  const a = adviseByReplay(base, knob, {
    scenario: parseScenario(text),
    seed: h.seed,
    target: c.target,
    scope: c.scope,
    validation: 'walk',
    learn: { start: 0, end: cut },
    judge: { start: cut, end: T },
  });
  const value = a.value ?? a.closest!;
  const info = findScheduler(scheduler);
  return {
    name: scheduler,
    field: a.field,
    scenario: a.scenario,
    seed: h.seed,
    grid: a.grid,
    foldFigures: a.foldFigures,
    value: a.value,
    closest: a.closest,
    verdict: replayVerdict(a),
    missesOn: replayMissesOn(a),
    chosen: side(a.chosen),
    defaults: side(a.defaults),
    snippetSettings: settingsOf(info, specAt(info, value, { step: base.step })).settings,
  };
}
