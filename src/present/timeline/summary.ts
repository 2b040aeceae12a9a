/** The Timeline view's tables and numbers: the policy comparison (the semi-online paper's Tables 2, 4, 5 shape). */
import type { TimelineResult, TimelineSummary } from '../../engine/timeline/index.ts';

export type PolicyRow = {
  readonly policy: string;
  readonly order: string;
  readonly window_s: number;
  readonly duration_error: number;
  readonly machine_hours: number;
  /** Machine-time above the per-window load lower bound, % of the bound. */
  readonly above_lower_bound_pct: number;
  readonly lower_bound_hours: number;
  readonly peak_machines: number;
  readonly machines_opened: number;
  readonly start_delay_mean_s: number;
  readonly start_delay_max_s: number;
  readonly q_time: number | null;
};

function summaryOf(r: TimelineResult | TimelineSummary): TimelineSummary {
  return 'machineOpen' in r ? { ...r, machines: r.machineOpen.length } : r;
}

export function policyRow(run: TimelineResult | TimelineSummary): PolicyRow {
  const s = summaryOf(run);
  return {
    policy: s.params.policy.toUpperCase(),
    order: s.params.order.toUpperCase(),
    window_s: s.params.window,
    duration_error: s.params.durationError,
    machine_hours: s.machineSeconds / 3600,
    above_lower_bound_pct:
      s.lowerBoundSeconds > 0
        ? (100 * (s.machineSeconds - s.lowerBoundSeconds)) / s.lowerBoundSeconds
        : 0,
    lower_bound_hours: s.lowerBoundSeconds / 3600,
    peak_machines: s.peakMachines,
    machines_opened: s.machines,
    start_delay_mean_s: s.startDelayMean,
    start_delay_max_s: s.startDelayMax,
    q_time: s.qTime,
  };
}

/** One row per run, best machine-time first (ties keep the input order). */
export function policyTable(runs: readonly (TimelineResult | TimelineSummary)[]): PolicyRow[] {
  return runs
    .map(policyRow)
    .map((row, i) => ({ row, i }))
    .sort((a, b) => a.row.machine_hours - b.row.machine_hours || a.i - b.i)
    .map(({ row }) => row);
}

/** The instant with the most active machines (where the scrubber starts). */
export function busiestTime(r: TimelineResult): number {
  let best = 0;
  let at = r.active.time.length ? r.active.time[0] : 0;
  for (let k = 0; k < r.active.value.length; k++)
    if (r.active.value[k] > best) {
      best = r.active.value[k];
      at = r.active.time[k];
    }
  return at;
}

/** The schedule's span [first start, last end], s. */
export function timeSpan(r: TimelineResult): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let m = 0; m < r.machineOpen.length; m++) {
    lo = Math.min(lo, r.machineOpen[m]);
    hi = Math.max(hi, r.machineClose[m]);
  }
  return lo <= hi ? [lo, hi] : [0, 0];
}
