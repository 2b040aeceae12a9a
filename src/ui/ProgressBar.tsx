interface Props {
  label: string;
  done: number | null;
  total: number | null;
  onCancel?: () => void;
}

export function ProgressBar({ label, done, total, onCancel }: Props) {
  const pct = done !== null && total ? Math.round((100 * done) / total) : null;
  return (
    <div className="progress" role="status" aria-live="polite">
      <span>{label}</span>
      <progress max={total ?? undefined} value={done ?? undefined} aria-label={label} />
      {pct !== null && <span className="progress-count">{`${done} / ${total}`}</span>}
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
