/**
 * A knob tuned by the replay (engine/whatif/tuneByReplay.ts) on the generated 1,000-pod week of
 * `whatif-week`: Koordinator's usageThresholds.cpu, every value of its grid replayed under
 * `rollout:1` on every walk-forward fold of the learned half, then the chosen value and the
 * defaults replayed on the judged half, against the goal of 30 s. Baseline: the one-shot `advise` of
 * the same knob on the same week in the same run (oneShotAdvise.ts); the ratio is that time over
 * the replay's (below 1: the replay took longer).
 */
import {
  REPLAY_KNOBS,
  adviseByReplay,
  foldWindows,
  matrixColumns,
  type ReplayTuneConfig,
} from '../src/engine/whatif/index.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { oneShotAdvise } from './oneShotAdvise.ts';
import { week } from './whatIfWeek.ts';

const GOAL_MS = 30_000;
const STEP = 300;

export const whatIfTune: BenchSuite = {
  name: 'whatif-tune',
  description:
    'engine/whatif: Koordinator’s threshold tuned by replay (every grid value, every walk-forward fold) on the 1,000-pod week, goal ≤ 30 s',
  async run(): Promise<BenchFigure[]> {
    const w = week();
    const T = w.matrix.cols;
    const half = Math.floor(T / 2);
    const c: ReplayTuneConfig = {
      scenario: { kind: 'rollout', hours: 1 },
      seed: 1,
      target: 0.01,
      scope: 'every',
      validation: 'walk',
      learn: { start: 0, end: half },
      judge: { start: half, end: T },
    };
    const base = {
      ids: w.ids,
      columns: () => matrixColumns(w.matrix),
      step: STEP,
      milliPerUnit: 16_000,
      first: new Int32Array(w.ids.length),
      last: new Int32Array(w.ids.length).fill(T - 1),
      nodes: w.nodes,
      newNodeCapacity: 1,
      placement: w.placement,
      requests: w.requests,
    };
    const advise = oneShotAdvise(w.matrix, STEP);
    const knob = REPLAY_KNOBS.koordinator;
    const t0 = performance.now();
    const a = adviseByReplay(base, knob, c);
    const ms = performance.now() - t0;
    const folds = foldWindows(c, STEP).length;
    return [
      {
        name: `koordinator tuned by replay, ${w.ids.length} pods × ${T} instants, ${knob.grid.length} values × ${folds} folds`,
        value: ms,
        unit: 'ms',
        baseline: advise.ms,
        ratio: advise.ms / ms,
        note: `baseline: the ${advise.text}; goal ≤ ${GOAL_MS} ms (${(GOAL_MS / ms).toFixed(1)}× under); ${a.value === null ? `misses (closest ${a.closest})` : `value ${a.value}`}, judged worst node q ${a.chosen.slo.worst.toFixed(4)} on ${a.chosen.nodes} nodes`,
      },
    ];
  },
};
