/**
 * The exact per-window problem ODBP(A^i, M^i) of the semi-online paper (§3.3, eqs. 1–6;
 * semionline-notes §1.5) as a MIP in CPLEX LP text, solved by an injected `LpSolver` (HiGHS), to
 * show a policy's gap window by window. Our choices: e_m is continuous (at the optimum it equals
 * max(l_m, max d_a on m) anyway); up to one new machine per task (l = 0, C = c), so the MIP may open
 * more machines than the policy did, unlike the authors' code; hard capacity only (the GPA test is
 * not linear). Machines no task fits are left out: their e_m = l_m is a constant.
 */
import { lpTerms, type LpSolver } from '../lp/solver.ts';
import type { WindowSnapshot } from './cluster.ts';
import { simulateTimeline } from './simulate.ts';
import type { TimelineParams, TimelineTasks } from './types.ts';
import { setting } from '../settings.ts';

export interface OdbpSolution {
  readonly objective: number;
  /** Per task: the machine (index into the snapshot's running machines, or −1 − k for new machine k). */
  readonly machineOf: Int32Array;
}

/** The ODBP model of one window as CPLEX LP text, and the constant part of its objective. */
export function odbpModel(
  s: WindowSnapshot,
  capacity: number,
): { model: string; constant: number; bins: number[] } {
  const T = s.r.length;
  let qMin = Infinity;
  let dMax = 0;
  for (let a = 0; a < T; a++) {
    qMin = Math.min(qMin, s.q[a]);
    dMax = Math.max(dMax, s.r[a]);
  }
  // Bins: running machines some task fits on (index ≥ 0), then T new machines (−1 − k).
  const bins: number[] = [];
  let constant = 0;
  for (let m = 0; m < s.free.length; m++) {
    if (s.free[m] + 1e-9 >= qMin) bins.push(m);
    else constant += s.remaining[m];
  }
  for (let k = 0; k < T; k++) bins.push(-1 - k);
  const l = (b: number) => (bins[b] >= 0 ? s.remaining[bins[b]] : 0);
  const cap = (b: number) => (bins[b] >= 0 ? s.free[bins[b]] : capacity);
  const x = (a: number, b: number) => `x_${a}_${b}`;
  const lines = [
    'Minimize',
    ` obj: ${lpTerms(bins.map((_, b) => [1, `e_${b}`] as const))}`,
    'Subject To',
  ];
  for (let a = 0; a < T; a++)
    lines.push(` assign_${a}: ${lpTerms(bins.map((_, b) => [1, x(a, b)] as const))} = 1`);
  bins.forEach((_, b) => {
    const terms = Array.from({ length: T }, (_, a) => [s.q[a], x(a, b)] as const);
    lines.push(` cap_${b}: ${lpTerms(terms)} <= ${Math.max(0, cap(b))}`);
    for (let a = 0; a < T; a++)
      lines.push(
        ` dur_${a}_${b}: ${lpTerms([
          [s.r[a], x(a, b)],
          [-1, `e_${b}`],
        ])} <= 0`,
      );
  });
  lines.push('Bounds');
  bins.forEach((_, b) => lines.push(` ${l(b)} <= e_${b} <= ${Math.max(l(b), dMax)}`));
  lines.push('Binary');
  for (let a = 0; a < T; a++) lines.push(' ' + bins.map((_, b) => x(a, b)).join(' '));
  lines.push('End');
  return { model: lines.join('\n'), constant, bins };
}

/** Solves one window exactly. */
export function solveOdbp(s: WindowSnapshot, capacity: number, solver: LpSolver): OdbpSolution {
  const { model, constant, bins } = odbpModel(s, capacity);
  const sol = solver.solve(model);
  if (sol.status !== 'optimal')
    throw new Error(`ODBP window at ${s.now} s: solver says ${sol.detail}`);
  const machineOf = new Int32Array(s.r.length);
  for (let a = 0; a < s.r.length; a++)
    machineOf[a] = bins[bins.findIndex((_, b) => (sol.values.get(`x_${a}_${b}`) ?? 0) > 0.5)];
  return { objective: sol.objective + constant, machineOf };
}

export interface WindowGaps {
  /** Windows solved (batches of ≤ maxTasks tasks, the first maxWindows of them). */
  readonly windows: number;
  readonly policyObjective: number;
  readonly exactObjective: number;
  /** Per solved window: policy − exact Σ e_m, s (≥ 0). */
  readonly gaps: Float64Array;
  readonly times: Float64Array;
}

/** Runs a policy and solves its small windows exactly (hard capacity): the per-window gap. */
export function exactWindowGaps(
  tasks: TimelineTasks,
  params: TimelineParams,
  solver: LpSolver,
  options: { maxTasks?: number; maxWindows?: number } = {},
): WindowGaps {
  if (params.fit.kind !== 'size')
    throw new RangeError(
      `the exact per-window solver needs ${setting('fit size', 'the size fit test')}`,
    );
  const maxTasks = options.maxTasks ?? 12;
  const maxWindows = options.maxWindows ?? 200;
  const snaps: WindowSnapshot[] = [];
  simulateTimeline(tasks, params, undefined, {
    upTo: maxTasks,
    see: (s) => {
      if (snaps.length < maxWindows && s.r.length > 0) snaps.push(s);
    },
  });
  const gaps = new Float64Array(snaps.length);
  let policy = 0;
  let exact = 0;
  snaps.forEach((s, k) => {
    const opt = solveOdbp(s, params.capacity, solver).objective;
    policy += s.policyObjective;
    exact += opt;
    gaps[k] = s.policyObjective - opt;
  });
  return {
    windows: snaps.length,
    policyObjective: policy,
    exactObjective: exact,
    gaps,
    times: Float64Array.from(snaps, (s) => s.now),
  };
}
