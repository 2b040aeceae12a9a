import { useState } from 'react';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** Shown beside the box (e.g. "s", "%"). */
  unit?: string;
  testId: string;
  onCommit: (v: number) => void;
}

/** A number box that commits on Enter or blur; a value outside [min, max] is refused and said. */
export function NumberField({ label, value, min, max, step, unit, testId, onCommit }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const commit = (raw: string, box: HTMLInputElement) => {
    const v = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(v) || v < min || v > max) {
      setProblem(`${label} must be a number in [${min}, ${max}]`);
      box.value = String(value);
      return;
    }
    setProblem(null);
    if (v !== value) onCommit(v);
  };
  return (
    <label className="tl-number">
      {label}{' '}
      <input
        type="number"
        min={min}
        max={max}
        step={step ?? 'any'}
        defaultValue={value}
        key={value}
        data-testid={testId}
        onBlur={(e) => commit(e.target.value, e.target)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value, e.currentTarget);
        }}
      />
      {unit && <span className="tl-unit"> {unit}</span>}
      {problem && (
        <small className="field-problem" role="alert">
          {problem}
        </small>
      )}
    </label>
  );
}
