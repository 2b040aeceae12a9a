/** The Timeline view's figures and the policy table, from the comparison run and the curves run. */
import { useMemo } from 'react';
import type {
  TimelineResult,
  TimelineSummary,
  TimelineTasks,
} from '../../engine/timeline/index.ts';
import { radarSpec } from '../../present/timeline/gantt.ts';
import {
  activeSpec,
  cumulativeSpec,
  errorCurveSpec,
  overflowSpec,
  startDelaySpec,
  windowCurveSpec,
} from '../../present/timeline/plots.ts';
import { policyTable, type PolicyRow } from '../../present/timeline/summary.ts';
import type { RunState } from '../../state/common/runs/runSlot.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { cancelTimelineRun, type CurvesSpec } from '../../state/timeline/runs.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { ExactGap } from './ExactGap.tsx';
import { Scrubber } from './Scrubber.tsx';
import { formatFixed } from '../../present/format.ts';
import type { Policy } from '../../engine/timeline/index.ts';
import { TIMELINE_POLICY_NAMES } from '../../present/glossary.ts';
import { Code } from '../ModelLink.tsx';

function PolicyTable({ rows, selected }: { rows: PolicyRow[]; selected: string }) {
  const f = (v: number, d = 2) => formatFixed(v, d);
  return (
    <table className="tl-table" data-testid="timeline-policy-table" tabIndex={0}>
      <caption>
        Policies on this workload at the current window, error and fit, best machine-time first (the
        paper's Tables 2, 4 and 5 shape).
      </caption>
      <thead>
        <tr>
          <th scope="col">policy</th>
          <th scope="col">machine-hours</th>
          <th scope="col">above lower bound</th>
          <th scope="col">peak</th>
          <th scope="col">opened</th>
          <th scope="col">delay mean (s)</th>
          <th scope="col">delay max (s)</th>
          <th scope="col">q_time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.policy} className={r.policy === selected.toUpperCase() ? 'selected' : ''}>
            <th scope="row">
              <Code
                code={r.policy}
                name={TIMELINE_POLICY_NAMES[r.policy.toLowerCase() as Policy] ?? r.policy}
              />
            </th>
            <td>{f(r.machine_hours)}</td>
            <td>{f(r.above_lower_bound_pct, 1)} %</td>
            <td>{r.peak_machines}</td>
            <td>{r.machines_opened}</td>
            <td>{f(r.start_delay_mean_s)}</td>
            <td>{f(r.start_delay_max_s)}</td>
            <td>{r.q_time === null ? '—' : formatFixed(r.q_time, 4)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Curves({
  curves,
  stale,
}: {
  curves: RunState<CurvesSpec, TimelineSummary[]>;
  stale: boolean;
}) {
  const p = useExplorer((s) => s.params);
  const value = curves.result?.value;
  const spec = curves.result?.spec;
  const [byWindow, byError] = useMemo(() => {
    if (!value || !spec) return [null, null];
    const split = spec.windows.length * (value.length / (spec.windows.length + spec.errors.length));
    return [
      windowCurveSpec(value.slice(0, split), p.timelineWindow),
      errorCurveSpec(value.slice(split), p.timelineError),
    ];
  }, [value, spec, p.timelineWindow, p.timelineError]);
  return (
    <>
      {curves.status === 'running' && (
        <ProgressBar
          label={curves.progress?.label ?? 'Trade-off curves'}
          done={curves.progress?.done ?? 0}
          total={curves.progress?.total ?? null}
          onCancel={() => cancelTimelineRun('curves')}
        />
      )}
      {curves.status === 'error' && (
        <p className="error-text" role="alert">
          {curves.error}
        </p>
      )}
      <div className="plots-2">
        <PlotFigure
          name="timeline-machine-time-vs-window"
          title="Machine-time vs window tw, per policy (Table 4 shape)"
          caption="Each point is one simulation of the whole workload at the current error; the dashed line is the current window."
          spec={byWindow}
          stale={stale}
          placeholder={curves.status === 'running' ? 'Simulating…' : 'No curves yet.'}
        />
        <PlotFigure
          name="timeline-machine-time-vs-error"
          title="Machine-time vs duration error x, per policy (Table 5 / Fig. 10 shape)"
          caption="Each point is one simulation at the current window; estimates drawn uniformly in [d(1 − x), d(1 + x)]."
          spec={byError}
          stale={stale}
          placeholder={curves.status === 'running' ? 'Simulating…' : 'No curves yet.'}
        />
      </div>
    </>
  );
}

export function TimelineResults({
  tasks,
  results,
  curves,
  compareStale,
  curvesStale,
}: {
  tasks: TimelineTasks;
  results: TimelineResult[];
  curves: RunState<CurvesSpec, TimelineSummary[]>;
  compareStale: boolean;
  curvesStale: boolean;
}) {
  const policy = useExplorer((s) => s.params.timelinePolicy);
  const selected = results.find((r) => r.params.policy === policy) ?? results[0];
  const specs = useMemo(
    () => ({
      active: activeSpec(results, policy),
      cumulative: cumulativeSpec(results),
      radar: radarSpec(results),
      table: policyTable(results),
    }),
    [results, policy],
  );
  // A stale result of another workload keeps its figures but not those that pair it with tasks.
  const sameTasks = tasks.count === selected.tasks;
  const delay = useMemo(
    () => (sameTasks ? startDelaySpec(tasks.arrival, selected) : null),
    [sameTasks, tasks, selected],
  );
  const overflow = useMemo(() => overflowSpec(selected), [selected]);
  return (
    <div className="tl-results">
      <div className="plots-2">
        <PlotFigure
          name="timeline-active-machines"
          title="Active machines over time, per policy (Fig. 8 shape)"
          caption="The selected policy's line is thicker."
          spec={specs.active}
          stale={compareStale}
        />
        <PlotFigure
          name="timeline-cumulative-machine-hours"
          title="Cumulative machine-hours, per policy (Fig. 7 shape)"
          spec={specs.cumulative}
          stale={compareStale}
        />
      </div>
      <PolicyTable rows={specs.table} selected={policy} />
      {sameTasks && <ExactGap tasks={tasks} result={selected} />}
      <Curves curves={curves} stale={curvesStale} />
      <div className="plots-2">
        <PlotFigure
          name="timeline-radar"
          title="Policies on five costs (Fig. 12 shape)"
          caption="Each axis is scaled by its worst policy (1 on the rim); smaller is better."
          spec={specs.radar}
          stale={compareStale}
        />
        <PlotFigure
          name="timeline-start-delay"
          title={`Start delays of ${policy.toUpperCase()}`}
          caption="Start t̄ minus arrival: a task waits for the end of its window (at most 2·tw)."
          spec={delay}
          stale={compareStale}
        />
      </div>
      {selected.overflow ? (
        <PlotFigure
          name="timeline-overflow-map"
          title={`Overflows of ${policy.toUpperCase()}: machine × time (q_time ${selected.qTime == null ? '—' : formatFixed(selected.qTime, 4)})`}
          caption="Steps where a machine's summed usage series exceeded its capacity."
          spec={overflow}
          stale={compareStale}
          placeholder="No machine ever overflows."
        />
      ) : (
        <p className="hint">
          This workload has no usage series: q_time and the overflow map need one (Google excerpt,
          per-VM datasets, or a task list with usage).
        </p>
      )}
      {sameTasks && <Scrubber tasks={tasks} result={selected} stale={compareStale} />}
    </div>
  );
}
