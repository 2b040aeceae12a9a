import { useId } from 'react';
import { PACKER_LABEL, PACKERS, type FitSpec, type PackerKind } from '../engine/index.ts';
import { PRESETS } from '../state/datasets.ts';
import { useExplorer } from '../state/store.ts';
import type { Params } from '../state/params.ts';

type Family = FitSpec['kind'];

const FAMILY_LABEL: Record<Family, string> = {
  gpa: 'GPA (Gaussian, ρ)',
  cantelli: 'Cantelli (μ + b·σ)',
  av: 'average (f·μ)',
  perc: 'percentile (P_p)',
  max: 'maximum (P₁₀₀)',
  cf: 'GPA + skewness (Cornish–Fisher, ρ)',
  emp: 'empirical sum (Monte Carlo, ρ)',
  conv: 'exact convolution (ρ)',
  bern: 'Bernstein bound (ρ)',
  hoeff: 'Hoeffding bound (ρ)',
};

const DEFAULT_FIT: Record<Family, FitSpec> = {
  gpa: { kind: 'gpa', rho: 0.01 },
  cantelli: { kind: 'cantelli', b: 1.7 },
  av: { kind: 'av', f: 1.25 },
  perc: { kind: 'perc', p: 95 },
  max: { kind: 'max' },
  cf: { kind: 'cf', rho: 0.01 },
  emp: { kind: 'emp', rho: 0.01 },
  conv: { kind: 'conv', rho: 0.01, bin: 0.005 },
  bern: { kind: 'bern', rho: 0.01 },
  hoeff: { kind: 'hoeff', rho: 0.01 },
};

/** Three significant digits, so that slider values read well and survive a link. */
const tidy = (x: number) => +x.toPrecision(3);

function LogSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
  format?: (v: number) => string;
  testId?: string;
}) {
  const id = useId();
  const { value, min, max, onChange } = props;
  const lo = Math.log10(min);
  const hi = Math.log10(max);
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label} <output>{props.format ? props.format(value) : value}</output>
      </label>
      <input
        id={id}
        data-testid={props.testId}
        type="range"
        min={0}
        max={1000}
        step={1}
        value={Math.round(((Math.log10(value) - lo) / (hi - lo)) * 1000)}
        onChange={(e) => onChange(tidy(10 ** (lo + ((hi - lo) * Number(e.target.value)) / 1000)))}
      />
    </div>
  );
}

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
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
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
    </div>
  );
  function commit(input: HTMLInputElement) {
    const v = Number(input.value);
    const ok =
      input.value.trim() !== '' &&
      Number.isFinite(v) &&
      (!props.integer || Number.isInteger(v)) &&
      (props.min === undefined || v >= props.min) &&
      (props.max === undefined || v <= props.max);
    if (ok && v !== props.value) props.onChange(v);
    else if (!ok) input.value = String(props.value);
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
          onChange={(e) => set(DEFAULT_FIT[e.target.value as Family])}
        >
          {(Object.keys(FAMILY_LABEL) as Family[]).map((k) => (
            <option key={k} value={k}>
              {FAMILY_LABEL[k]}
            </option>
          ))}
        </select>
      </div>
      {'rho' in fit && (
        <LogSlider
          label="SLO ρ"
          testId="rho"
          value={fit.rho}
          min={1e-4}
          max={0.5}
          onChange={(rho) => set({ ...fit, rho })}
          format={(v) => `${v} (${tidy((1 - v) * 100)} %)`}
        />
      )}
      {fit.kind === 'conv' && (
        <NumberField
          label="histogram bin width (machines)"
          value={fit.bin}
          min={1e-4}
          max={0.5}
          onChange={(bin) => set({ ...fit, bin })}
          hint="Per-task usage histograms are convolved at this resolution"
        />
      )}
      {fit.kind === 'cantelli' && (
        <NumberField
          label="b (σ multiplier)"
          value={fit.b}
          min={0}
          max={20}
          onChange={(b) => set({ kind: 'cantelli', b })}
        />
      )}
      {fit.kind === 'av' && (
        <NumberField
          label="f (mean multiplier)"
          value={fit.f}
          min={0.01}
          max={20}
          onChange={(f) => set({ kind: 'av', f })}
        />
      )}
      {fit.kind === 'perc' && (
        <NumberField
          label="p (percentile)"
          value={fit.p}
          min={0}
          max={100}
          onChange={(p) => set({ kind: 'perc', p })}
        />
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
            const c = Number(e.target.value);
            if (c > 0 && Number.isFinite(c) && c !== params.capacity) set({ capacity: c });
            else e.target.value = String(params.capacity);
          }}
        />
        <datalist id={`${ids.capacity}-list`}>
          {[0.5, 0.8, 1, 2, 5].map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <LogSlider
        label="Clairvoyance κ"
        value={params.clairvoyance}
        min={0.001}
        max={1}
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
        value={params.rebalance}
        min={0}
        max={1000}
        integer
        onChange={(rebalance) => set({ rebalance })}
      />
    </aside>
  );
}
