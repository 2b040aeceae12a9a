/**
 * Google clusterdata-2011 `task_events` (+ `task_usage`) as tasks over time. Our choices, as the
 * semi-online paper does not describe its extraction (semionline-notes §3.1):
 * - a task is (job ID, task index); arrival = its first SUBMIT (event 0), in s of trace time;
 * - duration = from its first SCHEDULE (1) to the next EVICT/FAIL/FINISH/KILL/LOST (2–6); without
 *   both events in the file, the span of its `task_usage` windows (first start to last end);
 *   tasks with neither are dropped (counted);
 * - size = its last non-empty CPU request (machine-normalised); tasks without one are dropped;
 * - usage series = `cpu_rate` (column 6) of its `task_usage` rows in time order, one sample per
 *   row, Δ = 300 s (the trace's 5-minute windows); a task with usage rows but not all tasks with
 *   them: tasks without rows get an empty series (they never overflow a machine).
 */
import type { TimelineTasks } from '../types.ts';
import { DataError } from '../../data/streams/errors.ts';
import { tasksFromRows, type TaskRow } from './tasks.ts';
import { setting } from '../../settings.ts';

export interface GoogleTimelineReport {
  readonly tasks: TimelineTasks;
  readonly dropped: { readonly noDuration: number; readonly noRequest: number };
}

interface Seen {
  arrival: number;
  schedule: number;
  end: number;
  cpu: number;
  mem: number;
  usage: { start: number; end: number; cpu: number }[];
}

const US = 1e6;

function rowsOf(
  text: string,
  file: string,
  columns: number,
  each: (f: string[], line: number) => void,
) {
  const lines = text.split(/\r?\n/);
  let k = 0;
  if (lines[0] && /[a-z]/i.test(lines[0].split(',')[0])) k = 1; // optional header
  for (; k < lines.length; k++) {
    if (lines[k].trim() === '') continue;
    const f = lines[k].split(',');
    if (f.length !== columns)
      throw new DataError(file, k + 1, `expected ${columns} fields, got ${f.length}`);
    each(f, k + 1);
  }
}

function int(f: string[], i: number, name: string, file: string, line: number): number {
  const v = Number(f[i]);
  if (f[i] === '' || !Number.isFinite(v))
    throw new DataError(file, line, `field ${name}: "${f[i]}" is not a number`);
  return v;
}

/** Tasks over time from `task_events` text and optional `task_usage` text. */
export function googleTimeline(
  events: { text: string; file: string },
  usage?: { text: string; file: string },
): GoogleTimelineReport {
  const tasks = new Map<string, Seen>();
  const get = (key: string): Seen => {
    let s = tasks.get(key);
    if (!s) {
      s = { arrival: NaN, schedule: NaN, end: NaN, cpu: NaN, mem: NaN, usage: [] };
      tasks.set(key, s);
    }
    return s;
  };
  rowsOf(events.text, events.file, 13, (f, line) => {
    const time = int(f, 0, 'timestamp', events.file, line) / US;
    const type = int(f, 5, 'event_type', events.file, line);
    const s = get(`${f[2]}:${f[3]}`);
    if (type === 0 && !(s.arrival <= time)) s.arrival = time;
    if (type === 1 && Number.isNaN(s.schedule)) s.schedule = time;
    if (type >= 2 && type <= 6 && s.schedule <= time && Number.isNaN(s.end)) s.end = time;
    if (f[9] !== '') s.cpu = int(f, 9, 'cpu_request', events.file, line);
    if (f[10] !== '') s.mem = int(f, 10, 'memory_request', events.file, line);
  });
  if (usage)
    rowsOf(usage.text, usage.file, 20, (f, line) => {
      const s = tasks.get(`${f[2]}:${f[3]}`);
      if (!s) return;
      s.usage.push({
        start: int(f, 0, 'start_time', usage.file, line) / US,
        end: int(f, 1, 'end_time', usage.file, line) / US,
        cpu: int(f, 5, 'cpu_rate', usage.file, line),
      });
    });
  const rows: TaskRow[] = [];
  let noDuration = 0;
  let noRequest = 0;
  for (const [id, s] of tasks) {
    if (Number.isNaN(s.arrival)) continue; // never submitted within the file
    s.usage.sort((a, b) => a.start - b.start);
    let duration = s.end - s.schedule;
    if (!(duration >= 0) && s.usage.length > 0)
      duration = s.usage[s.usage.length - 1].end - s.usage[0].start;
    if (!(duration >= 0)) {
      noDuration++;
      continue;
    }
    if (!(s.cpu > 0)) {
      noRequest++;
      continue;
    }
    rows.push({
      id,
      arrival: s.arrival,
      duration,
      size: Math.min(1, s.cpu),
      memory: Number.isNaN(s.mem) ? undefined : s.mem,
      usage: usage ? Float64Array.from(s.usage, (u) => u.cpu) : undefined,
    });
  }
  if (rows.length === 0)
    throw new DataError(
      events.file,
      null,
      `no task with an arrival, a duration and a CPU request (${noDuration} without duration${usage ? '' : `: give ${setting('google-usage', 'the task_usage files too')}`}, ${noRequest} without request)`,
    );
  return {
    tasks: tasksFromRows(rows, events.file, usage ? 300 : 0),
    dropped: { noDuration, noRequest },
  };
}
