import { describe, expect, it } from 'vitest';
import { Rng } from '../random/rng.ts';
import {
  effectiveSizing,
  exceedance,
  groupWorkloads,
  krrSimple,
  parseSelector,
  matchesSelector,
  podRequests,
  replayRequests,
  rightsize,
  vpaTarget,
  type RightsizeHistory,
} from './index.ts';

describe('workloads from pod names and owners', () => {
  it('groups replicas by controller and keeps the rest per pod, saying which', () => {
    const ids = [
      'shop/web-7d4b9c8f6-x2x5k',
      'shop/db-0',
      'shop/web-7d4b9c8f6-bq9zl',
      'namespace=shop,pod=db-1',
      'ops/agent-k2x9z',
      'ops/agent-q7w4m',
      'batch/report-28472160-bcdfg',
      'batch/report-28472220-zx2v9',
      'shop/worker-1',
      'legacy/web-001',
      'shop/api-xyz',
    ];
    const owners = new Map([
      ['shop/worker-1', { kind: 'ReplicaSet', name: 'worker-5c9d8f7b6' }],
      ['shop/api-xyz', { kind: 'Job', name: 'nightly-28472160' }],
    ]);
    const g = groupWorkloads(ids, owners);
    const by = Object.fromEntries(g.workloads.map((w) => [w.id, w.pods]));
    expect(by).toEqual({
      'shop/Deployment/web': [0, 2],
      'shop/StatefulSet/db': [1, 3],
      'ops/DaemonSet/Job/agent': [4, 5],
      'batch/CronJob/report': [6, 7],
      'shop/Deployment/worker': [8],
      'legacy/web-001': [9],
      'shop/CronJob/nightly': [10],
    });
    expect(g.ungrouped).toEqual(['legacy/web-001']);
    expect(g.workloads.find((w) => w.name === 'worker')!.from).toBe('owner');
    expect(g.workloads.find((w) => w.name === 'web')!.from).toBe('name');
  });

  it('reads selectors as Kubernetes does and refuses a malformed one naming it', () => {
    const m = parseSelector('app=web,tier!=db');
    expect(matchesSelector({ app: 'web' }, m)).toBe(true);
    expect(matchesSelector({ app: 'web', tier: 'db' }, m)).toBe(false);
    expect(matchesSelector({ app: 'api' }, m)).toBe(false);
    expect(() => parseSelector('app=web,tier')).toThrow(/"tier" is not a label matcher/);
  });
});

/** NumPy's percentile (linear, type 7) written out, independent of percentileOfSorted. */
function numpyPercentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * (p / 100);
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

describe('krr simple and the VPA recommender against a direct computation', () => {
  const rng = new Rng(7);
  const pod = (n: number, scale: number) =>
    Float64Array.from({ length: n }, () => scale * rng.nextFloat());
  const times = (n: number, step = 60) => Float64Array.from({ length: n }, (_, k) => k * step);

  it('krr: the largest per-pod p95, and no recommendation under 100 points', () => {
    const a = pod(80, 1);
    const b = pod(70, 2);
    const r = krrSimple({ pods: [a, b], times: [times(80), times(70)] });
    const direct = Math.max(numpyPercentile([...a], 95), numpyPercentile([...b], 95));
    expect(r.cores).toBeCloseTo(direct, 12);
    const few = krrSimple({ pods: [pod(60, 1), pod(39, 1)], times: [times(60), times(39)] });
    expect(few.cores).toBeNull();
    expect(few.why).toMatch(/99 samples.*needs 100 \(points_required\)/);
  });

  it('VPA: p90 of the decaying histogram (bucket end) × 1.15, at least 25 m, up to a millicore', () => {
    // Two days at 0.8 core, then one day at 0.3 core: weights double per day of age.
    const n = 3 * 1440;
    const usage = Float64Array.from({ length: n }, (_, k) => (k < 2 * 1440 ? 0.8 : 0.3));
    const r = vpaTarget({ pods: [usage], times: [times(n)] });
    // Independent: bucket of v = ⌊log₁.₀₅(v·0.05/0.01 + 1)⌋, its end 0.01·(1.05^(b+1) − 1)/0.05.
    const bucket = (v: number) => Math.floor(Math.log((v * 0.05) / 0.01 + 1) / Math.log(1.05));
    const end = (b: number) => (0.01 * (Math.pow(1.05, b + 1) - 1)) / 0.05;
    let low = 0;
    let high = 0;
    for (let k = 0; k < n; k++) {
      const w = Math.pow(2, (k * 60) / 86400);
      if (usage[k] < 0.5) low += w;
      else high += w;
    }
    // The 0.3-core day holds more than 90 % of the weight only if low ≥ 0.9 (low + high).
    const v = low >= 0.9 * (low + high) ? 0.3 : 0.8;
    expect(r.cores).toBeCloseTo(Math.ceil(end(bucket(v)) * 1.15 * 1000) / 1000, 9);
    const idle = vpaTarget({ pods: [new Float64Array(200)], times: [times(200)] });
    expect(idle.cores).toBe(0.025);
  });
});

/** Pods that follow a shared daily wave (some strongly, some not) with noise, a minute apart. */
function history(pods: number, days: number, seed: number): RightsizeHistory {
  const rng = new Rng(seed);
  const step = 600;
  const T = Math.round((days * 86400) / step);
  const data = new Float32Array(pods * T);
  for (let p = 0; p < pods; p++) {
    const level = 0.02 + 0.06 * rng.nextFloat();
    const swing = p % 3 === 0 ? 0.8 : 0.1;
    for (let t = 0; t < T; t++) {
      const wave = 0.5 + 0.5 * Math.sin((2 * Math.PI * t * step) / 86400);
      data[p * T + t] = level * (1 + swing * wave + 0.3 * (rng.nextFloat() - 0.5));
    }
  }
  return {
    ids: Array.from(
      { length: pods },
      (_, p) =>
        `app-${p % 10}-7d4b9c8f6-${'bcdfghjklm'[p % 10]}x2x${'bcdfg'[Math.floor(p / 10) % 5]}`,
    ),
    usage: { rows: pods, cols: T, data },
    first: new Int32Array(pods),
    last: new Int32Array(pods).fill(T - 1),
    times: Float64Array.from({ length: T }, (_, t) => t * step),
    step,
    milliPerUnit: 8000,
    capacity: 1,
  };
}

describe('slopack requests, verified by the replay', () => {
  const h = history(50, 5, 3);
  const { workloads } = groupWorkloads(h.ids);
  const learned = { start: 0, end: 3 * 144 };
  const judged = { start: 3 * 144, end: 5 * 144 };
  const scenarios = [{ kind: 'fresh' as const }, { kind: 'rollout' as const, hours: 1 }];

  it('keeps every node within q* on every walk-forward fold, never below a workload’s mean', () => {
    const s = effectiveSizing({
      history: h,
      workloads,
      learned,
      target: 0.01,
      scenarios,
      seed: 1,
      minRequest: 0,
    });
    expect(s.met).toBe(true);
    expect(s.folds.length).toBe(2);
    for (const f of s.folds) {
      for (const w of f.worst) expect(w.q).not.toBeNull();
      for (const w of f.worst) expect(w.q!).toBeLessThanOrEqual(0.01);
    }
    // Every request is at least the workload's mean over the learned part.
    workloads.forEach((w, k) => {
      let sum = 0;
      let n = 0;
      for (const p of w.pods)
        for (let t = learned.start; t < learned.end; t++) {
          sum += h.usage.data[p * h.usage.cols + t];
          n++;
        }
      expect(s.requests[k]).toBeGreaterThanOrEqual(sum / n - 1e-9);
    });
  });

  it('compares the strategies on one replay: exceedance and nodes by a direct count', () => {
    const r = rightsize({
      history: h,
      workloads,
      learned,
      judged,
      target: 0.01,
      scenarios,
      seed: 1,
      minRequest: 0.001 / 8,
      today: new Float64Array(h.ids.length).fill(0.25),
      strategies: ['slopack', 'krr', 'vpa'],
    });
    expect(r.outcomes.map((o) => o.strategy)).toEqual(['slopack', 'krr', 'vpa', 'today']);
    for (const o of r.outcomes) {
      const pods = podRequests(h.ids.length, workloads, o.requests);
      let above = 0;
      for (let p = 0; p < h.ids.length; p++)
        for (let t = judged.start; t < judged.end; t++)
          if (h.usage.data[p * h.usage.cols + t] > pods[p]) above++;
      expect(o.exceed.overall).toBeCloseTo(
        above / (h.ids.length * (judged.end - judged.start)),
        12,
      );
      const fresh = replayRequests(h, pods, judged, { kind: 'fresh' }, 1);
      expect(o.replays[0].nodes).toBe(fresh.nodes.length);
      expect(o.replays[0].worst).toEqual(fresh.worst);
    }
    const today = r.outcomes[3];
    // 0.25 machine per pod: four pods a node, 13 nodes for 50 pods.
    expect(today.replays[0].nodes).toBe(13);
    expect(exceedance(h, workloads, new Float64Array(h.ids.length).fill(1), judged).workloads).toBe(
      0,
    );
  });
});
