/**
 * The Replay view's job: two (or more) scheduler settings replayed on one history as the cluster
 * runs (engine/whatif), one unit per setting. Each unit aligns the history (the loaded data's
 * alignment, or none for a bundled history), splits its instants into a learned part and a judged
 * part, and replays the setting over the history with the scenario played from the judged part's
 * first instant (`replayWindow`, the replay `advise` judges by): `fresh` fills an empty cluster
 * there, each pod requesting the p95 of its usage before it; the other scenarios start from the
 * series' `node` labels when every series carries one (a Prometheus history), else from an empty
 * cluster. Nodes have one machine unit of capacity; a machine unit is read as one core (1000 m).
 */
import type { TaskSamples } from '../../../engine/data/index.ts';
import { alignSamples } from '../../../engine/data/index.ts';
import type { AlignOptions } from '../../../engine/index.ts';
import {
  REPLAY_KNOBS,
  defaultSettings,
  labelPlacement,
  matrixColumns,
  onlineScheduler,
  parseScenario,
  replayWindow,
  type OnlineSettings,
  type ReplayBase,
  type StartNode,
} from '../../../engine/whatif/index.ts';
import { defineJob } from '../job.ts';

/** Seconds per instant when the data carry no timestamps (the bundled five-minute histories). */
const STEP_WITHOUT_TIMES = 300;

/** One side of the comparison: a scheduler with its project's defaults, or with its knob set. */
export interface WhatIfSide {
  readonly scheduler: string;
  /** The knob's value (`REPLAY_KNOBS`), or null: the project's defaults. */
  readonly knob: number | null;
}

interface WhatIfSpec {
  readonly samples: TaskSamples;
  readonly align?: AlignOptions;
  /** The share of the instants before the judged part, in (0, 1). */
  readonly learn: number;
  /** fresh, history, rollout:H or restart:p. */
  readonly scenario: string;
  readonly seed: number;
  /** q*: a node whose q on the judged part is above it misses the target. */
  readonly target: number;
  readonly sides: readonly WhatIfSide[];
}

export interface WhatIfNode {
  readonly name: string;
  readonly capacity: number;
  /** Pods on it at the end. */
  readonly pods: number;
  readonly q: number;
  readonly overloads: number;
  readonly peak: number;
  /** Its total at each judged instant (from the judged part's first instant). */
  readonly usage: Float32Array;
  /** The judged instants over capacity, from the judged part's first instant. */
  readonly overloadInstants: readonly number[];
}

export interface WhatIfSideOut {
  readonly scheduler: string;
  readonly settings: Readonly<Record<string, number | string>>;
  readonly step: number;
  readonly instants: number;
  readonly judged: { readonly start: number; readonly end: number };
  readonly nodes: readonly WhatIfNode[];
  readonly worst: { readonly name: string; readonly q: number } | null;
  readonly decisions: number;
  readonly migrations: number;
  readonly nodesAdded: number;
  readonly unschedulable: number;
  /** The starting placement's nodes (0: an empty cluster). */
  readonly placedNodes: number;
  readonly timestamps: boolean;
}

/** The settings of a side; a knob outside the range its tuner sweeps is refused, naming both. */
function sideSettings(side: WhatIfSide): OnlineSettings {
  if (side.knob === null) return defaultSettings(side.scheduler);
  const knob = REPLAY_KNOBS[side.scheduler];
  if (!knob) throw new RangeError(`${side.scheduler} has no knob to set (its defaults only)`);
  const low = Math.min(...knob.grid);
  const high = Math.max(...knob.grid);
  if (!(side.knob >= low && side.knob <= high))
    throw new RangeError(
      `${side.scheduler}: ${knob.field} = ${side.knob} is outside the range replayed here, ${low} to ${high}`,
    );
  return knob.at(side.knob);
}

/** The history's replay base: aligned, cut at the learned share, from the series' `node` labels unless `fresh`. */
export function replayBaseOf(spec: Pick<WhatIfSpec, 'samples' | 'align' | 'learn' | 'scenario'>): {
  base: ReplayBase;
  cut: number;
  T: number;
  stamped: boolean;
} {
  const aligned = alignSamples(spec.samples, spec.align ?? {});
  const T = aligned.inst.cols;
  const cut = Math.floor(spec.learn * T + 0.5);
  if (cut < 1 || T - cut < 1)
    throw new RangeError(
      `the history is too short: ${T} instants, ${cut} before the judged part and ${T - cut} judged; the replay needs one of each`,
    );
  const ids = aligned.ids;
  const labels = parseScenario(spec.scenario).kind === 'fresh' ? null : labelPlacement(ids);
  const names = labels ? [...new Set(labels.values())].sort() : [];
  const nodeIndex = new Map(names.map((n, k) => [n, k]));
  const placement = Int32Array.from(ids, (id) => (labels ? nodeIndex.get(labels.get(id)!)! : -1));
  const nodes: StartNode[] = names.map((name) => ({ name, capacity: 1 }));
  const first = new Int32Array(ids.length);
  const last = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    first[i] = aligned.spans[2 * i];
    last[i] = aligned.spans[2 * i + 1];
  }
  const step = aligned.report.step ?? STEP_WITHOUT_TIMES;
  const base: ReplayBase = {
    ids,
    columns: () => matrixColumns(aligned.inst),
    step,
    milliPerUnit: 1000,
    first,
    last,
    nodes,
    newNodeCapacity: 1,
    placement,
    requests: null,
  };
  return { base, cut, T, stamped: aligned.report.step !== null };
}

/** A scheduler's window or a rollout longer than the history before or in the judged part is refused. */
function checkLengths(
  base: ReplayBase,
  settings: OnlineSettings,
  scenario: string,
  cut: number,
  T: number,
) {
  const s = parseScenario(scenario);
  if (s.kind === 'rollout') {
    const span = Math.round((s.hours * 3600) / base.step);
    if (span > T - cut)
      throw new RangeError(
        `rollout:${s.hours} lasts ${span} instants of ${base.step} s; the judged part has ${T - cut}`,
      );
  }
  const w = onlineScheduler(settings, base.step).window;
  if (w && w.instants > cut)
    throw new RangeError(
      `${settings.scheduler}: ${w.what} needs ${w.seconds} s (${w.instants} instants of ${base.step} s); the history has ${cut} before the judged part`,
    );
}

export const whatifReplay = defineJob({
  needsPool: false,
  units(spec: WhatIfSpec): WhatIfSide[] {
    if (!(spec.learn > 0 && spec.learn < 1))
      throw new RangeError(`the share before the judged part must be in (0, 1), got ${spec.learn}`);
    if (!(spec.target > 0 && spec.target < 1))
      throw new RangeError(`the target q* must be in (0, 1), got ${spec.target}`);
    parseScenario(spec.scenario);
    for (const side of spec.sides) sideSettings(side);
    return [...spec.sides];
  },
  run(_ctx, spec: WhatIfSpec, side: WhatIfSide, checkpoint): WhatIfSideOut {
    const settings = sideSettings(side);
    const { base, cut, T, stamped } = replayBaseOf(spec);
    checkLengths(base, settings, spec.scenario, cut, T);
    checkpoint();
    const scenario = parseScenario(spec.scenario);
    const { result: r } = replayWindow(
      base,
      settings,
      { scenario, seed: spec.seed, target: spec.target },
      { start: cut, end: T },
      { usage: true, overloadInstants: true },
    );
    return {
      scheduler: r.scheduler,
      settings: r.settings,
      step: base.step,
      instants: T,
      judged: r.judged,
      nodes: r.nodes.map((n) => ({
        name: n.name,
        capacity: n.capacity,
        pods: n.pods.length,
        q: n.q,
        overloads: n.overloads,
        peak: n.peak,
        usage: n.usage!.slice(cut, T),
        overloadInstants: n.overloadInstants!.map((t) => t - cut),
      })),
      worst: r.worst,
      decisions: r.decisions,
      migrations: r.migrations,
      nodesAdded: r.nodesAdded,
      unschedulable: r.unschedulable.length,
      placedNodes: base.nodes.length,
      timestamps: stamped,
    };
  },
});
