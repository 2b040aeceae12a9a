import { useId, useState, type ReactNode } from 'react';
import {
  CAPACITY,
  CLAIRVOYANCE,
  PACKER_LABEL,
  PACKERS,
  type FitSpec,
  type NumberRange,
  type PackerKind,
} from '../engine/index.ts';
import { PRESETS } from '../state/datasets.ts';
import {
  fieldProblem,
  fitExample,
  fitFields,
  fitOptions,
  withFitValue,
} from '../state/fitFields.ts';
import { useExplorer } from '../state/store.ts';
import { SliderNumber, logScale } from './SliderNumber.tsx';
import type { Params } from '../state/params.ts';
import { Explain } from './Explain.tsx';

/** A probability as a percentage, to as many digits as it takes (1 − 4.18e-5 is 99.9958 %, not 100 %). */
const percent = (p: number) => `${+(p * 100).toPrecision(6)} %`;

function NumberField(props: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  onChange: (v: number) => void;
  testId?: string;
  hint?: string;
  /** The parameter's valid range: refused values show its message (as the CLI and links do). */
  range?: NumberRange;
  explain?: ReactNode;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.explain}
      <input
        id={id}
        data-testid={props.testId}
        type="number"
        min={props.min}
        max={props.max}
        step={props.step ?? (props.integer ? 1 : 'any')}
        defaultValue={props.value}
        key={props.value}
        onBlur={(e) => commit(e.target)}
        onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget)}
        title={props.hint}
      />
      {problem && (
        <small className="field-problem" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
  function commit(input: HTMLInputElement) {
    const v = Number(input.value);
    const refused = props.range
      ? fieldProblem(props.range, input.value)
      : input.value.trim() === '' ||
          !Number.isFinite(v) ||
          (props.integer && !Number.isInteger(v)) ||
          (props.min !== undefined && v < props.min) ||
          (props.max !== undefined && v > props.max)
        ? 'refused'
        : null;
    setProblem(props.range ? refused : null);
    if (refused === null && v !== props.value) props.onChange(v);
    else if (refused !== null) input.value = String(props.value);
  }
}

function FitControl({ fit, set }: { fit: FitSpec; set: (f: FitSpec) => void }) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Fit test</label>
        <select
          id={id}
          data-testid="fit-family"
          value={fit.kind}
          onChange={(e) => set(fitExample(e.target.value))}
        >
          {fitOptions().map((o) => (
            <option key={o.kind} value={o.kind}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {fitFields(fit).map(({ key, value, range, input }) =>
        input.widget === 'log-slider' ? (
          <SliderNumber
            key={key}
            label={input.label}
            testId={key}
            value={value}
            scale={logScale(input.min, input.max)}
            problem={(raw) => fieldProblem(range, raw)}
            onChange={(v) => set(withFitValue(fit, key, v))}
            format={(v) => (range.symbol === 'ρ' ? `${v} (${percent(1 - v)})` : String(v))}
          />
        ) : (
          <NumberField
            key={key}
            label={input.label}
            testId={key}
            value={value}
            min={input.min}
            max={input.max}
            range={range}
            hint={input.hint}
            onChange={(v) => set(withFitValue(fit, key, v))}
          />
        ),
      )}
    </>
  );
}

export function ParamsPanel() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const hasAvg = useExplorer((s) => !!s.data.dataset?.hasAvg);
  const taskCount = useExplorer((s) => s.data.dataset?.tasks ?? null);
  const set = (patch: Partial<Params>) => setParams({ ...patch, machine: null });
  const [capacityProblem, setCapacityProblem] = useState<string | null>(null);
  const ids = {
    dataset: useId(),
    packer: useId(),
    source: useId(),
    capacity: useId(),
    realizations: useId(),
  };
  return (
    <aside className="panel" aria-label="Parameters">
      <h2>Workload</h2>
      <div className="field">
        <label htmlFor={ids.dataset}>Dataset</label>
        <select
          id={ids.dataset}
          value={params.dataset}
          onChange={(e) => {
            const preset = PRESETS.find((x) => x.id === e.target.value);
            set({ dataset: e.target.value, upload: null, scale: preset?.scale ?? params.scale });
          }}
        >
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
          {params.upload && (
            <option value="upload">Your files: {params.upload.names.join(', ')}</option>
          )}
        </select>
      </div>
      <NumberField
        label="Task size (scale, machines per 100 %)"
        value={params.scale}
        min={0.0001}
        max={1000}
        onChange={(scale) => set({ scale })}
        hint="Percent data become value / 100 × scale: 0.25 = a quarter-machine VM"
      />
      <NumberField
        label={`Tasks per instance${taskCount ? ` (of ${taskCount})` : ''}`}
        testId="tasks"
        value={params.tasks}
        min={1}
        max={taskCount ?? 100_000}
        integer
        onChange={(tasks) => set({ tasks })}
      />
      <div className="field">
        <label htmlFor={ids.realizations}>Realizations R</label>
        <Explain term="realizations" name="R" />
        <select
          id={ids.realizations}
          value={params.realizations}
          onChange={(e) => set({ realizations: Number(e.target.value) })}
        >
          {[...new Set([1000, 2000, 5000, 10_000, 20_000, params.realizations])]
            .sort((a, b) => a - b)
            .map((r) => (
              <option key={r} value={r}>
                {r.toLocaleString('en')}
              </option>
            ))}
        </select>
      </div>
      <div className="row">
        <NumberField
          label="Seed"
          testId="seed"
          value={params.seed}
          min={0}
          integer
          onChange={(seed) => set({ seed })}
        />
        <NumberField
          label="Instance"
          value={params.instance}
          min={0}
          max={10_000}
          integer
          onChange={(instance) => set({ instance })}
        />
      </div>

      <h2>Packing</h2>
      <div className="field">
        <label htmlFor={ids.packer}>Packer</label>
        <select
          id={ids.packer}
          value={params.packer}
          onChange={(e) => set({ packer: e.target.value as PackerKind })}
        >
          {PACKERS.map((p) => (
            <option key={p} value={p}>
              {PACKER_LABEL[p]}
            </option>
          ))}
        </select>
      </div>
      <FitControl fit={params.fit} set={(fit) => set({ fit })} />
      <div className="field">
        <label htmlFor={ids.capacity}>Capacity c</label>
        <input
          id={ids.capacity}
          type="number"
          min={0.01}
          step="any"
          list={`${ids.capacity}-list`}
          defaultValue={params.capacity}
          key={params.capacity}
          onBlur={(e) => {
            const problem = fieldProblem(CAPACITY, e.target.value);
            setCapacityProblem(problem);
            const c = Number(e.target.value);
            if (problem === null && c !== params.capacity) set({ capacity: c });
            else if (problem !== null) e.target.value = String(params.capacity);
          }}
        />
        {capacityProblem && (
          <small className="field-problem" role="alert">
            {capacityProblem}
          </small>
        )}
        <datalist id={`${ids.capacity}-list`}>
          {[0.5, 0.8, 1, 2, 5].map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <SliderNumber
        label="Clairvoyance κ"
        testId="clairvoyance"
        explain={<Explain term="clairvoyance" name="κ" />}
        value={params.clairvoyance}
        scale={logScale(0.001, 1)}
        problem={(raw) => fieldProblem(CLAIRVOYANCE, raw)}
        onChange={(clairvoyance) => set({ clairvoyance: Math.min(1, clairvoyance) })}
        format={(k) =>
          k >= 1
            ? '1 (all columns observed)'
            : `${k} (first ${Math.max(1, Math.floor(k * params.realizations + 0.5))} of ${params.realizations})`
        }
      />
      <div className="field">
        <label htmlFor={ids.source}>Estimates from</label>
        <select
          id={ids.source}
          value={params.source}
          onChange={(e) => set({ source: e.target.value as Params['source'] })}
        >
          <option value="inst">inst (instantaneous samples)</option>
          <option value="avg" disabled={!hasAvg}>
            avg (5-minute means){hasAvg ? '' : ' — not in this dataset'}
          </option>
        </select>
      </div>
      <NumberField
        label="Rebalancing max_failures (0: off)"
        explain={<Explain term="maxFailures" name="max_failures" />}
        value={params.rebalance}
        min={0}
        max={1000}
        integer
        onChange={(rebalance) => set({ rebalance })}
      />
    </aside>
  );
}
