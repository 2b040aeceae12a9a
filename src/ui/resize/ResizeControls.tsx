/** The Resize view's parameters: every editable one with a number box (committed on Enter/blur). */
import {
  RESIZE_POLICIES,
  RESIZE_PREDICTORS,
  RESIZE_WORKLOADS,
  RESIZE_WORKLOAD_IDS,
  type ResizeParams,
  type ResizePolicyKind,
  type ResizePredictorKind,
  type ResizeWorkloadId,
} from '../../state/resize/params.ts';
import { Choice } from '../Choice.tsx';
import { NumberBox, rangeProblem } from '../SliderNumber.tsx';

const POLICY_LABEL: Record<ResizePolicyKind, string> = {
  visbp: 'VISBP (bounded movements)',
  ff: 'online First Fit (never migrates)',
  bf: 'online Best Fit (never migrates)',
  repack: 'periodic FFD repack every K steps',
  hotspot: 'reactive hot-spot-only',
};

const PREDICTOR_LABEL: Record<ResizePredictorKind, string> = {
  fusd: 'FUSD (fast up, slow down)',
  last: 'last value',
  oracle: 'oracle (actual next value)',
  stochastic: 'μ + z·σ over the window',
};

/** A number box of the Resize view: refuses what is outside [min, max] (or not an integer). */
function ResizeNumber(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  integer?: boolean;
  testId: string;
  hint?: string;
  onChange: (v: number) => void;
}) {
  return (
    <NumberBox
      {...props}
      step={props.integer ? 1 : undefined}
      problem={rangeProblem(props.label, props.min, props.max, props.integer)}
    />
  );
}

export function ResizeControls({
  r,
  set,
}: {
  r: ResizeParams;
  set: (patch: Partial<ResizeParams>) => void;
}) {
  return (
    <aside className="panel resize-panel" aria-label="Resize parameters">
      <Choice<ResizeWorkloadId>
        label="Workload"
        value={r.workload}
        values={RESIZE_WORKLOAD_IDS}
        names={RESIZE_WORKLOADS}
        testId="resize-workload"
        onChange={(workload) => set({ workload })}
      />
      <Choice
        label="Policy"
        value={r.policy}
        values={RESIZE_POLICIES}
        names={POLICY_LABEL}
        testId="resize-policy"
        onChange={(policy) => set({ policy })}
      />
      {r.policy === 'repack' && (
        <ResizeNumber
          label="Repack period K (steps)"
          value={r.every}
          min={1}
          max={100_000}
          integer
          testId="resize-K"
          onChange={(every) => set({ every })}
        />
      )}
      <Choice
        label="Size predictor"
        value={r.predictor}
        values={RESIZE_PREDICTORS}
        names={PREDICTOR_LABEL}
        testId="resize-predictor"
        onChange={(predictor) => set({ predictor })}
      />
      <PredictorFields r={r} set={set} />
      <ResizeNumber
        label="Hot-spot threshold (actual usage)"
        value={r.hot}
        min={0.001}
        max={10}
        testId="resize-hot"
        hint="a machine-step is a hot spot when its actual usage exceeds this (the model's default, Model §13: 1; the VISBP paper 0.9)"
        onChange={(hot) => set({ hot })}
      />
    </aside>
  );
}

const FUSD_FIELDS: readonly {
  field: 'upAlpha' | 'downAlpha' | 'percentile';
  label: string;
  min: number;
  max: number;
  testId: string;
  hint?: string;
}[] = [
  {
    field: 'upAlpha',
    label: 'FUSD ↑α',
    min: -1,
    max: 1,
    testId: 'resize-up-alpha',
    hint: 'weight of the old estimate when usage rises (negative: overshoot)',
  },
  {
    field: 'downAlpha',
    label: 'FUSD ↓α',
    min: -1,
    max: 1,
    testId: 'resize-down-alpha',
    hint: 'weight of the old estimate when usage falls (slow down)',
  },
  {
    field: 'percentile',
    label: 'Observation percentile',
    min: 0,
    max: 100,
    testId: 'resize-percentile',
  },
];

/** The predictor's parameters: FUSD's α's and percentile, the window, z. */
function PredictorFields({
  r,
  set,
}: {
  r: ResizeParams;
  set: (patch: Partial<ResizeParams>) => void;
}) {
  const fusd = r.predictor === 'fusd';
  const windowed = fusd || r.predictor === 'stochastic';
  return (
    <>
      {fusd &&
        FUSD_FIELDS.map((f) => (
          <ResizeNumber
            key={f.field}
            {...f}
            value={r[f.field]}
            onChange={(v) => set({ [f.field]: v })}
          />
        ))}
      {windowed && (
        <ResizeNumber
          label="Window W (steps)"
          value={r.window}
          min={1}
          max={10_000}
          integer
          testId="resize-window"
          onChange={(window) => set({ window })}
        />
      )}
      {r.predictor === 'stochastic' && (
        <>
          <ResizeNumber
            label="z (e = μ + z·σ)"
            value={r.z}
            min={-10}
            max={10}
            testId="resize-z"
            onChange={(z) => set({ z })}
          />
          {r.policy === 'visbp' && (
            <label className="check">
              <input
                type="checkbox"
                checked={r.gpaHot}
                data-testid="resize-gpa-hot"
                onChange={(e) => set({ gpaHot: e.target.checked })}
              />{' '}
              GPA’s bin test as hot(b) (no proven bound)
            </label>
          )}
        </>
      )}
    </>
  );
}
