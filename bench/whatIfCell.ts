/**
 * The what-if replay on a generated Google-cell-sized cluster: 100,000 pods on 12,500 nodes over
 * 30 days at 5-minute steps (8,640 instants), the history streamed: each instant's column is
 * generated when the replay reads it (a seeded daily cycle and noise per pod, from a hash of pod
 * and instant), so no pods × instants matrix exists (it would take 3.5 GB as float32). Requests are
 * given (each pod's mean), the pods start round-robin on the nodes and are rolled out over the
 * first 24 hours under kube-default and Koordinator. Goal: ≤ 60 s within 8 GB (the process's
 * resident set after the run is reported). WHATIF_CELL_PODS, WHATIF_CELL_NODES and
 * WHATIF_CELL_INSTANTS change the sizes; WHATIF_CELL_SCHEDULERS (comma-separated) the schedulers.
 *
 * Baseline, in the same run: the stream read alone (every column generated once, summed), the
 * replay's floor. The one-shot `advise` the other what-if benches compare with cannot run here: it
 * needs the pods × instants matrix (3.5 GB) and its Best Fit checks every node at every learned
 * instant for each pod. The ratio is the stream's time over the replay's.
 *
 * The command line cannot stream yet: `loadReplay` aligns the whole history (`alignSamples`, a
 * pods × instants matrix) before the replay starts; the engine itself reads columns only.
 */
import {
  defaultSettings,
  onlineScheduler,
  recreations,
  runWhatIf,
  type UsageColumns,
} from '../src/engine/whatif/index.ts';
import { Rng } from '../src/engine/index.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';

const GOAL_MS = 60_000;
const STEP = 300;

/** A uniform in [0, 1) from pod and instant (a 32-bit integer hash; no state). */
function hash01(p: number, t: number): number {
  let h = Math.imul(p ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(t + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

function cell() {
  const pods = Number(process.env.WHATIF_CELL_PODS ?? 100_000);
  const nodes = Number(process.env.WHATIF_CELL_NODES ?? 12_500);
  const T = Number(process.env.WHATIF_CELL_INSTANTS ?? 8640);
  const rng = new Rng(2011);
  const perNode = pods / nodes;
  const mean = Float64Array.from({ length: pods }, () => (0.6 / perNode) * (0.5 + rng.nextFloat()));
  const phase = Float64Array.from({ length: pods }, () => rng.nextFloat() * 2 * Math.PI);
  // sin(ωt + φ) = sin ωt cos φ + cos ωt sin φ: one sine per instant and two per pod, not one per sample.
  const sinPhase = phase.map(Math.sin);
  const cosPhase = phase.map(Math.cos);
  const value = (p: number, t: number, sinT: number, cosT: number) =>
    mean[p] * (1 + 0.4 * (sinT * cosPhase[p] + cosT * sinPhase[p])) * (0.7 + 0.6 * hash01(p, t));
  const column = new Float32Array(pods);
  const usage: UsageColumns = {
    pods,
    instants: T,
    column(t) {
      const sinT = Math.sin((2 * Math.PI * t) / 288);
      const cosT = Math.cos((2 * Math.PI * t) / 288);
      for (let p = 0; p < pods; p++) column[p] = value(p, t, sinT, cosT);
      return column;
    },
    samples(p, from, to) {
      return Float32Array.from({ length: to - from }, (_, k) => {
        const t = from + k;
        return value(p, t, Math.sin((2 * Math.PI * t) / 288), Math.cos((2 * Math.PI * t) / 288));
      });
    },
  };
  return { pods, nodes, T, usage, requests: mean };
}

export const whatIfCell: BenchSuite = {
  name: 'whatif-cell',
  description:
    'engine/whatif: a generated Google cell, 100,000 pods on 12,500 nodes over 30 days at 5 min, streamed column by column, rollout over 24 h, goal ≤ 60 s within 8 GB',
  async run(): Promise<BenchFigure[]> {
    const c = cell();
    const first = new Int32Array(c.pods);
    const last = new Int32Array(c.pods).fill(c.T - 1);
    const events = recreations({ kind: 'rollout', hours: 24 }, first, last, c.T, STEP, 1);
    const r0 = performance.now();
    let total = 0;
    for (let t = 0; t < c.T; t++) {
      const col = c.usage.column(t);
      for (let p = 0; p < c.pods; p++) total += col[p];
    }
    const streamMs = performance.now() - r0;
    const figures: BenchFigure[] = [];
    const schedulers = (process.env.WHATIF_CELL_SCHEDULERS ?? 'kube-default,koordinator').split(
      ',',
    );
    for (const name of schedulers) {
      const t0 = performance.now();
      const r = runWhatIf(
        {
          ids: Array.from({ length: c.pods }, (_, p) => `pod-${p}`),
          usage: c.usage,
          step: STEP,
          milliPerUnit: 16_000,
          first,
          last,
          nodes: Array.from({ length: c.nodes }, (_, n) => ({ name: `node-${n}`, capacity: 1 })),
          newNodeCapacity: 1,
          placement: Int32Array.from({ length: c.pods }, (_, p) => p % c.nodes),
          requests: c.requests,
          recreations: events,
          judged: { start: 0, end: c.T },
        },
        onlineScheduler(defaultSettings(name), STEP),
      );
      const ms = performance.now() - t0;
      const rss = process.memoryUsage().rss / 2 ** 30;
      figures.push({
        name: `replay ${name}, ${c.pods} pods × ${c.T} instants on ${c.nodes} nodes (streamed)`,
        value: ms,
        unit: 'ms',
        baseline: streamMs,
        ratio: streamMs / ms,
        note: `baseline: the stream read alone, every column once (${streamMs.toFixed(0)} ms, mean pod ${(total / c.pods / c.T).toFixed(4)}); goal ≤ ${GOAL_MS} ms (${(GOAL_MS / ms).toFixed(1)}× under); resident set ${rss.toFixed(2)} GiB after the run (goal ≤ 8); ${r.decisions} decisions, worst node q ${r.worst?.q.toFixed(4)}`,
      });
    }
    return figures;
  },
};
