/**
 * slopack's requests: effective sizing (Chen, Zhang, Chen, Su, Yin, IM 2011, "Effective VM sizing
 * in virtualized data centers", the GPA paper's [7]) on a node's GPA budget, then verified and
 * scaled by the replay on walk-forward folds of the learned part.
 *
 * The shape. GPA admits a node while μ_N + z·σ_N ≤ C (z = Φ⁻¹(1 − q*)); a request is a pod's share
 * of that budget. Its mean share is μ_p; its share of σ_N is the Euler allocation
 * Cov(X_p, N)/σ_N, which needs the node N. Before placement the node is unknown, so it is taken as k
 * pods drawn from the cluster, k = C / (mean request): then Cov(X_p, N) ≈ σ_p² + ρ_k·(Cov(X_p, S) −
 * σ_p²), S the cluster's total and ρ_k = (k − 1)/(n − 1) the chance that another pod shares the
 * node, and σ_N² ≈ k·v̄ (v̄ the pods' mean of that covariance). A pod moving with the cluster's peak
 * gets more than its σ: the correlation with the rest counts, as Chen et al.'s effective size makes
 * it count. A pod that hedges the rest (Cov(X_p, S) < σ_p²) is taken as independent, not credited:
 * kube-default places by requests alone and never puts it beside what it hedges. k and the requests are solved together (a few fixed-point
 * rounds). A workload's request is its pods' mean shape (sample-weighted), never below its mean
 * and never above a node (a larger request is unschedulable; at a node's size the pod runs alone).
 *
 * The verification. Requests are r_w(λ) = μ_w + λ·z·κ_w. The smallest λ on a grid of relative step
 * 1/256 is sought by doubling then bisection such that, on every walk-forward fold of the learned
 * part (engine/replay `validationFolds`: learn days 1..k, judge day k + 1, or four blocks), the
 * requests learned on the fold's past, placed by kube-default in every scenario, keep every node's
 * q ≤ q* on the fold's judged day. λ = 1 is the shape taken at its word; the folds decide.
 */
import { normalQuantile } from '../stats/normal.ts';
import { validationFolds, type Fold } from '../replay/walkForward.ts';
import { scenarioText, type Scenario, type WhatIfResult } from '../whatif/index.ts';
import { replayRequests, type InstantRange, type RightsizeHistory } from './judge.ts';
import type { Workload } from './workloads.ts';

/** Per workload its mean and its spread κ (machine units), learned on one range. */
interface Shape {
  readonly mean: Float64Array;
  /** Per workload its pods' mean variance and covariance with the cluster's total. */
  readonly variance: Float64Array;
  readonly covariance: Float64Array;
  /** Per workload its samples in the range (its weight in the means over pods). */
  readonly samples: Float64Array;
  /** Pods running on average over the range. */
  readonly running: number;
}

function shapeOn(h: RightsizeHistory, workloads: readonly Workload[], r: InstantRange): Shape {
  const { cols, data } = h.usage;
  const pods = h.ids.length;
  const total = new Float64Array(r.end - r.start);
  for (let p = 0; p < pods; p++) {
    const from = Math.max(r.start, h.first[p]);
    const to = Math.min(r.end - 1, h.last[p]);
    for (let t = from; t <= to; t++) total[t - r.start] += data[p * cols + t];
  }
  const W = workloads.length;
  const mean = new Float64Array(W);
  const variance = new Float64Array(W);
  const covariance = new Float64Array(W);
  const samples = new Float64Array(W);
  let all = 0;
  workloads.forEach((w, k) => {
    for (const p of w.pods) {
      const from = Math.max(r.start, h.first[p]);
      const to = Math.min(r.end - 1, h.last[p]);
      const n = to - from + 1;
      if (n <= 0) continue;
      let mx = 0;
      let ms = 0;
      for (let t = from; t <= to; t++) {
        mx += data[p * cols + t];
        ms += total[t - r.start];
      }
      mx /= n;
      ms /= n;
      let vxx = 0;
      let vxs = 0;
      for (let t = from; t <= to; t++) {
        const dx = data[p * cols + t] - mx;
        vxx += dx * dx;
        vxs += dx * (total[t - r.start] - ms);
      }
      mean[k] += mx * n;
      variance[k] += vxx;
      covariance[k] += vxs;
      samples[k] += n;
      all += n;
    }
    if (samples[k] > 0) {
      mean[k] /= samples[k];
      variance[k] /= samples[k];
      covariance[k] /= samples[k];
    }
  });
  return { mean, variance, covariance, samples, running: all / Math.max(1, r.end - r.start) };
}

const FIXED_POINT_ROUNDS = 4;

/** Per workload its request μ + λ·z·κ for a node of `capacity` (see the file's comment). */
function requestsOf(s: Shape, capacity: number, z: number, lambda: number): Float64Array {
  const W = s.mean.length;
  const out = new Float64Array(W);
  const weight = s.samples.reduce((a, b) => a + b, 0);
  const n = Math.max(2, s.running);
  const share = new Float64Array(W);
  for (let w = 0; w < W; w++)
    out[w] = Math.min(capacity, s.mean[w] + lambda * z * Math.sqrt(s.variance[w]));
  for (let round = 0; round < FIXED_POINT_ROUNDS; round++) {
    let meanRequest = 0;
    for (let w = 0; w < W; w++) meanRequest += (out[w] * s.samples[w]) / weight;
    const k = Math.max(1, Math.min(n, capacity / Math.max(meanRequest, 1e-12)));
    const rho = (k - 1) / (n - 1);
    let vBar = 0;
    for (let w = 0; w < W; w++) {
      share[w] = s.variance[w] + rho * Math.max(0, s.covariance[w] - s.variance[w]);
      vBar += (share[w] * s.samples[w]) / weight;
    }
    const sigmaN = Math.sqrt(Math.max(0, k * vBar));
    for (let w = 0; w < W; w++) {
      const kappa = sigmaN > 0 ? share[w] / sigmaN : 0;
      out[w] = Math.min(capacity, Math.max(s.mean[w], s.mean[w] + lambda * z * kappa));
    }
  }
  return out;
}

/** Per pod the request of its workload. */
export function podRequests(
  pods: number,
  workloads: readonly Workload[],
  perWorkload: Float64Array,
): Float64Array {
  const out = new Float64Array(pods);
  workloads.forEach((w, k) => {
    for (const p of w.pods) out[p] = perWorkload[k];
  });
  return out;
}

export interface EffectiveInput {
  readonly history: RightsizeHistory;
  readonly workloads: readonly Workload[];
  readonly learned: InstantRange;
  readonly target: number;
  readonly scenarios: readonly Scenario[];
  readonly seed: number;
  /** The smallest request the cluster allows (machine units). */
  readonly minRequest: number;
}

export interface FoldCheck {
  readonly fold: Fold;
  /** Per scenario run on this fold: its text and the worst node's q (null: the scenario did not fit). */
  readonly worst: { readonly scenario: string; readonly q: number | null }[];
}

export interface EffectiveSizing {
  /** Per workload its request (machine units). */
  readonly requests: Float64Array;
  readonly lambda: number;
  readonly z: number;
  /** Whether some λ met q* on every fold (else the largest tried is kept). */
  readonly met: boolean;
  readonly folds: FoldCheck[];
  readonly notes: string[];
}

export const LAMBDA_LIMIT = 64;
const BISECTIONS = 8;

/** slopack's requests for `workloads`, learned on `learned` (see the file's comment). */
export function effectiveSizing(input: EffectiveInput): EffectiveSizing {
  const { history: h, workloads, learned, target } = input;
  const z = normalQuantile(1 - target);
  const floor = (r: Float64Array) => r.map((v) => Math.max(v, input.minRequest));
  const folds = validationFolds(learned.end - learned.start, h.step).map((f) => ({
    learn: { start: learned.start + f.learn.start, end: learned.start + f.learn.end },
    judge: { start: learned.start + f.judge.start, end: learned.start + f.judge.end },
  }));
  const shapes = folds.map((f) => shapeOn(h, workloads, f.learn));
  const alone = folds.map((f) => oversized(h, workloads, f.learn, target));
  const skipped = new Set<string>();
  const check = (lambda: number): FoldCheck[] =>
    folds.map((fold, f) => {
      const perWorkload = floor(requestsOf(shapes[f], h.capacity, z, lambda));
      alone[f].forEach((big, w) => {
        if (big) perWorkload[w] = h.capacity;
      });
      const requests = podRequests(h.ids.length, workloads, perWorkload);
      return {
        fold,
        worst: input.scenarios.map((scenario) => {
          try {
            const r = replayRequests(h, requests, fold.judge, scenario, input.seed);
            return {
              scenario: scenarioText(scenario),
              q: worstWithout(r, podsOf(workloads, alone[f]), fold.judge),
            };
          } catch (e) {
            if (!(e instanceof RangeError)) throw e;
            skipped.add(`${scenarioText(scenario)}: ${e.message}`);
            return { scenario: scenarioText(scenario), q: null };
          }
        }),
      };
    });
  const passes = (c: FoldCheck[]) =>
    c.every((f) => f.worst.every((s) => s.q === null || s.q <= target));
  let lo = 0;
  let hi = 0;
  let best = check(0);
  let met = passes(best);
  if (!met) {
    hi = 1;
    for (;;) {
      const c = check(hi);
      if (passes(c)) {
        best = c;
        met = true;
        break;
      }
      if (hi >= LAMBDA_LIMIT) {
        best = c;
        break;
      }
      lo = hi;
      hi *= 2;
    }
    for (let i = 0; met && i < BISECTIONS; i++) {
      const mid = (lo + hi) / 2;
      const c = check(mid);
      if (passes(c)) {
        hi = mid;
        best = c;
      } else lo = mid;
    }
  }
  const notes = [...skipped].map(
    (s) => `a walk-forward fold is too short for ${s}; that fold was judged without it`,
  );
  if (!met)
    notes.push(
      `no request scale up to λ = ${LAMBDA_LIMIT} keeps every node's q ≤ ${target} on every walk-forward fold: some pods overload a node on their own (their usage passes the node's capacity); slopack's requests are those of λ = ${LAMBDA_LIMIT}`,
    );
  const requests = floor(requestsOf(shapeOn(h, workloads, learned), h.capacity, z, hi));
  const big = oversized(h, workloads, learned, target);
  big.forEach((b, w) => {
    if (b) requests[w] = h.capacity;
  });
  const bigCount = big.reduce((a, b) => a + b, 0);
  if (bigCount)
    notes.push(
      `${bigCount} workloads use more than a node on their own in more than q* of their learned samples: each is given a whole node (its request the node's capacity), and the walk-forward check leaves out the nodes they ran on (no request can keep those within q*)`,
    );
  return { requests, lambda: hi, z, met, folds: best, notes };
}

/** Workloads some pod of which is above a node's capacity in more than `target` of its samples on `r`. */
function oversized(
  h: RightsizeHistory,
  workloads: readonly Workload[],
  r: InstantRange,
  target: number,
): Uint8Array {
  const { cols, data } = h.usage;
  return Uint8Array.from(workloads, (w) => {
    for (const p of w.pods) {
      const from = Math.max(r.start, h.first[p]);
      const to = Math.min(r.end - 1, h.last[p]);
      let over = 0;
      for (let t = from; t <= to; t++) if (data[p * cols + t] > h.capacity) over++;
      if (to >= from && over / (to - from + 1) > target) return 1;
    }
    return 0;
  });
}

function podsOf(workloads: readonly Workload[], chosen: Uint8Array): number[] {
  return workloads.flatMap((w, k) => (chosen[k] ? w.pods : []));
}

/** The worst node's q, leaving out the nodes `pods` ran on during `judged`. */
function worstWithout(r: WhatIfResult, pods: readonly number[], judged: InstantRange): number {
  const left = new Set<number>();
  for (const p of pods)
    for (const s of r.residences[p])
      if (s.from < judged.end && s.to > judged.start) left.add(s.node);
  let worst = 0;
  r.nodes.forEach((n, k) => {
    if (!left.has(k)) worst = Math.max(worst, n.q);
  });
  return worst;
}
