/**
 * `advise` judged by the replay (engine/whatif/tuneByReplay.ts): each load-aware scheduler's knob
 * tuned by replaying the cluster under a scenario on the learned part's folds, then replayed on the
 * judged part beside the project's defaults, from the current placement when one is given. The
 * default scenario is `fresh` without a placement (the setting fills an empty cluster at the start
 * of the judged part) and `rollout:1` with one (every pod of the cluster as it is re-created under
 * the setting over an hour): docs/replay.md says why.
 */
import {
  REPLAY_KNOBS,
  adviseByReplay,
  parseScenario,
  replayMissesOn,
  replayVerdict,
  scenarioText,
  type ReplayAdvice,
  type ReplayedSetting,
  type Scenario,
  START_NODES,
} from '../../../engine/whatif/index.ts';
import { SEED, type SloScope, type Validation } from '../../../engine/index.ts';
import { UsageError, rangeOption, type Options } from '../../args.ts';
import { asUsage } from '../command.ts';
import type { Replay } from '../replayData.ts';
import { labelPlacement } from '../../../engine/whatif/index.ts';
import { prepareFrom, replayBase, type Prepared } from '../whatif/prepare.ts';

const DEFAULT_FRESH = 'fresh';
const DEFAULT_WITH_PLACEMENT = 'rollout:1';

export const adviseReplayOptions = {
  scenario: {
    kind: 'string',
    help: `the replay that judges each knob: fresh, history, rollout:H or restart:p (default ${DEFAULT_FRESH}, ${DEFAULT_WITH_PLACEMENT} with --placement), or none for the one-shot advice alone`,
  },
  placement: {
    kind: 'string',
    help: 'pod,node CSV: the cluster as it is, where the replay starts',
  },
  requests: {
    kind: 'string',
    help: 'id,cpu CSV: each pod’s CPU request in the data’s unit (cores with --cores-per-machine)',
  },
  nodes: rangeOption(
    START_NODES,
    'nodes at the start of the replay (default: those of the placement)',
  ),
  seed: rangeOption(SEED, 'random seed of the replay’s scenario', 1),
} as const;

export interface ReplayJudgement {
  readonly prepared: Prepared;
  readonly scenario: Scenario;
  readonly seed: number;
  readonly advice: ReadonlyMap<string, ReplayAdvice>;
}

/**
 * The scenario asked for, or the default (`rollout:1` when the cluster has a placement: a CSV, or
 * the node labels of a Prometheus history); null for `none`.
 */
function adviseScenario(o: Options, r: Replay): Scenario | null {
  const text = o.scenario as string | undefined;
  if (text === 'none') return null;
  const placed =
    Boolean(o.placement) || (r.cluster != null && labelPlacement(r.aligned.ids) !== null);
  const scenario = asUsage(() =>
    parseScenario(text ?? (placed ? DEFAULT_WITH_PLACEMENT : DEFAULT_FRESH)),
  );
  if (scenario.kind === 'fresh' && o.placement)
    throw new UsageError(
      '--scenario fresh starts from an empty cluster: drop --placement (or use history, rollout:H, restart:p)',
    );
  return scenario;
}

/** Each named scheduler that the replay models, tuned and judged by it. */
export function judgeByReplay(
  r: Replay,
  o: Options,
  names: readonly string[],
  c: { target: number; scope: SloScope; validation: Validation },
): ReplayJudgement | null {
  const scenario = adviseScenario(o, r);
  if (!scenario) return null;
  const seed = (o.seed as number | undefined) ?? 1;
  const units = o['cores-per-machine'] !== undefined ? { ...o, capacity: undefined } : o;
  const prepared = prepareFrom(r, units, scenario.kind !== 'fresh');
  const split = r.split!;
  const base = replayBase(prepared);
  const advice = new Map<string, ReplayAdvice>();
  for (const name of names) {
    const knob = REPLAY_KNOBS[name];
    if (!knob) continue;
    advice.set(
      name,
      asUsage(() =>
        adviseByReplay(base, knob, {
          scenario,
          seed,
          target: c.target,
          scope: c.scope,
          validation: c.validation,
          learn: split.learn,
          judge: split.judge,
        }),
      ),
    );
  }
  return { prepared, scenario, seed, advice };
}

function settingJson(s: ReplayedSetting) {
  return {
    settings: s.settings,
    nodes: s.nodes,
    nodes_added: s.result.nodesAdded,
    worst: s.result.worst,
    mean_q: s.slo.mean,
    p95_q: s.slo.p95,
    over: s.slo.over,
    per_node: s.result.nodes.map((n) => ({ name: n.name, q: n.q, pods: n.pods.length })),
    unschedulable: s.result.unschedulable.length,
  };
}

export function replayAdviceJson(j: ReplayJudgement, name: string): Record<string, unknown> | null {
  const a = j.advice.get(name);
  if (!a) return null;
  return {
    scenario: a.scenario,
    seed: j.seed,
    verdict: replayVerdict(a),
    misses_on: replayMissesOn(a),
    field: a.field,
    value: a.value,
    closest: a.closest,
    curve: a.grid.map((value, k) => ({ value, fold_q: a.foldFigures[k] })),
    judged: { start: a.chosen.window.start, end: a.chosen.window.end },
    setting: settingJson(a.chosen),
    defaults: settingJson(a.defaults),
  };
}

const figures = (s: ReplayedSetting) =>
  `${s.nodes} nodes${s.result.nodesAdded ? ` (${s.result.nodesAdded} added)` : ''}, worst node ${s.result.worst ? `${s.result.worst.name} q ${s.result.worst.q.toFixed(4)}` : 'none'}, mean q ${s.slo.mean.toFixed(4)}, ${s.slo.over} over q*`;

export function replayAdviceText(j: ReplayJudgement, name: string, target: number): string[] {
  const a = j.advice.get(name);
  if (!a) return [`replayed: not modelled (the replay has no ${name} scheduler)`];
  const value = a.value ?? a.closest;
  const missesOn = replayMissesOn(a);
  const head =
    missesOn === null
      ? `replayed (${a.scenario}), tuned: ${a.field} = ${value}`
      : missesOn === 'learned'
        ? `replayed (${a.scenario}), misses: no value keeps q* = ${target} on every learned fold; closest ${a.field} = ${value}`
        : `replayed (${a.scenario}), misses q* = ${target} on the judged part: ${a.field} = ${value} (kept it on the learned folds)`;
  return [
    `${head}: ${figures(a.chosen)}`,
    `  per node q: ${a.chosen.result.nodes.map((n) => `${n.name} ${n.q.toFixed(4)}`).join(', ')}`,
    `replayed defaults: ${figures(a.defaults)}`,
  ];
}

export function replayHead(j: ReplayJudgement): Record<string, unknown> {
  return {
    scenario: scenarioText(j.scenario),
    seed: j.seed,
    step_s: j.prepared.step,
    millicores_per_unit: j.prepared.milliPerUnit,
    start_nodes: j.prepared.nodes.map((n) => n.name),
    notes: j.prepared.notes,
  };
}
