/**
 * A slider with a number box beside it: the slider for quick exploration, the box to set a value
 * exactly (e.g. ρ = 0.001) or beyond the slider's reach (ρ = 4.18e-5 — the slider then rests at its
 * end, and its label and spoken value still say the true value). The box commits on Enter or blur
 * and refuses a bad value with `problem`'s message, keeping the last good one.
 */
import { useId, useState, type ReactNode } from 'react';
import './sliderNumber.css';
import { roundSignificant } from '../present/format.ts';
import { decimalOrNull } from '../engine/index.ts';

export interface SliderScale {
  /** Slider positions 0…steps. */
  readonly steps: number;
  toPosition(value: number): number;
  fromPosition(position: number): number;
  /**
   * The value a key moves to from `value`: one step up (`by` 1) or down (−1), or a page (±10).
   * Absent: the slider's own one position per arrow key.
   */
  keyStep?(value: number, by: number): number;
}

/** Key steps of a log scale: a tenth of a decade per arrow, a decade per page, on round values. */
function logKeyStep(min: number, max: number, round: (v: number) => number) {
  return (value: number, by: number) => {
    const unit = Math.abs(by) >= 10 ? 1 : 0.1;
    const exact = Math.log10(value) / unit;
    // A mark's value as rounded (0.0158 for 10^−1.8) is that mark; from a value between two
    // marks, a step goes to the next mark in its direction.
    const at = Math.abs(exact - Math.round(exact)) < 0.05 ? Math.round(exact) : exact;
    const k = by > 0 ? Math.floor(at) + 1 : Math.ceil(at) - 1;
    return Math.min(max, Math.max(min, round(10 ** (k * unit))));
  };
}

/** Arrow and page keys as steps: +1, −1, +10, −10 (null: a key the slider keeps). */
export function keyStepOf(key: string): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return 1;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -1;
  if (key === 'PageUp') return 10;
  if (key === 'PageDown') return -10;
  return null;
}

/** A linear integer scale over [min, max]. */
export function linearScale(min: number, max: number): SliderScale {
  return {
    steps: Math.max(0, max - min),
    toPosition: (v) => Math.round(v - min),
    fromPosition: (i) => min + i,
  };
}

/** A log scale over [min, max] in `steps` positions, values rounded by `round`. */
export function logScale(
  min: number,
  max: number,
  round: (v: number) => number = (v) => roundSignificant(v, 3),
  steps = 1000,
): SliderScale {
  const lo = Math.log10(min);
  const hi = Math.log10(max);
  return {
    steps,
    toPosition: (v) => Math.round(((Math.log10(v) - lo) / (hi - lo)) * steps),
    fromPosition: (i) => round(10 ** (lo + ((hi - lo) * i) / steps)),
    keyStep: logKeyStep(min, max, round),
  };
}

interface SliderNumberProps {
  readonly label: string;
  readonly value: number;
  readonly scale: SliderScale;
  readonly onChange: (value: number) => void;
  /** What is wrong with the typed text, or null to accept it (default: any finite number). */
  readonly problem?: (raw: string) => string | null;
  /** The label's reading of the value (default: the value). */
  readonly format?: (value: number) => string;
  /** Test id of the slider; the box gets `${testId}-box`, the label's reading `${testId}-reading`. */
  readonly testId?: string;
  /** Test id of the label's reading, when it is not `${testId}-reading`. */
  readonly valueTestId?: string;
  /** The label's text before the reading: `label` unless given (e.g. "N ="). */
  readonly caption?: string;
  /** Text after the reading (e.g. "/ 52"). */
  readonly suffix?: string;
  /** An explanation beside the label (e.g. `<Explain …/>`). */
  readonly explain?: ReactNode;
  readonly className?: string;
  readonly hint?: string;
}

const finite = (raw: string) => (decimalOrNull(raw) !== null ? null : 'not a number');

/** A problem function refusing what is not a number in [min, max] (an integer with `integer`). */
export function rangeProblem(
  label: string,
  min = -Infinity,
  max = Infinity,
  integer = false,
): (raw: string) => string | null {
  return (raw) => {
    const v = decimalOrNull(raw);
    const ok = v !== null && (!integer || Number.isInteger(v)) && v >= min;
    return ok && v <= max
      ? null
      : `${label}: ${JSON.stringify(raw)} refused (${integer ? 'an integer ' : ''}in [${min}, ${max}])`;
  };
}

interface BoxInputProps {
  readonly value: number;
  readonly onChange: (value: number) => void;
  readonly problem: (raw: string) => string | null;
  readonly onRefused: (why: string | null) => void;
  readonly invalid: boolean;
  readonly id?: string;
  readonly label?: string;
  readonly testId?: string;
  readonly className?: string;
  readonly number?: { readonly min?: number; readonly max?: number; readonly step?: number };
  readonly hint?: string;
}

/** The box itself: commits on Enter or blur, refuses a bad value and restores the last good one. */
function BoxInput(p: BoxInputProps) {
  const commit = (input: HTMLInputElement) => {
    const why = p.problem(input.value);
    p.onRefused(why);
    if (why !== null) input.value = String(p.value);
    else {
      const v = decimalOrNull(input.value)!;
      if (v !== p.value) p.onChange(v);
    }
  };
  return (
    <input
      id={p.id}
      className={p.className}
      data-testid={p.testId}
      type={p.number ? 'number' : 'text'}
      inputMode={p.number ? undefined : 'decimal'}
      min={p.number?.min}
      max={p.number?.max}
      step={p.number ? (p.number.step ?? 'any') : undefined}
      aria-label={p.label}
      aria-invalid={p.invalid}
      title={p.hint}
      defaultValue={p.value}
      key={p.value}
      size={p.number ? undefined : 8}
      onBlur={(e) => commit(e.target)}
      onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget)}
    />
  );
}

function Refusal({ why }: { why: string | null }) {
  return (
    why && (
      <small className="field-problem" role="alert">
        {why}
      </small>
    )
  );
}

interface NumberBoxProps {
  readonly label: string;
  readonly value: number;
  readonly onChange: (value: number) => void;
  /** What is wrong with the typed text, or null to accept it (default: any finite number). */
  readonly problem?: (raw: string) => string | null;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly testId?: string;
  readonly hint?: string;
  /** Shown after the box (e.g. "s", "%"). */
  readonly unit?: string;
  /** An explanation beside the label (e.g. `<Explain …/>`). */
  readonly explain?: ReactNode;
  readonly className?: string;
}

/** A labelled number box (no slider) that commits on Enter or blur and says why it refuses a value. */
export function NumberBox({ problem = finite, className = 'field', ...p }: NumberBoxProps) {
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div className={className}>
      <label htmlFor={id}>{p.label}</label> {p.explain}
      <BoxInput
        id={id}
        value={p.value}
        onChange={p.onChange}
        problem={problem}
        onRefused={setRefused}
        invalid={refused !== null}
        testId={p.testId}
        hint={p.hint}
        number={{ min: p.min, max: p.max, step: p.step }}
      />
      {p.unit && <span className="field-unit"> {p.unit}</span>}
      <Refusal why={refused} />
    </div>
  );
}

export function SliderNumber({
  label,
  value,
  scale,
  onChange,
  problem = finite,
  format = String,
  testId,
  explain,
  valueTestId = testId && `${testId}-reading`,
  caption = label,
  suffix,
  className = 'field',
  hint,
}: SliderNumberProps) {
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const position = Math.min(scale.steps, Math.max(0, scale.toPosition(value)));
  const reading = format(value);
  return (
    <div className={`slider-number ${className}`} title={hint}>
      <label htmlFor={id}>
        <span>
          {caption} <output data-testid={valueTestId}>{reading}</output>
          {suffix && ` ${suffix}`}
        </span>
      </label>
      {explain}
      <div className="slider-number-row">
        <input
          id={id}
          data-testid={testId}
          type="range"
          min={0}
          max={scale.steps}
          step={1}
          value={position}
          aria-label={label}
          aria-valuetext={reading}
          onChange={(e) => onChange(scale.fromPosition(e.target.valueAsNumber))}
          onKeyDown={(e) => {
            const by = scale.keyStep && keyStepOf(e.key);
            if (!by) return;
            e.preventDefault();
            const next = scale.keyStep!(value, by);
            if (next !== value) onChange(next);
          }}
        />
        <BoxInput
          className="slider-number-box"
          testId={testId && `${testId}-box`}
          label={`${label} (exact value)`}
          value={value}
          onChange={onChange}
          problem={problem}
          onRefused={setRefused}
          invalid={refused !== null}
        />
      </div>
      <Refusal why={refused} />
    </div>
  );
}
