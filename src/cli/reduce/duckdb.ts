/**
 * `reduce` on DuckDB (multi-threaded, out of core, reads .csv.gz): Google 2011 task_usage shards
 * (+ task_events) filtered as the in-process loader (src/engine/data/readers/google.ts) filters them.
 */
import { basename } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  DataError,
  EVENTS_COLUMNS,
  USAGE_COLUMNS,
  startRepeatRefusal,
  type FilterCount,
  type StartRepeats,
} from '../../engine/index.ts';
import { head } from '../../ingest/stream.ts';
import { pathInput } from '../io.ts';
import type { ReduceParams, Reduction } from './write.ts';

const USAGE_TYPES: Record<number, string> = {
  0: 'BIGINT',
  2: 'BIGINT',
  3: 'BIGINT',
  5: 'DOUBLE',
  19: 'DOUBLE',
};
const EVENTS_TYPES: Record<number, string> = {
  0: 'DOUBLE',
  2: 'BIGINT',
  3: 'BIGINT',
  5: 'BIGINT',
  9: 'DOUBLE',
  10: 'DOUBLE',
};
const USAGE_NAMES: Record<number, string> = {
  0: 'start_time',
  2: 'job_id',
  3: 'task_index',
  5: 'cpu_rate',
  19: 'sampled_cpu',
};
const EVENTS_NAMES: Record<number, string> = {
  0: 'time',
  2: 'job_id',
  3: 'task_index',
  5: 'event_type',
  9: 'cpu_request',
  10: 'memory_request',
};

/** The `columns` argument of DuckDB's read_csv: typed where read, VARCHAR elsewhere. */
function columnsArg(
  count: number,
  names: Record<number, string>,
  types: Record<number, string>,
): string {
  const cols = Array.from(
    { length: count },
    (_, i) => `'${names[i] ?? `c${i + 1}`}': '${types[i] ?? 'VARCHAR'}'`,
  );
  return `{${cols.join(', ')}}`;
}

const sqlString = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** One read_csv per header kind (the shard excerpts carry a header line, the real shards none). */
async function readCsvSql(
  files: string[],
  count: number,
  names: Record<number, string>,
  types: Record<number, string>,
  select: string,
  skipBad: boolean,
  rejects: string[],
): Promise<string> {
  const withHeader: string[] = [];
  const without: string[] = [];
  for (const f of files) {
    const first = await head(await pathInput(f), 1);
    (first.length && /[A-Za-z_"#]/.test(String.fromCharCode(first[0])) ? withHeader : without).push(
      f,
    );
  }
  const part = (list: string[], header: boolean) => {
    const table = `rejects_${rejects.length}`;
    if (skipBad) rejects.push(table);
    return `SELECT ${select} FROM read_csv([${list.map(sqlString).join(', ')}], header = ${header}, auto_detect = false, delim = ',', quote = '"', escape = '"', columns = ${columnsArg(count, names, types)}${skipBad ? `, store_rejects = true, rejects_table = '${table}', rejects_scan = '${table}_scan'` : ''})`;
  };
  return [
    without.length ? part(without, false) : '',
    withHeader.length ? part(withHeader, true) : '',
  ]
    .filter(Boolean)
    .join(' UNION ALL ');
}

async function scalar(c: DuckDBConnection, sql: string): Promise<number> {
  const r = await c.runAndReadAll(sql);
  const v = r.getRows()[0]?.[0];
  return v === null || v === undefined ? 0 : Number(v);
}

/** Runs DuckDB SQL, turning its errors (bad CSV lines name file and line) into DataErrors. */
async function run(c: DuckDBConnection, sql: string): Promise<void> {
  try {
    await c.run(sql);
  } catch (e) {
    const message = (e as Error).message;
    const line = /Line: (\d+)/.exec(message)?.[1];
    const file = /file "?([^"\n]+?)"?[:\n]/i.exec(message)?.[1] ?? 'task_usage';
    throw new DataError(basename(file), line ? Number(line) : null, message.split('\n')[0]);
  }
}

/** One reduction's connection, parameters, pending rejects tables and lines skipped so far. */
interface Session {
  readonly c: DuckDBConnection;
  readonly p: ReduceParams;
  readonly rejects: string[];
  skipped: number;
}

/** Adds the lines DuckDB's read_csv rejected (skip-bad mode) to the skipped count. */
async function countRejects(s: Session): Promise<void> {
  for (const t of s.rejects.splice(0)) s.skipped += await scalar(s.c, `SELECT count(*) FROM ${t}`);
}

/** task_usage into `recs` (job, idx, start, inst, avg, replaced) after the loader's line checks. */
async function loadUsage(
  s: Session,
): Promise<{ records: number; emptyCpu: number; clamped: number }> {
  const { c, p } = s;
  const { filters, clamp } = p;
  const usageSelect = 'start_time, job_id, task_index, cpu_rate, sampled_cpu';
  await run(
    c,
    `CREATE TEMP TABLE usage AS ${await readCsvSql(p.usageFiles, USAGE_COLUMNS, USAGE_NAMES, USAGE_TYPES, usageSelect, p.skipBad, s.rejects)}`,
  );
  const records = await scalar(c, 'SELECT count(*) FROM usage');
  await countRejects(s);
  // The in-process loader's line checks, as queries: a bad value fails (or is skipped and counted).
  const badUsage = `start_time IS NULL OR job_id IS NULL OR task_index IS NULL
    OR start_time < 0 OR job_id < 0 OR job_id >= 8589934592 OR task_index < 0 OR task_index >= 1048576
    OR isnan(sampled_cpu) OR isinf(sampled_cpu) OR isnan(cpu_rate) OR isinf(cpu_rate)
    OR (sampled_cpu IS NOT NULL AND cpu_rate IS NOT NULL AND (sampled_cpu < 0 OR cpu_rate < 0
      OR (NOT ${clamp} AND (sampled_cpu > 1 OR (cpu_rate > 1 AND NOT (${filters.replaceAvgAboveOne} AND sampled_cpu <= 1))))))`;
  const bad = await scalar(c, `SELECT count(*) FROM usage WHERE ${badUsage}`);
  if (bad > 0) {
    if (!p.skipBad) {
      const r = await c.runAndReadAll(
        `SELECT job_id, task_index, start_time, cpu_rate, sampled_cpu FROM usage WHERE ${badUsage} LIMIT 1`,
      );
      const [job, idx, start, avg, inst] = r.getRows()[0].map(String);
      throw new DataError(
        p.usageFiles.map((f) => basename(f)).join(', '),
        null,
        `${bad} record(s) with a non-finite (NaN, Infinity), negative, out-of-range or above-1 value (the clamp option caps values above 1), e.g. job ${job} task ${idx} at ${start}: CPU rate ${avg}, sampled CPU ${inst}`,
      );
    }
    s.skipped += bad;
    await run(c, `DELETE FROM usage WHERE ${badUsage}`);
  }
  const emptyCpu = await scalar(
    c,
    'SELECT count(*) FROM usage WHERE sampled_cpu IS NULL OR cpu_rate IS NULL',
  );
  const replace = filters.replaceAvgAboveOne;
  const cap = (x: string) => (clamp ? `LEAST(${x}, 1.0)` : x);
  await run(
    c,
    `CREATE TEMP TABLE recs AS SELECT job_id AS job, task_index AS idx, start_time AS start,
       ${cap('sampled_cpu')} AS inst,
       ${cap(`CASE WHEN ${replace} AND cpu_rate > 1 THEN sampled_cpu ELSE cpu_rate END`)} AS avg,
       (${replace} AND cpu_rate > 1) AS replaced
     FROM usage WHERE sampled_cpu IS NOT NULL AND cpu_rate IS NOT NULL`,
  );
  const clamped = clamp
    ? await scalar(
        c,
        `SELECT sum((sampled_cpu > 1)::INT + ((CASE WHEN ${replace} AND cpu_rate > 1 THEN sampled_cpu ELSE cpu_rate END) > 1)::INT) FROM usage WHERE sampled_cpu IS NOT NULL AND cpu_rate IS NOT NULL`,
      )
    : 0;
  await run(c, 'DROP TABLE usage');
  return { records, emptyCpu, clamped };
}

/**
 * Records of one task at one start time merged in `recs`: the first in (inst, avg, replaced) order
 * kept (as the in-process loader), the others counted as identical or conflicting; or refused.
 */
async function mergeRepeats(s: Session): Promise<StartRepeats> {
  const { c, p } = s;
  await run(
    c,
    `CREATE TEMP TABLE ranked AS SELECT *,
       row_number() OVER w AS k, first_value(inst) OVER w AS inst0, first_value(avg) OVER w AS avg0
     FROM recs WINDOW w AS (PARTITION BY job, idx, start ORDER BY inst, avg, replaced)`,
  );
  const r = await c.runAndReadAll(
    `SELECT count(*) FILTER (WHERE inst = inst0 AND avg = avg0),
       count(*) FILTER (WHERE NOT (inst = inst0 AND avg = avg0)),
       min([job, idx, start]) FILTER (WHERE NOT (inst = inst0 AND avg = avg0)),
       min([job, idx, start])
     FROM ranked WHERE k > 1`,
  );
  const [identical, conflicting, first, any] = r.getRows()[0];
  const place = (v: unknown) => {
    const [job, index, start] = (v as { items: unknown[] }).items.map(Number);
    return { job, index, start };
  };
  if (any !== null && p.duplicates === 'refuse') {
    const { job, index, start } = place(any);
    throw new DataError(
      p.usageFiles.map((f) => basename(f)).join(', '),
      null,
      startRepeatRefusal(job, index, start),
    );
  }
  if (any !== null) {
    await run(c, 'DROP TABLE recs');
    await run(
      c,
      'CREATE TEMP TABLE recs AS SELECT job, idx, start, inst, avg, replaced FROM ranked WHERE k = 1',
    );
  }
  await run(c, 'DROP TABLE ranked');
  return {
    identical: Number(identical),
    conflicting: Number(conflicting),
    first: first === null ? null : place(first),
  };
}

/** task_events into `events` after the line checks, and `failed`: tasks with a failure event. */
async function loadEvents(s: Session): Promise<void> {
  const { c, p } = s;
  await run(
    c,
    `CREATE TEMP TABLE events AS ${await readCsvSql(p.eventFiles, EVENTS_COLUMNS, EVENTS_NAMES, EVENTS_TYPES, 'time, job_id, task_index, event_type, cpu_request, memory_request', p.skipBad, s.rejects)}`,
  );
  const badEvents = `time IS NULL OR job_id IS NULL OR task_index IS NULL
      OR time < 0 OR job_id < 0 OR job_id >= 8589934592 OR task_index < 0 OR task_index >= 1048576
      OR event_type IS NULL OR event_type < 0 OR event_type > 8 OR cpu_request < 0 OR memory_request < 0
      OR isnan(cpu_request) OR isinf(cpu_request) OR isnan(memory_request) OR isinf(memory_request)`;
  await countRejects(s);
  const badE = await scalar(c, `SELECT count(*) FROM events WHERE ${badEvents}`);
  if (badE > 0) {
    if (!p.skipBad)
      throw new DataError(
        p.eventFiles.map((f) => basename(f)).join(', '),
        null,
        `${badE} event(s) with a non-finite, negative or out-of-range value`,
      );
    s.skipped += badE;
    await run(c, `DELETE FROM events WHERE ${badEvents}`);
  }
  await run(
    c,
    'CREATE TEMP TABLE failed AS SELECT DISTINCT job_id AS job, task_index AS idx FROM events WHERE event_type IN (2, 3, 5, 6)',
  );
}

/**
 * Tasks of `recs` through the filters into `kept` (job, idx, n, replaced), counting what each filter
 * drops; `counts` arrives holding the record-level counts and leaves with the task-level ones added.
 */
async function keepTasks(
  s: Session,
  useEvents: boolean,
  counts: FilterCount[],
): Promise<{ tasksRead: number }> {
  const { c, p } = s;
  const { filters } = p;
  await run(
    c,
    `CREATE TEMP TABLE tasks AS SELECT a.*, ${useEvents ? 'f.job IS NOT NULL' : 'false'} AS failed
     FROM (SELECT job, idx, count(*) AS n, bool_and(inst = 0) AS all_zero, sum(replaced::INT) AS replaced
           FROM recs GROUP BY job, idx) a
     ${useEvents ? 'LEFT JOIN failed f ON f.job = a.job AND f.idx = a.idx' : ''}`,
  );
  const tasksRead = await scalar(c, 'SELECT count(*) FROM tasks');
  let alive = 'true';
  const drop = async (id: string, label: string, condition: string) => {
    const count = await scalar(c, `SELECT count(*) FROM tasks WHERE ${alive} AND ${condition}`);
    counts.push({ id, label, count, of: 'tasks' });
    alive = `${alive} AND NOT (${condition})`;
  };
  if (useEvents && filters.dropFailed)
    await drop('failed', 'tasks with an EVICT, FAIL, KILL or LOST event, dropped', 'failed');
  if (filters.minRecords > 1)
    await drop(
      'minRecords',
      `tasks with fewer than ${filters.minRecords} records, dropped`,
      `n < ${filters.minRecords}`,
    );
  if (filters.dropAllZeroInst)
    await drop('allZeroInst', 'tasks whose inst samples are all 0, dropped', 'all_zero');
  let keptSql = `SELECT job, idx, n, replaced FROM tasks WHERE ${alive}`;
  const passing = await scalar(c, `SELECT count(*) FROM tasks WHERE ${alive}`);
  if (p.pick !== undefined && passing > p.pick) {
    counts.push({
      id: 'sample',
      label: `tasks not among the ${p.pick} picked with seed ${p.seed}, dropped`,
      count: passing - p.pick,
      of: 'tasks',
    });
    // taskPickKey (src/engine/data/readers/google.ts), step by step in 64-bit integers.
    const P = 2147483647;
    keptSql = `WITH h1 AS (SELECT job, idx, ((job % ${P}) * 1103515245 + idx + 1) % ${P} AS h FROM tasks WHERE ${alive}),
      h2 AS (SELECT job, idx, (h * h + ${p.seed % P} + 12345) % ${P} AS h FROM h1),
      h3 AS (SELECT job, idx, (h * 48271 + 1) % ${P} AS h FROM h2),
      h4 AS (SELECT job, idx, (h * h + 1) % ${P} AS h FROM h3),
      h5 AS (SELECT job, idx, (h * h + 7) % ${P} AS h FROM h4),
      picked AS (SELECT job, idx FROM h5 ORDER BY h, job, idx LIMIT ${p.pick})
      SELECT t.job, t.idx, t.n, t.replaced FROM tasks t JOIN picked USING (job, idx)`;
  }
  await run(c, `CREATE TEMP TABLE kept AS ${keptSql}`);
  return { tasksRead };
}

/** The reduction in DuckDB (SQL over read_csv; DuckDB spills to `temp_directory` past memory). */
export async function duckdbReduction(c: DuckDBConnection, p: ReduceParams): Promise<Reduction> {
  const { filters, clamp } = p;
  const s: Session = { c, p, rejects: [], skipped: 0 };
  const { records, emptyCpu, clamped } = await loadUsage(s);
  const repeats = await mergeRepeats(s);
  const useEvents = p.eventFiles.length > 0;
  if (useEvents) await loadEvents(s);
  const counts: FilterCount[] = [
    {
      id: 'emptyCpu',
      label: 'records without a CPU value (column 6 or 20 empty), not used',
      count: emptyCpu,
      of: 'records',
    },
  ];
  const { tasksRead } = await keepTasks(s, useEvents, counts);
  const tasks = await scalar(c, 'SELECT count(*) FROM kept');
  const total = await scalar(c, 'SELECT coalesce(sum(n), 0) FROM kept');
  if (filters.replaceAvgAboveOne)
    counts.push({
      id: 'avgReplaced',
      label: 'avg values above 1 replaced by the record’s inst (kept tasks)',
      count: await scalar(c, 'SELECT coalesce(sum(replaced), 0) FROM kept'),
      of: 'records',
    });
  if (clamp)
    counts.push({
      id: 'clamped',
      label: 'values above 1 clamped to 1',
      count: clamped,
      of: 'values',
    });
  if (tasks === 0)
    throw new DataError(
      p.usageFiles.map((f) => basename(f)).join(', '),
      null,
      `no task left after the filters: ${records} records of ${tasksRead} tasks read; ${counts
        .filter((f) => f.of === 'tasks')
        .map((f) => `${f.count} ${f.label}`)
        .join('; ')}`,
    );
  return {
    records,
    tasksRead,
    tasks,
    total,
    counts,
    skipped: s.skipped,
    repeats,
    ...keptRows(c, tasks, useEvents),
  };
}

/** The kept tasks' records in (job, idx, start) order, streamed, and their last requests. */
function keptRows(
  c: DuckDBConnection,
  tasks: number,
  useEvents: boolean,
): Pick<Reduction, 'rows' | 'requests'> {
  return {
    async *rows() {
      const result = await c.stream(
        `SELECT r.job, r.idx, r.inst, r.avg FROM recs r JOIN kept k ON r.job = k.job AND r.idx = k.idx
         ORDER BY r.job, r.idx, r.start, r.inst, r.avg`,
      );
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        yield {
          n: chunk.rowCount,
          jobs: chunk.getColumnValues(0) as bigint[],
          idxs: chunk.getColumnValues(1) as bigint[],
          inst: chunk.getColumnValues(2) as number[],
          avg: chunk.getColumnValues(3) as number[],
        };
      }
    },
    async requests() {
      if (!useEvents) return undefined;
      const r = await c.runAndReadAll(
        `SELECT k.job, k.idx,
           arg_max(e.cpu_request, [e.time, e.cpu_request]) FILTER (WHERE e.cpu_request IS NOT NULL),
           arg_max(e.memory_request, [e.time, e.memory_request]) FILTER (WHERE e.memory_request IS NOT NULL)
         FROM kept k LEFT JOIN events e ON e.job_id = k.job AND e.task_index = k.idx
         GROUP BY k.job, k.idx ORDER BY k.job, k.idx`,
      );
      const cpu = new Float64Array(tasks).fill(NaN);
      const memory = new Float64Array(tasks).fill(NaN);
      r.getRows().forEach((row, k) => {
        if (row[2] !== null) cpu[k] = Number(row[2]);
        if (row[3] !== null) memory[k] = Number(row[3]);
      });
      return { cpu, memory };
    },
  };
}
