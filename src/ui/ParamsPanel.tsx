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
import { PRESETS } from '../state/common/sources/datasets.ts';
import {
  fieldProblem,
  fitExample,
  fitFields,
  fitOptions,
  withFitValue,
} from '../state/common/store/fitFields.ts';
import { useExplorer } from '../state/common/store/store.ts';
import {
  PANEL_GROUPS,
  type PanelField,
  type PanelGroup,
} from '../state/common/store/panelFields.ts';
import {
  NumberBox,
  SliderNumber,
  logScale,
  rangeProblem,
  type SliderScale,
} from './SliderNumber.tsx';
import { useController } from './controllerContext.ts';
import { newestAfterPaint } from './afterPaint.ts';
import type { Params } from '../state/common/store/params.ts';
import { Explain } from './Explain.tsx';
import { formatCount } from '../present/format.ts';
import { decimalOrNull } from '../engine/index.ts';

function NumberField(props: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  integer?: boolean;
  onChange: (v: number) => void;
  testId?: string;
  hint?: string;
  /** The parameter's valid range: refused values show its message (as the CLI and links do). */
  range?: NumberRange;
  explain?: ReactNode;
}) {
  const { range, integer, ...box } = props;
  return (
    <NumberBox
      {...box}
      step={integer ? 1 : undefined}
      problem={
        range
          ? (raw) => fieldProblem(range, raw)
          : rangeProblem(props.label, props.min, props.max, integer)
      }
    />
  );
}

/**
 * The values a slider moved from `from` to `to` is heading for: the next position at the same
 * stride (a drag's frames move it by similar steps) and, since a pointer's steps round to
 * positions (19, 18, 19, … for a steady hand), its two neighbours, then the one after; within the
 * slider's ends.
 */
function aheadOnSlider(scale: SliderScale, from: number, to: number): number[] {
  const at = Math.min(scale.steps, Math.max(0, scale.toPosition(to)));
  const stride = at - Math.min(scale.steps, Math.max(0, scale.toPosition(from)));
  if (stride === 0) return [];
  const next = at + stride;
  const side = Math.sign(stride);
  return [next, next - side, next + side, next + stride]
    .filter((i) => i >= 0 && i <= scale.steps)
    .map((i) => scale.fromPosition(i));
}

function FitControl({ fit, set }: { fit: FitSpec; set: (f: FitSpec) => void }) {
  const id = useId();
  const controller = useController();
  const [afterPaint] = useState(newestAfterPaint);
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
            onChange={(v) => {
              set(withFitValue(fit, key, v));
              const scale = logScale(input.min, input.max);
              const ahead = aheadOnSlider(scale, value, v);
              afterPaint(() =>
                controller.speculate(ahead.map((w) => ({ fit: withFitValue(fit, key, w) }))),
              );
            }}
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

type SetParams = (patch: Partial<Params>) => void;

interface FieldsProps {
  params: Params;
  set: SetParams;
  /** The fields the open view declares (views.ts); the others are not shown. */
  shows: ReadonlySet<PanelField>;
}

/** The dataset, task size, tasks per instance, realizations, seed and instance. */
function WorkloadFields({ params, set, shows }: FieldsProps) {
  const taskCount = useExplorer((s) => s.data.dataset?.tasks ?? null);
  const ids = { dataset: useId(), realizations: useId() };
  return (
    <>
      {shows.has('dataset') && (
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
      )}
      {shows.has('scale') && (
        <NumberField
          label="Task size (scale, machines per 100 %)"
          value={params.scale}
          min={0.0001}
          max={1000}
          onChange={(scale) => set({ scale })}
          hint="Percent data become value / 100 × scale: 0.25 = a quarter-machine VM"
        />
      )}
      {shows.has('tasks') && (
        <NumberField
          label={`Tasks per instance${taskCount ? ` (of ${taskCount})` : ''}`}
          testId="tasks"
          value={params.tasks}
          min={1}
          max={taskCount ?? 100_000}
          integer
          onChange={(tasks) => set({ tasks })}
        />
      )}
      {shows.has('realizations') && (
        <div className="field">
          <label htmlFor={ids.realizations}>Realizations R</label>
          <Explain term="realizations" name="R" />
          <select
            id={ids.realizations}
            value={params.realizations}
            onChange={(e) =>
              set({ realizations: decimalOrNull(e.target.value) ?? params.realizations })
            }
          >
            {[...new Set([1000, 2000, 5000, 10_000, 20_000, params.realizations])]
              .sort((a, b) => a - b)
              .map((r) => (
                <option key={r} value={r}>
                  {formatCount(r)}
                </option>
              ))}
          </select>
        </div>
      )}
      {shows.has('realization') && <RealizationField params={params} set={set} />}
      {(shows.has('seed') || shows.has('instance')) && (
        <div className="row">
          {shows.has('seed') && (
            <NumberField
              label="Seed"
              testId="seed"
              value={params.seed}
              min={0}
              integer
              onChange={(seed) => set({ seed })}
            />
          )}
          {shows.has('instance') && (
            <NumberField
              label="Instance"
              value={params.instance}
              min={0}
              max={10_000}
              integer
              onChange={(instance) => set({ instance })}
            />
          )}
        </div>
      )}
    </>
  );
}

/** Independent draws (the paper's), the time-aligned instants, or a joint block bootstrap. */
function RealizationField({ params, set }: { params: Params; set: SetParams }) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Realization</label>
        <select
          id={id}
          data-testid="realization"
          value={params.realization}
          onChange={(e) => set({ realization: e.target.value as Params['realization'] })}
        >
          <option value="independent">independent draws (the paper’s)</option>
          <option value="aligned">time-aligned replay</option>
          <option value="blocks">block bootstrap in time</option>
        </select>
      </div>
      {params.realization === 'blocks' && (
        <NumberField
          label="Block length B (instants)"
          testId="block"
          value={params.block}
          min={1}
          max={1_000_000}
          integer
          onChange={(block) => set({ block })}
          hint="Runs of B consecutive instants, the same for every task: keeps what tasks do together"
        />
      )}
    </>
  );
}

/** The capacity box with its usual values offered; commits on blur, refusing with CAPACITY's message. */
function CapacityField({ capacity, set }: { capacity: number; set: SetParams }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>Capacity c</label>
      <input
        id={id}
        type="number"
        min={0.01}
        step="any"
        list={`${id}-list`}
        defaultValue={capacity}
        key={capacity}
        onBlur={(e) => {
          const why = fieldProblem(CAPACITY, e.target.value);
          setProblem(why);
          const c = decimalOrNull(e.target.value);
          if (why === null && c !== null && c !== capacity) set({ capacity: c });
          else if (why !== null) e.target.value = String(capacity);
        }}
      />
      {problem && (
        <small className="field-problem" role="alert">
          {problem}
        </small>
      )}
      <datalist id={`${id}-list`}>
        {[0.5, 0.8, 1, 2, 5].map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </div>
  );
}

/** The packer, fit test, capacity, clairvoyance, estimate source and rebalancing. */
function PackingFields({ params, set, shows }: FieldsProps) {
  const hasAvg = useExplorer((s) => !!s.data.dataset?.hasAvg);
  const ids = { packer: useId(), source: useId() };
  return (
    <>
      {shows.has('packer') && (
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
      )}
      {shows.has('fit') && <FitControl fit={params.fit} set={(fit) => set({ fit })} />}
      {shows.has('capacity') && <CapacityField capacity={params.capacity} set={set} />}
      {shows.has('clairvoyance') && (
        <SliderNumber
          label="Share of draws the packer sees (κ)"
          testId="clairvoyance"
          explain={<Explain term="clairvoyance" name="κ" />}
          value={params.clairvoyance}
          scale={logScale(0.001, 1)}
          problem={(raw) => fieldProblem(CLAIRVOYANCE, raw)}
          onChange={(clairvoyance) => set({ clairvoyance: Math.min(1, clairvoyance) })}
          format={(k) =>
            k >= 1
              ? '1 (all)'
              : `${k} (first ${Math.max(1, Math.floor(k * params.realizations + 0.5))} of ${params.realizations})`
          }
        />
      )}
      {shows.has('source') && (
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
      )}
      {shows.has('rebalance') && (
        <NumberField
          label="Rebalancing: failed moves before it stops (0: off)"
          explain={<Explain term="maxFailures" name="max_failures" />}
          value={params.rebalance}
          min={0}
          max={1000}
          integer
          onChange={(rebalance) => set({ rebalance })}
        />
      )}
    </>
  );
}

export const GROUP_TITLE: Record<PanelGroup, string> = { workload: 'Workload', packing: 'Packing' };
const GROUP_FIELDS = { workload: WorkloadFields, packing: PackingFields };

/** The groups of `shows` that have a field to show, in panel order. */
export function shownGroups(shows: ReadonlySet<PanelField>): PanelGroup[] {
  return (Object.keys(PANEL_GROUPS) as PanelGroup[]).filter((g) =>
    PANEL_GROUPS[g].some((f) => shows.has(f)),
  );
}

/** The shared parameters the open view declares (views.ts), under their group's heading. */
export function ParamsPanel({ shows }: { shows: ReadonlySet<PanelField> }) {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const set = (patch: Partial<Params>) => setParams({ ...patch, machine: null });
  return (
    <>
      {shownGroups(shows).map((group) => {
        const Fields = GROUP_FIELDS[group];
        return (
          <section key={group} aria-label={GROUP_TITLE[group]} data-testid={`panel-${group}`}>
            <h2>{GROUP_TITLE[group]}</h2>
            <Fields params={params} set={set} shows={shows} />
          </section>
        );
      })}
    </>
  );
}
