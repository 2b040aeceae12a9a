/** The scrubber: replays the cluster at any instant (`clusterAt`) and picks a machine for the Gantt. */
import { useMemo } from 'react';
import { clusterAt, type TimelineResult, type TimelineTasks } from '../../engine/timeline/index.ts';
import { clusterAtSpec, ganttSpec, ganttWindow } from '../../present/timeline/gantt.ts';
import { busiestTime, timeSpan } from '../../present/timeline/summary.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { NumberBox, rangeProblem } from '../SliderNumber.tsx';
import { formatFixed } from '../../present/format.ts';

const GANTT_MACHINES = 24;

/** The change point of the active-machine series just after (or before) t, or null at the end. */
function nextEvent(times: Float64Array, t: number, dir: 1 | -1): number | null {
  if (dir === 1) {
    for (const x of times) if (x > t) return x;
    return null;
  }
  for (let k = times.length - 1; k >= 0; k--) if (times[k] < t) return times[k];
  return null;
}

export function Scrubber({
  tasks,
  result,
  stale,
}: {
  tasks: TimelineTasks;
  result: TimelineResult;
  stale: boolean;
}) {
  const p = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const [lo, hi] = timeSpan(result);
  const t = Math.min(hi, Math.max(lo, p.timelineTime ?? busiestTime(result)));
  const at = useMemo(() => clusterAt(tasks, result, t), [tasks, result, t]);
  const machines = useMemo(() => {
    // Machines running a task at t first, then those open but idle at t.
    const active = [
      ...at.machines.filter((m) => m.tasks.length > 0),
      ...at.machines.filter((m) => m.tasks.length === 0),
    ].map((m) => m.machine);
    const sel = p.timelineMachine;
    if (sel !== null && sel < result.machineOpen.length && !active.includes(sel))
      active.unshift(sel);
    return active.slice(0, GANTT_MACHINES);
  }, [at, p.timelineMachine, result]);
  const gantt = useMemo(
    () =>
      machines.length
        ? ganttSpec(
            tasks,
            result,
            machines,
            p.timelineMachine,
            p.timelineCapacity,
            ganttWindow(result, machines, t),
          )
        : null,
    [tasks, result, machines, p.timelineMachine, p.timelineCapacity, t],
  );
  const snapshot = useMemo(() => clusterAtSpec(at, p.timelineCapacity), [at, p.timelineCapacity]);
  const step = Math.max(1, (hi - lo) / 1000);
  const events = result.active.time;
  const jump = (dir: 1 | -1) => {
    const next = nextEvent(events, t, dir);
    if (next !== null) setParams({ timelineTime: next });
  };
  return (
    <section className="tl-scrubber" aria-label="Replay">
      <div className="tl-scrub-row">
        <label>
          Replay at{' '}
          <input
            type="range"
            min={lo}
            max={hi}
            step={step}
            value={t}
            data-testid="timeline-scrubber"
            aria-valuetext={`${formatFixed(t, 0)} s`}
            onChange={(e) => setParams({ timelineTime: e.target.valueAsNumber })}
          />
        </label>
        <button type="button" data-testid="timeline-step-back" onClick={() => jump(-1)}>
          ◀ event
        </button>
        <button type="button" data-testid="timeline-step-next" onClick={() => jump(1)}>
          event ▶
        </button>
        <NumberBox
          label="t"
          value={Math.round(t * 10) / 10}
          min={0}
          max={1e9}
          unit="s"
          className="tl-number"
          problem={rangeProblem('t', 0, 1e9)}
          testId="timeline-time"
          onChange={(v) => setParams({ timelineTime: v })}
        />
        <NumberBox
          label="Machine"
          value={p.timelineMachine ?? -1}
          min={-1}
          max={Math.max(0, result.machineOpen.length - 1)}
          step={1}
          className="tl-number"
          problem={rangeProblem('Machine', -1, Math.max(0, result.machineOpen.length - 1))}
          testId="timeline-machine"
          onChange={(v) => setParams({ timelineMachine: v < 0 ? null : Math.round(v) })}
        />
        <output data-testid="timeline-at">
          {at.machines.length} machines active, {at.waiting.length} tasks waiting for their window
        </output>
      </div>
      <div className="plots-2">
        <PlotFigure
          name="timeline-cluster-at"
          title={`The cluster at t = ${formatFixed(t, 0)} s: each active machine's load`}
          caption="The dashed line is the capacity; move the scrubber to replay the schedule."
          spec={snapshot}
          stale={stale}
        />
        <PlotFigure
          name="timeline-gantt"
          title={`Gantt around t of the machines active at t (at most ${GANTT_MACHINES})`}
          caption="Blue bars: tasks, from start to end, stacked by size in their machine's row (row height = capacity). Red shading: the machine's active span; what the bars leave uncovered is idle capacity, the waste (hover for each machine's)."
          spec={gantt}
          stale={stale}
          placeholder="No machine is active at this instant."
        />
      </div>
    </section>
  );
}
