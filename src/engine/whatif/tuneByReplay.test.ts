import { describe, expect, it } from 'vitest';
import { matrixFrom } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import {
  REPLAY_KNOBS,
  adviseByReplay,
  chooseByFolds,
  foldWindows,
  matrixColumns,
  parseScenario,
  recreations,
  replayWindow,
  runWhatIf,
  onlineScheduler,
  type ReplayBase,
  type ReplayTuneConfig,
} from './index.ts';

const PODS = 24;
const T = 400;

/** Pods of bursty usage (machine units), seeded; every pod present from the first instant. */
function base(): ReplayBase {
  const rng = new Rng(7);
  const data = new Float32Array(PODS * T);
  for (let p = 0; p < PODS; p++)
    for (let t = 0; t < T; t++)
      data[p * T + t] = 0.05 + 0.1 * rng.nextFloat() + (rng.nextFloat() < 0.1 ? 0.2 : 0);
  const m = matrixFrom(PODS, T, data);
  return {
    ids: Array.from({ length: PODS }, (_, p) => `p${p}`),
    columns: () => matrixColumns(m),
    step: 300,
    milliPerUnit: 1000,
    first: new Int32Array(PODS),
    last: new Int32Array(PODS).fill(T - 1),
    nodes: [],
    newNodeCapacity: 1,
    placement: new Int32Array(PODS).fill(-1),
    requests: null,
  };
}

const config = (scenario: string, target = 0.05): ReplayTuneConfig => ({
  scenario: parseScenario(scenario),
  seed: 3,
  target,
  scope: 'every',
  validation: 'half',
  learn: { start: 0, end: 200 },
  judge: { start: 200, end: T },
});

describe('a knob tuned by the replay', () => {
  it('judges a window as the replay run on the history up to its end, the scenario played from its start', () => {
    const b = base();
    const settings = REPLAY_KNOBS.koordinator.at(50);
    const w = replayWindow(b, settings, config('rollout:2'), { start: 200, end: T });
    const events = recreations(
      parseScenario('rollout:2'),
      new Int32Array(PODS),
      new Int32Array(PODS).fill(T - 201),
      T - 200,
      300,
      3,
    ).map((e) => ({ at: e.at + 200, pod: e.pod }));
    const direct = runWhatIf(
      {
        ...b,
        usage: b.columns(),
        recreations: events,
        judged: { start: 200, end: T },
      },
      onlineScheduler(settings, 300),
    );
    expect(w.result.nodes.map((n) => [n.name, n.q, n.pods])).toEqual(
      direct.nodes.map((n) => [n.name, n.q, n.pods]),
    );
    expect(w.slo.worst).toBe(Math.max(...direct.nodes.map((n) => n.q)));
    expect(w.result.migrations).toBeGreaterThan(0);
  });

  it('fills an empty cluster at the window’s start with requests from the usage before it', () => {
    const b = base();
    const w = replayWindow(b, REPLAY_KNOBS.koordinator.defaults, config('fresh'), {
      start: 200,
      end: T,
    });
    // Nothing runs before the window: every pod's first residence starts at 200.
    for (const list of w.result.residences) expect(list[0].from).toBe(200);
    expect(w.result.decisions).toBe(PODS);
  });

  it('chooses the most aggressive value from which every more conservative one keeps q* on the folds', () => {
    const b = base();
    const c = config('rollout:2');
    const knob = REPLAY_KNOBS['trimaran-tlp'];
    const a = adviseByReplay(b, knob, c);
    const windows = foldWindows(c, 300);
    const figure = (v: number) =>
      Math.max(...windows.map((w) => replayWindow(b, knob.at(v), c, w).slo.worst));
    const k = a.value === null ? knob.grid.length : knob.grid.indexOf(a.value);
    for (let j = k; j < knob.grid.length; j++)
      expect(figure(knob.grid[j])).toBeLessThanOrEqual(c.target);
    if (k > 0) expect(figure(knob.grid[k - 1])).toBeGreaterThan(c.target);
    expect(a.chosen.window).toEqual(c.judge);
    expect(a.keepsOnJudged).toBe(a.chosen.slo.worst <= c.target);
  });

  it('chooses among the values that keep q* when the grid’s conservative end misses', () => {
    // Koordinator's threshold on the 1,000-pod week (whatif-tune): 100…65 keep q* = 0.01 on every
    // fold, 60…20 miss (the autoscaler's new node takes a rollout's arrivals before it reports).
    const figures = [0, 0, 0, 0, 0, 0, 0, 0, 0.54, 0.52, 0.55, 0.59, 0.56, 0.58, 0.58, 0.58, 0.58];
    expect(chooseByFolds(figures, 0.01)).toBe(0);
    expect(chooseByFolds([0.2, 0, 0.3, 0, 0, 0.4], 0.01)).toBe(3);
    expect(chooseByFolds([0.2, 0, 0, 0, 0.001], 0.01)).toBe(1);
    expect(chooseByFolds([0.2, 0.3], 0.01)).toBe(-1);
  });

  it('reports a miss with the closest value when no value keeps q*', () => {
    const a = adviseByReplay(base(), REPLAY_KNOBS.koordinator, config('rollout:2', 1e-6));
    const min = Math.min(...a.foldFigures);
    if (a.value === null) {
      expect(min).toBeGreaterThan(1e-6);
      expect(a.foldFigures[a.grid.indexOf(a.closest!)]).toBe(min);
    } else expect(a.foldFigures.at(-1)).toBeLessThanOrEqual(1e-6);
  });

  it('refuses a rollout longer than a fold, and a scheduler window longer than the history before it', () => {
    expect(() => adviseByReplay(base(), REPLAY_KNOBS.koordinator, config('rollout:10'))).toThrow(
      /rollout:10 lasts 120 instants of 300 s; the shortest part it is judged on \(a learned fold or the judged part\) has 100/,
    );
    const short = { ...config('fresh'), learn: { start: 0, end: 4 }, judge: { start: 4, end: 8 } };
    expect(() =>
      adviseByReplay({ ...base(), step: 60 }, REPLAY_KNOBS['trimaran-tlp'], short),
    ).toThrow(
      /the load-watcher window needs 900 s \(15 instants of 60 s\); the first learned fold has 2 instants before it/,
    );
  });
});
