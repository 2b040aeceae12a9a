/** The Timeline view's knobs: workload, policy, order, fit, capacity, seed, window and error. */
import { TIMELINE_SLO, parseSlo } from '../../engine/index.ts';
import { ORDERS, POLICIES } from '../../engine/timeline/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { uploadTaskList } from '../../state/timeline/runs.ts';
import {
  TIMELINE_PARAMS,
  TIMELINE_SOURCES,
  TIMELINE_WINDOWS,
  formatTimelineFit,
  type TimelineSource,
} from '../../state/timeline/params.ts';
import { Choice } from '../Choice.tsx';
import { NumberBox, SliderNumber, rangeProblem, type SliderScale } from '../SliderNumber.tsx';
import { ParamNumber } from '../ParamNumber.tsx';
import type { Policy, TaskOrder } from '../../engine/timeline/index.ts';
import { TIMELINE_ORDER_NAMES, TIMELINE_POLICY_NAMES, spelledOut } from '../../present/glossary.ts';

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
          <ParamNumber
            spec={TIMELINE_PARAMS.timelineTasks}
            label="Tasks"
            value={p.timelineTasks}
            className="tl-number"
            testId="timeline-tasks"
            onCommit={(v) => setParams({ timelineTasks: Math.round(v), ...reset })}
          />
          <ParamNumber
            spec={TIMELINE_PARAMS.timelineDays}
            label="Days"
            value={p.timelineDays}
            className="tl-number"
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

const policyName = (p: Policy) => spelledOut(p, TIMELINE_POLICY_NAMES[p]);
const orderName = (o: TaskOrder) => spelledOut(o, TIMELINE_ORDER_NAMES[o]);

function PolicyControls() {
  const p = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <fieldset className="tl-group">
      <legend>Policy</legend>
      <Choice
        className="tl-choice"
        names={policyName}
        label="Policy"
        value={p.timelinePolicy}
        values={POLICIES}
        testId="timeline-policy"
        onChange={(timelinePolicy) => setParams({ timelinePolicy })}
      />
      <Choice
        className="tl-choice"
        names={orderName}
        label="Order"
        value={p.timelineOrder}
        values={ORDERS}
        testId="timeline-order"
        onChange={(timelineOrder) => setParams({ timelineOrder })}
      />
      <label>
        Fit{' '}
        <select
          value={p.timelineFit.kind === 'size' ? 'size' : 'gpa'}
          data-testid="timeline-fit"
          onChange={(e) =>
            setParams({
              timelineFit: parseSlo(e.target.value === 'size' ? 'size' : 'gpa:0.01', TIMELINE_SLO),
            })
          }
        >
          <option value="size">hard capacity on sizes</option>
          <option value="gpa">GPA on (μ, σ)</option>
        </select>
      </label>
      {p.timelineFit.kind === 'gpa' && (
        <NumberBox
          label="ρ"
          value={p.timelineFit.rho}
          min={1e-9}
          max={0.999}
          className="tl-number"
          problem={rangeProblem('ρ', 1e-9, 0.999)}
          testId="timeline-rho"
          onChange={(rho) => setParams({ timelineFit: { kind: 'gpa', rho } })}
        />
      )}
      <ParamNumber
        spec={TIMELINE_PARAMS.timelineCapacity}
        label="Capacity c"
        value={p.timelineCapacity}
        className="tl-number"
        testId="timeline-capacity"
        onCommit={(v) => setParams({ timelineCapacity: v })}
      />
      <ParamNumber
        spec={TIMELINE_PARAMS.timelineSeed}
        label="Seed"
        value={p.timelineSeed}
        className="tl-number"
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

/** The paper's window stops; the box beside reaches any tw. */
const WINDOW_STOPS: SliderScale = {
  steps: TIMELINE_WINDOWS.length - 1,
  toPosition: nearestStop,
  fromPosition: (i) => TIMELINE_WINDOWS[i],
};

/** The duration error in %, 0…300 in steps of 10 on the slider. */
const ERROR_PERCENT: SliderScale = {
  steps: 30,
  toPosition: (v) => Math.round(v / 10),
  fromPosition: (i) => i * 10,
};

/** The window slider (the paper's stops 0, 2, 5, 10, 20, 30 s) and the duration-error slider. */
function SliderControls() {
  const p = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <fieldset className="tl-group tl-sliders">
      <legend>Window and duration error</legend>
      <SliderNumber
        label="Window tw"
        value={p.timelineWindow}
        scale={WINDOW_STOPS}
        format={(v) => `${v} s`}
        problem={rangeProblem('tw', 0, 86_400)}
        testId="timeline-window"
        className="tl-slider"
        onChange={(v) => setParams({ timelineWindow: v })}
      />
      <SliderNumber
        label="Duration error x"
        value={Math.round(1000 * p.timelineError) / 10}
        scale={ERROR_PERCENT}
        format={(v) => `${v} %`}
        problem={rangeProblem('x', 0, 1000)}
        testId="timeline-error"
        className="tl-slider"
        onChange={(v) => setParams({ timelineError: v / 100 })}
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
