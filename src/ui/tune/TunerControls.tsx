/** The auto-tuner's controls: target SLO, confidence, families, Run, Apply and CSV. */
import { useState } from 'react';
import { FAMILIES, FAMILY_INFO, type FitFamily } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { formatNumber } from '../../present/format.ts';
import { decimalOrNull } from '../../engine/index.ts';

const TARGETS = [0.01, 0.001, 0.0001];
const CONFIDENCES = [0.9, 0.95, 0.99];

export function TargetInput() {
  const target = useExplorer((s) => s.params.target);
  const setParams = useExplorer((s) => s.setParams);
  const [text, setText] = useState<string | null>(null);
  const commit = (raw: string) => {
    const v = decimalOrNull(raw);
    if (v !== null && v > 0 && v < 1) setParams({ target: v });
    setText(null);
  };
  return (
    <span className="tune-target">
      <label>
        Target q*{' '}
        <input
          type="number"
          min={0}
          max={1}
          step="any"
          value={text ?? String(target)}
          data-testid="target"
          onChange={(e) => setText(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
        />
      </label>{' '}
      {TARGETS.map((t) => (
        <button
          key={t}
          type="button"
          aria-pressed={t === target}
          className={t === target ? 'active' : undefined}
          onClick={() => setParams({ target: t })}
        >
          {String(t)}
        </button>
      ))}
    </span>
  );
}

function FamilyChoice() {
  const families = useExplorer((s) => s.params.tuneFamilies);
  const setParams = useExplorer((s) => s.setParams);
  const toggle = (f: FitFamily, on: boolean) => {
    const next = FAMILIES.filter((x) => (x === f ? on : families.includes(x)));
    if (next.length > 0) setParams({ tuneFamilies: next });
  };
  return (
    <fieldset className="tune-families">
      <legend>Families</legend>
      {FAMILIES.map((f) => (
        <label key={f}>
          <input
            type="checkbox"
            checked={families.includes(f)}
            disabled={families.length === 1 && families.includes(f)}
            onChange={(e) => toggle(f, e.target.checked)}
          />{' '}
          {FAMILY_INFO[f].label}
        </label>
      ))}
    </fieldset>
  );
}

/** A null handler disables its button. */
export function TunerControls({
  ranAlready,
  onRun,
  onApplyBest,
  onCsv,
}: {
  ranAlready: boolean;
  onRun: (() => void) | null;
  onApplyBest: (() => void) | null;
  onCsv: (() => void) | null;
}) {
  const confidence = useExplorer((s) => s.params.confidence);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <div className="tune-controls">
      <TargetInput />
      <label>
        Confidence{' '}
        <select
          value={confidence}
          data-testid="confidence"
          onChange={(e) => setParams({ confidence: decimalOrNull(e.target.value) ?? confidence })}
        >
          {[...new Set([...CONFIDENCES, confidence])].map((c) => (
            <option key={c} value={c}>
              {`${formatNumber(c * 100, 6)} %`}
            </option>
          ))}
        </select>
      </label>
      <FamilyChoice />
      <div className="view-actions">
        <button
          type="button"
          className="primary"
          data-testid="run-tuner"
          disabled={!onRun}
          onClick={() => onRun?.()}
        >
          {ranAlready ? 'Run again' : 'Run the auto-tuner'}
        </button>
        <button
          type="button"
          data-testid="apply-winner"
          disabled={!onApplyBest}
          onClick={() => onApplyBest?.()}
        >
          Apply the winner in Pack
        </button>
        <button type="button" disabled={!onCsv} onClick={() => onCsv?.()}>
          Table CSV
        </button>
      </div>
    </div>
  );
}
