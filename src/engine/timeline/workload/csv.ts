/**
 * The task-list CSV of SPEC §12: `id,arrival_s,duration_s,cpu_frac[,mem_frac][,est_duration_s]`,
 * header required, columns in any order. Two optional columns beyond the SPEC carry a task's usage
 * mean and standard deviation for stochastic fit tests: `cpu_mean,cpu_sd`.
 */
import { DataError } from '../../data/errors.ts';
import type { TimelineTasks } from '../types.ts';
import { tasksFromRows, type TaskRow } from './tasks.ts';

const REQUIRED = ['id', 'arrival_s', 'duration_s', 'cpu_frac'] as const;
const OPTIONAL = ['mem_frac', 'est_duration_s', 'cpu_mean', 'cpu_sd'] as const;

/** Parses a task list; a DataError names the file, line and field of bad input. */
export function parseTaskList(text: string, file: string): TimelineTasks {
  const lines = text.split(/\r?\n/);
  const fail = (line: number, msg: string): never => {
    throw new DataError(file, line, msg);
  };
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const at = new Map(header.map((h, i) => [h, i]));
  for (const h of header)
    if (
      !(REQUIRED as readonly string[]).includes(h) &&
      !(OPTIONAL as readonly string[]).includes(h)
    )
      fail(1, `unknown column "${h}" (expected ${[...REQUIRED, ...OPTIONAL].join(',')})`);
  for (const r of REQUIRED) if (!at.has(r)) fail(1, `missing column "${r}"`);
  const rows: TaskRow[] = [];
  const seen = new Set<string>();
  for (let k = 1; k < lines.length; k++) {
    const raw = lines[k];
    if (raw.trim() === '') continue;
    const line = k + 1;
    const cells = raw.split(',');
    if (cells.length !== header.length)
      fail(line, `expected ${header.length} fields, got ${cells.length}`);
    const num = (name: string, check: (v: number) => boolean, what: string) => {
      const i = at.get(name);
      if (i === undefined) return undefined;
      const s = cells[i].trim();
      const v = Number(s);
      if (s === '' || !Number.isFinite(v) || !check(v))
        fail(line, `field ${name}: "${s}" is not ${what}`);
      return v;
    };
    const id = cells[at.get('id')!].trim();
    if (id === '') fail(line, 'field id: empty');
    if (seen.has(id)) fail(line, `field id: duplicate "${id}"`);
    seen.add(id);
    const size = num('cpu_frac', (v) => v > 0 && v <= 1, 'a fraction in (0, 1]')!;
    rows.push({
      id,
      arrival: num('arrival_s', (v) => v >= 0, 'a time ≥ 0 s')!,
      duration: num('duration_s', (v) => v >= 0, 'a duration ≥ 0 s')!,
      size,
      memory: num('mem_frac', (v) => v >= 0 && v <= 1, 'a fraction in [0, 1]'),
      estimate: num('est_duration_s', (v) => v >= 0, 'a duration ≥ 0 s'),
      mean: num('cpu_mean', (v) => v >= 0, 'a mean ≥ 0'),
      sd: num('cpu_sd', (v) => v >= 0, 'a standard deviation ≥ 0'),
    });
  }
  if (rows.length === 0) fail(1, 'no tasks');
  return tasksFromRows(rows, file);
}

/** The placements CSV: `task_id,machine,start_s,end_s`, one line per task in input order. */
export function placementsCsv(
  tasks: TimelineTasks,
  r: { machineOf: Int32Array; start: Float64Array; end: Float64Array },
): string {
  const out = ['task_id,machine,start_s,end_s'];
  for (let i = 0; i < tasks.count; i++)
    out.push(`${tasks.ids[i]},${r.machineOf[i]},${r.start[i]},${r.end[i]}`);
  return out.join('\n') + '\n';
}
