/** The Timeline view's knobs: workload, policy, order, fit, capacity, seed, window and error. */
import {
  ORDERS,
  POLICIES,
  parseTimelineFit,
  type Policy,
  type TaskOrder,
} from '../../engine/timeline/index.ts';
import { useExplorer } from '../../state/store.ts';
import { uploadTaskList } from '../../state/timeline.ts';
import {
  TIMELINE_SOURCES,
  TIMELINE_WINDOWS,
  formatTimelineFit,
  type TimelineSource,
} from '../../state/timelineParams.ts';
import { NumberField } from './NumberField.tsx';

const SOURCE_LABEL: Record<TimelineSource, string> = {
  synthetic: 'Synthetic (seeded)',
  google: 'Google 2011 excerpt',
  vms: 'Per-VM dataset of the panel',
  upload: 'Your task list (CSV)',
};

function WorkloadControls() {
  const p = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const reset = { timelineTime: null, timelineMachine: null };
  return (
    <fieldset className="tl-group">
      <legend>Workload</legend>
      <label>
        Source{' '}
        <select
          value={p.timelineSource}
          data-testid="timeline-source"
          onChange={(e) =>
            setParams({ timelineSource: e.target.value as TimelineSource, ...reset })
          }
        >
          {TIMELINE_SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {p.timelineSource === 'synthetic' && (
        <>
          <NumberField
            label="Tasks"
            value={p.timelineTasks}
            min={1}
            max={2_000_000}
            step={1}
            testId="timeline-tasks"
            onCommit={(v) => setParams({ timelineTasks: Math.round(v), ...reset })}
          />
          <NumberField
            label="Days"
            value={p.timelineDays}
            min={1}
            max={30}
            step={1}
            testId="timeline-days"
            onCommit={(v) => setParams({ timelineDays: Math.round(v), ...reset })}
          />
        </>
      )}
      <label>
        Task list CSV{' '}
        <input
          type="file"
          accept=".csv,text/csv"
          data-testid="timeline-upload"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void uploadTaskList(file);
            e.target.value = '';
          }}
        />
      </label>
    </fieldset>
  );
}

function PolicyControls() {
  const p = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <fieldset className="tl-group">
      <legend>Policy</legend>
      <label>
        Policy{' '}
        <select
          value={p.timelinePolicy}
          data-testid="timeline-policy"
          onChange={(e) => setParams({ timelinePolicy: e.target.value as Policy })}
        >
          {POLICIES.map((x) => (
            <option key={x} value={x}>
              {x.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label>
        Order{' '}
        <select
          value={p.timelineOrder}
          data-testid="timeline-order"
          onChange={(e) => setParams({ timelineOrder: e.target.value as TaskOrder })}
        >
          {ORDERS.map((x) => (
            <option key={x} value={x}>
              {x.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label>
        Fit{' '}
        <select
          value={p.timelineFit.kind === 'size' ? 'size' : 'gpa'}
          data-testid="timeline-fit"
          onChange={(e) =>
            setParams({
              timelineFit: parseTimelineFit(e.target.value === 'size' ? 'size' : 'gpa:0.01'),
            })
          }
        >
          <option value="size">hard capacity on sizes</option>
          <option value="gpa">GPA on (μ, σ)</option>
        </select>
      </label>
      {p.timelineFit.kind === 'gpa' && (
        <NumberField
          label="ρ"
          value={p.timelineFit.rho}
          min={1e-9}
          max={0.999}
          testId="timeline-rho"
          onCommit={(rho) => setParams({ timelineFit: { kind: 'gpa', rho } })}
        />
      )}
      <NumberField
        label="Capacity c"
        value={p.timelineCapacity}
        min={0.01}
        max={1000}
        testId="timeline-capacity"
        onCommit={(v) => setParams({ timelineCapacity: v })}
      />
      <NumberField
        label="Seed"
        value={p.timelineSeed}
        min={0}
        max={2 ** 31 - 1}
        step={1}
        testId="timeline-seed"
        onCommit={(v) => setParams({ timelineSeed: Math.round(v), timelineTime: null })}
      />
      <span className="tl-hint">fit now: {formatTimelineFit(p.timelineFit)}</span>
    </fieldset>
  );
}

function nearestStop(w: number): number {
  let best = 0;
  TIMELINE_WINDOWS.forEach((s, k) => {
    if (Math.abs(s - w) < Math.abs(TIMELINE_WINDOWS[best] - w)) best = k;
  });
  return best;
}

/** The window slider (the paper's stops 0, 2, 5, 10, 20, 30 s) and the duration-error slider. */
export function SliderControls() {
  const p = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <fieldset className="tl-group tl-sliders">
      <legend>Window and duration error</legend>
      <label>
        Window tw{' '}
        <input
          type="range"
          min={0}
          max={TIMELINE_WINDOWS.length - 1}
          step={1}
          value={nearestStop(p.timelineWindow)}
          data-testid="timeline-window"
          aria-valuetext={`${p.timelineWindow} s`}
          onChange={(e) => setParams({ timelineWindow: TIMELINE_WINDOWS[Number(e.target.value)] })}
        />
      </label>
      <NumberField
        label="tw"
        value={p.timelineWindow}
        min={0}
        max={86_400}
        unit="s"
        testId="timeline-window-number"
        onCommit={(v) => setParams({ timelineWindow: v })}
      />
      <label>
        Duration error x{' '}
        <input
          type="range"
          min={0}
          max={300}
          step={10}
          value={Math.round(100 * p.timelineError)}
          data-testid="timeline-error"
          aria-valuetext={`${Math.round(100 * p.timelineError)} %`}
          onChange={(e) => setParams({ timelineError: Number(e.target.value) / 100 })}
        />
      </label>
      <NumberField
        label="x"
        value={Math.round(1000 * p.timelineError) / 10}
        min={0}
        max={1000}
        unit="%"
        testId="timeline-error-number"
        onCommit={(v) => setParams({ timelineError: v / 100 })}
      />
    </fieldset>
  );
}

export function TimelineControls() {
  return (
    <div className="tl-controls">
      <WorkloadControls />
      <PolicyControls />
      <SliderControls />
    </div>
  );
}
