/**
 * The machine-type editor (SPEC §14): name, CPU and memory capacity (fractions of the largest
 * machine), count (blank: unlimited), idle and peak power. A valid table replaces the settings' types
 * (and goes in the link); an invalid cell is marked with the engine's message and changes nothing.
 */
import { useState } from 'react';
import {
  HARMONY_POWER_NOTE,
  HARMONY_TYPES,
  checkMachineTypes,
  type MachineType,
} from '../../engine/cluster/index.ts';
import { decimalOrNull } from '../../engine/index.ts';

type Draft = Record<'name' | 'cpu' | 'mem' | 'count' | 'idle' | 'peak', string>;

const toDraft = (t: MachineType): Draft => ({
  name: t.name,
  cpu: String(t.capacity[0]),
  mem: String(t.capacity[1]),
  count: t.count === null ? '' : String(t.count),
  idle: String(t.idleWatts),
  peak: String(t.peakWatts),
});

const num = (s: string) => decimalOrNull(s) ?? NaN;

function fromDrafts(drafts: readonly Draft[]): MachineType[] {
  const types = drafts.map((d) => ({
    name: d.name.trim(),
    capacity: [num(d.cpu), num(d.mem)],
    count: d.count.trim() === '' ? null : num(d.count),
    idleWatts: num(d.idle),
    peakWatts: num(d.peak),
  }));
  checkMachineTypes(types, 2);
  return types;
}

function safeParse(drafts: readonly Draft[]): MachineType[] | null {
  try {
    return fromDrafts(drafts);
  } catch {
    return null;
  }
}

const COLUMNS: readonly [keyof Draft, string, string][] = [
  ['name', 'Type', 'name'],
  ['cpu', 'CPU', 'CPU capacity (share of the largest machine)'],
  ['mem', 'Memory', 'memory capacity (share of the largest machine)'],
  ['count', 'Count', 'machines available (blank: unlimited)'],
  ['idle', 'Idle W', 'idle power (W)'],
  ['peak', 'Peak W', 'peak power (W)'],
];

export function MachineTypeEditor({
  types,
  onChange,
}: {
  types: readonly MachineType[];
  onChange: (types: readonly MachineType[]) => void;
}) {
  const [drafts, setDrafts] = useState<Draft[]>(() => types.map(toDraft));
  const [problem, setProblem] = useState<string | null>(null);
  const typesText = JSON.stringify(types);
  // The settings changed elsewhere (a link, Reset): show them.
  const [seen, setSeen] = useState(typesText);
  if (seen !== typesText) {
    setSeen(typesText);
    const shown = JSON.stringify(safeParse(drafts));
    if (shown !== typesText) setDrafts(types.map(toDraft));
    setProblem(null);
  }

  const edit = (next: Draft[]) => {
    setDrafts(next);
    try {
      const parsed = fromDrafts(next);
      setProblem(null);
      if (JSON.stringify(parsed) !== typesText) onChange(parsed);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  const isDefault = typesText === JSON.stringify(HARMONY_TYPES);

  return (
    <section className="cluster-types" aria-label="Machine types" data-testid="machine-types">
      <h3>Machine types</h3>
      <p className="hint">
        Default: HARMONY’s Table II, normalised to the HP DL585 G7 (48 cores, 64 GB);{' '}
        <strong>{HARMONY_POWER_NOTE}</strong>. A machine’s power is P_idle + (P_peak −
        P_idle)·u_cpu.
      </p>
      <table className="cluster-table">
        <thead>
          <tr>
            {COLUMNS.map(([k, label, title]) => (
              <th key={k} title={title}>
                {label}
              </th>
            ))}
            <th>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((d, i) => (
            <tr key={i} data-testid={`type-row-${i}`}>
              {COLUMNS.map(([k, , title]) => (
                <td key={k}>
                  <input
                    aria-label={`${title}, type ${i + 1}`}
                    data-testid={`type-${i}-${k}`}
                    className={k === 'name' ? 'type-name' : 'type-num'}
                    inputMode={k === 'name' ? 'text' : 'decimal'}
                    value={d[k]}
                    placeholder={k === 'count' ? '∞' : undefined}
                    onChange={(e) =>
                      edit(drafts.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)))
                    }
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  aria-label={`Remove type ${i + 1}`}
                  disabled={drafts.length === 1}
                  onClick={() => edit(drafts.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="view-actions">
        <button
          type="button"
          onClick={() =>
            edit([
              ...drafts,
              {
                name: `Type ${drafts.length + 1}`,
                cpu: '0.5',
                mem: '0.5',
                count: '',
                idle: '100',
                peak: '200',
              },
            ])
          }
        >
          Add a type
        </button>
        <button type="button" disabled={isDefault} onClick={() => onChange(HARMONY_TYPES)}>
          Reset to HARMONY Table II
        </button>
      </div>
      {problem && (
        <p className="error-text" role="alert" data-testid="types-problem">
          {problem} — the packing keeps the last valid types.
        </p>
      )}
    </section>
  );
}
