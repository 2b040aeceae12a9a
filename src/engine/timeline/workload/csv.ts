/**
 * The task-list CSV of SPEC §12: `id,arrival_s,duration_s,cpu_frac[,mem_frac][,est_duration_s]`,
 * header required, columns in any order. Two optional columns beyond the SPEC carry a task's usage
 * mean and standard deviation for stochastic fit tests: `cpu_mean,cpu_sd`.
 */
import { csvText, CsvSyntaxError, parseCsv } from '../../csvText.ts';
import { DataError } from '../../data/streams/errors.ts';
import { refusal, decimalOrNull, type ValueRange } from '../../numberText.ts';
import type { TimelineTasks } from '../types.ts';
import { tasksFromRows, type TaskRow } from './tasks.ts';
import { TASK_TIME_MAX_S } from '../ranges.ts';

export { TASK_TIME_MAX_S } from '../ranges.ts';

const REQUIRED = ['id', 'arrival_s', 'duration_s', 'cpu_frac'] as const;
const OPTIONAL = ['mem_frac', 'est_duration_s', 'cpu_mean', 'cpu_sd'] as const;

const TIME: ValueRange = {
  min: 0,
  max: TASK_TIME_MAX_S,
  what: `a time in [0, ${TASK_TIME_MAX_S}] s`,
};
const FIELD_RANGES: Record<string, ValueRange> = {
  arrival_s: TIME,
  duration_s: TIME,
  est_duration_s: TIME,
  cpu_frac: { min: 0, max: 1, minOpen: true, what: 'a fraction in (0, 1]' },
  mem_frac: { min: 0, max: 1, what: 'a fraction in [0, 1]' },
  cpu_mean: { min: 0, max: 1, what: 'a mean in [0, 1] machines' },
  cpu_sd: { min: 0, max: 1, what: 'a standard deviation in [0, 1] machines' },
};

/**
 * Parses a task list (RFC 4180 CSV, as every trace loader reads; a BOM is dropped); a DataError
 * names the file, line, field and value of bad input, and a repeated id both of its lines.
 */
export function parseTaskList(text: string, file: string): TimelineTasks {
  const fail = (line: number, msg: string): never => {
    throw new DataError(file, line, msg);
  };
  let records;
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) fail(e.line, e.message);
    throw e;
  }
  const header = (records[0]?.cells ?? ['']).map((h) => h.trim());
  const at = new Map(header.map((h, i) => [h, i]));
  for (const h of header)
    if (
      !(REQUIRED as readonly string[]).includes(h) &&
      !(OPTIONAL as readonly string[]).includes(h)
    )
      fail(1, `unknown column "${h}" (expected ${[...REQUIRED, ...OPTIONAL].join(',')})`);
  if (at.size !== header.length) fail(1, 'a column is named twice');
  for (const r of REQUIRED) if (!at.has(r)) fail(1, `missing column "${r}"`);
  const rows: TaskRow[] = [];
  const seen = new Map<string, number>();
  for (let k = 1; k < records.length; k++) {
    const { cells, line } = records[k];
    if (cells.length === 1 && cells[0].trim() === '') continue;
    if (cells.length !== header.length)
      fail(line, `expected ${header.length} fields, got ${cells.length}`);
    const num = (name: string) => {
      const i = at.get(name);
      if (i === undefined) return undefined;
      const why = refusal(cells[i], FIELD_RANGES[name]);
      if (why !== null) fail(line, `field ${name}: ${why}`);
      return decimalOrNull(cells[i])!;
    };
    const id = cells[at.get('id')!].trim();
    if (id === '') fail(line, 'field id: empty');
    const first = seen.get(id);
    if (first !== undefined) fail(line, `field id: duplicate "${id}" (first on line ${first})`);
    seen.set(id, line);
    rows.push({
      id,
      arrival: num('arrival_s')!,
      duration: num('duration_s')!,
      size: num('cpu_frac')!,
      memory: num('mem_frac'),
      estimate: num('est_duration_s'),
      mean: num('cpu_mean'),
      sd: num('cpu_sd'),
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
  const records = Array.from({ length: tasks.count }, (_, i) => [
    tasks.ids[i],
    r.machineOf[i],
    r.start[i],
    r.end[i],
  ]);
  return csvText(['task_id', 'machine', 'start_s', 'end_s'], records);
}
