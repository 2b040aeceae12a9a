/**
 * A live source's node memory (GiB): empty takes it from the server, a number replaces it (as
 * `cluster --prometheus --memory-per-machine`). Commits on Enter or blur; a bad value is refused
 * with the declaration's message and the last good one stays.
 */
import { useId, useState } from 'react';
import { textProblem } from '../../engine/index.ts';
import { CLUSTER_PARAMS } from '../../state/cluster/params.ts';
import { decimalOrNull } from '../../engine/index.ts';

export function NodeMemoryField({
  value,
  onCommit,
}: {
  value: number | null;
  onCommit: (v: number | null) => void;
}) {
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const spec = CLUSTER_PARAMS.nodeMemory;
  const commit = (input: HTMLInputElement) => {
    const raw = input.value.trim();
    const why = raw === '' ? null : textProblem(spec.range!, raw);
    setRefused(why);
    if (why !== null) input.value = value === null ? '' : String(value);
    else {
      const v = raw === '' ? null : decimalOrNull(raw);
      if (v !== value) onCommit(v);
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>Node memory</label>
      <input
        id={id}
        data-testid="cluster-node-memory"
        type="text"
        inputMode="decimal"
        size={8}
        placeholder="from the server"
        aria-invalid={refused !== null}
        title="Memory of one node in GiB when the server exports none, or to replace its figure; empty: the server's"
        defaultValue={value === null ? '' : String(value)}
        key={String(value)}
        onBlur={(e) => commit(e.target)}
        onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget)}
      />
      <span className="field-unit"> {spec.unit}</span>
      {refused && (
        <small className="field-problem" role="alert">
          {refused}
        </small>
      )}
    </div>
  );
}
