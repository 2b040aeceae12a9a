/**
 * The what-if replay (engine/whatif) on a generated week at 5-minute steps: 1,000 pods on 50
 * nodes (2,016 instants; each pod a seeded daily cycle with log-normal noise, placed round-robin,
 * requests given at its mean), every pod rolled out over the first 24 hours, one replay per
 * scheduler (kube-default, koordinator, trimaran-tlp) in process, against the goal of 2 s each.
 * Baseline: the one-shot `advise` of Koordinator on the same week in the same run (oneShotAdvise.ts);
 * each figure's ratio is that time over the replay's (above 1: the replay took less).
 * WHATIF_BENCH_PODS, WHATIF_BENCH_NODES and WHATIF_BENCH_INSTANTS change the sizes.
 */
import { Rng } from '../src/engine/index.ts';
import {
  defaultSettings,
  matrixColumns,
  onlineScheduler,
  recreations,
  runWhatIf,
} from '../src/engine/whatif/index.ts';
import { matrixFrom } from '../src/engine/matrix.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { oneShotAdvise } from './oneShotAdvise.ts';

const GOAL_MS = 2_000;
const STEP = 300;

export function week() {
  const pods = Number(process.env.WHATIF_BENCH_PODS ?? 1000);
  const nodes = Number(process.env.WHATIF_BENCH_NODES ?? 50);
  const T = Number(process.env.WHATIF_BENCH_INSTANTS ?? 2016);
  const rng = new Rng(45);
  const data = new Float32Array(pods * T);
  const means = new Float64Array(pods);
  const perNode = pods / nodes;
  for (let p = 0; p < pods; p++) {
    const mean = (0.6 / perNode) * (0.5 + rng.nextFloat());
    const phase = rng.nextFloat() * 2 * Math.PI;
    let sum = 0;
    for (let t = 0; t < T; t++) {
      const cycle = 1 + 0.4 * Math.sin((2 * Math.PI * t) / 288 + phase);
      const v = mean * cycle * Math.exp(0.3 * rng.nextGaussian() - 0.045);
      data[p * T + t] = v;
      sum += v;
    }
    means[p] = sum / T;
  }
  return {
    ids: Array.from({ length: pods }, (_, p) => `pod-${p}`),
    matrix: matrixFrom(pods, T, data),
    requests: means,
    nodes: Array.from({ length: nodes }, (_, n) => ({ name: `node-${n}`, capacity: 1 })),
    placement: Int32Array.from({ length: pods }, (_, p) => p % nodes),
  };
}

export const whatIfWeek: BenchSuite = {
  name: 'whatif-week',
  description:
    'engine/whatif: a generated week at 5-minute steps, 1,000 pods on 50 nodes, rollout over 24 h, one replay per scheduler, goal ≤ 2 s each',
  async run(): Promise<BenchFigure[]> {
    const w = week();
    const T = w.matrix.cols;
    const first = new Int32Array(w.ids.length);
    const last = new Int32Array(w.ids.length).fill(T - 1);
    const events = recreations({ kind: 'rollout', hours: 24 }, first, last, T, STEP, 1);
    const advise = oneShotAdvise(w.matrix, STEP);
    const figures: BenchFigure[] = [];
    for (const name of ['kube-default', 'koordinator', 'trimaran-tlp']) {
      const t0 = performance.now();
      const r = runWhatIf(
        {
          ids: w.ids,
          usage: matrixColumns(w.matrix),
          step: STEP,
          milliPerUnit: 16_000,
          first,
          last,
          nodes: w.nodes,
          newNodeCapacity: 1,
          placement: w.placement,
          requests: w.requests,
          recreations: events,
          judged: { start: 0, end: T },
        },
        onlineScheduler(defaultSettings(name), STEP),
      );
      const ms = performance.now() - t0;
      figures.push({
        name: `replay ${name}, ${w.ids.length} pods × ${T} instants on ${w.nodes.length} nodes`,
        value: ms,
        unit: 'ms',
        baseline: advise.ms,
        ratio: advise.ms / ms,
        note: `baseline: the ${advise.text}; goal ≤ ${GOAL_MS} ms (${(GOAL_MS / ms).toFixed(1)}× under); ${r.decisions} decisions, ${r.migrations} migrations, worst node q ${r.worst?.q.toFixed(4)}`,
      });
    }
    return figures;
  },
};
