/**
 * Anti-colocation (the constraint CBP-style packers add; the GPA paper cites it as the way to keep
 * correlated replicas apart): at most k tasks of one group on a machine — a Google job, a
 * Prometheus deployment — on top of any fit test. A modifier, not a registry entry: the notation's
 * parameters are numbers, and the groups come from the data (`--max-per-group k --group-by rule` on
 * the command line). The wrapped test keeps its own scoring; a machine already holding k tasks of
 * the candidate's group scores −1.
 */
import type { FitTest, MachineState, TaskSizes } from './fitTest.ts';

/** `inner` with at most `k` tasks of one group per machine; `groups[r]` is pool row r's group. */
export function antiColocated(inner: FitTest, groups: ArrayLike<number>, k: number): FitTest {
  if (!Number.isInteger(k) || k < 1)
    throw new RangeError(`invalid tasks per group ${k} (need a whole number ≥ 1)`);
  return {
    spec: inner.spec,
    usesVariance: inner.usesVariance,
    sizes(stats, rows): TaskSizes {
      const base = inner.sizes(stats, rows);
      const group = Int32Array.from(rows, (r) => {
        const g = groups[r];
        if (g === undefined) throw new RangeError(`no group for task ${r}`);
        return g;
      });
      return {
        size: base.size,
        variance: base.variance,
        machineState: (sums, capacity): MachineState => {
          const own = base.machineState?.(sums, capacity);
          const counts: Map<number, number>[] = [];
          const bump = (j: number, t: number, d: number) => {
            const m = counts[j];
            m.set(group[t], (m.get(group[t]) ?? 0) + d);
          };
          const innerSlack = (j: number, t: number) =>
            own
              ? own.slack(j, t)
              : j < 0
                ? inner.slack(0, 0, base.size[t], base.variance[t], capacity)
                : inner.slack(
                    sums.load[j],
                    sums.variance[j],
                    base.size[t],
                    base.variance[t],
                    capacity,
                  );
          const full = (j: number, t: number) => j >= 0 && (counts[j].get(group[t]) ?? 0) >= k;
          return {
            open(j, t) {
              counts[j] = new Map();
              bump(j, t, 1);
              own?.open(j, t);
            },
            add(j, t) {
              bump(j, t, 1);
              own?.add(j, t);
            },
            remove(j, t, remaining) {
              bump(j, t, -1);
              own?.remove(j, t, remaining);
            },
            slack: (j, t) => (full(j, t) ? -1 : innerSlack(j, t)),
            ...(own?.quickSlack && {
              quickSlack: (j: number, t: number) => (full(j, t) ? -1 : own.quickSlack!(j, t)),
            }),
            ...(own?.slackBelow && {
              slackBelow: (j: number, t: number, above: number) =>
                full(j, t) ? -1 : own.slackBelow!(j, t, above),
            }),
          };
        },
      };
    },
    slack: inner.slack,
  };
}
