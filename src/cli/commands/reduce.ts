/**
 * `reduce`: a folder (or globs) of Google 2011 `task_usage` shards, with optional `task_events`,
 * to the compact per-task format, through DuckDB (multi-threaded, out of core, reads .csv.gz). The
 * same filters and the same canonical order as the in-process loader (src/engine/data/google.ts),
 * so both give the same file; docs/reduce.sql is this reduction for BigQuery or Spark SQL.
 */
import { closeSync, createReadStream, openSync, writeSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { basename } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  DataError,
  EVENTS_COLUMNS,
  PAPER_FILTERS,
  USAGE_COLUMNS,
  compactSidecar,
  encodeCompact,
  npyHeader,
  type FilterCount,
  type GoogleFilters,
  type LoadReport,
} from '../../engine/index.ts';
import { head } from '../../ingest/stream.ts';
import { UsageError } from '../args.ts';
import type { Command } from './command.ts';
import { expandPaths, pathInput } from '../io.ts';

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

export const reduce: Command = {
  usage:
    'npm run cli -- reduce (--usage DIR|GLOB [--events DIR|GLOB] | --from-json FILES) --out BASE [options]',
  summary:
    'Reduces Google 2011 task_usage shards (.csv/.csv.gz, + task_events) to the compact per-task format with DuckDB, applying the paper’s filters.',
  options: {
    usage: {
      kind: 'string',
      help: 'task_usage shards: comma-separated files, folders or globs',
    },
    'from-json': {
      kind: 'string',
      help: 'instead: the JSON-lines export of docs/reduce.sql (BigQuery, Spark), .json or .json.gz',
    },
    events: { kind: 'string', help: 'task_events shards (failing tasks dropped; requests kept)' },
    out: { kind: 'string', help: 'output BASE: writes BASE.json and BASE.npy', required: true },
    'min-records': {
      kind: 'integer',
      help: 'keep tasks with at least N records',
      default: PAPER_FILTERS.minRecords,
    },
    'keep-zero-inst': { kind: 'flag', help: 'keep tasks whose inst samples are all 0' },
    'keep-avg-above-one': { kind: 'flag', help: 'do not replace avg > 1 by the inst value' },
    'keep-failed': { kind: 'flag', help: 'keep tasks with EVICT/FAIL/KILL/LOST events' },
    clamp: { kind: 'flag', help: 'clamp values above 1 instead of failing' },
    'skip-bad-lines': {
      kind: 'flag',
      help: 'skip unparsable lines (DuckDB ignore_errors) and count them',
    },
    tasks: { kind: 'integer', help: 'keep N tasks picked by a seeded hash (docs/reduce.sql)' },
    seed: { kind: 'integer', help: 'seed of the task pick', default: 1 },
    threads: { kind: 'integer', help: 'DuckDB threads (default: all cores)' },
    'memory-limit': { kind: 'string', help: "DuckDB memory limit, e.g. '4GB'" },
    'temp-dir': { kind: 'string', help: 'where DuckDB spills when out of memory' },
  },
  async run(o, out) {
    if (!o.usage === !o['from-json'])
      throw new UsageError('give exactly one of --usage or --from-json');
    if (o['from-json']) {
      out(
        JSON.stringify(
          await fromJson(expandPaths(o['from-json'] as string), o.out as string, o.clamp === true),
        ),
      );
      return;
    }
    const filters: GoogleFilters = {
      minRecords: o['min-records'] as number,
      dropAllZeroInst: !o['keep-zero-inst'],
      replaceAvgAboveOne: !o['keep-avg-above-one'],
      dropFailed: !o['keep-failed'],
    };
    if (!(filters.minRecords >= 1))
      throw new UsageError(`invalid --min-records ${filters.minRecords}`);
    const pick = o.tasks as number | undefined;
    if (pick !== undefined && pick < 1) throw new UsageError(`invalid --tasks ${pick}`);
    const seed = o.seed as number;
    if (seed < 0) throw new UsageError(`invalid --seed ${seed}`);
    const usageFiles = expandPaths(o.usage as string);
    const eventFiles = o.events ? expandPaths(o.events as string) : [];
    const clamp = o.clamp === true;
    const skipBad = o['skip-bad-lines'] === true;
    const config: Record<string, string> = {};
    if (o.threads !== undefined) config.threads = String(o.threads);
    if (o['memory-limit'] !== undefined) config.memory_limit = String(o['memory-limit']);
    if (o['temp-dir'] !== undefined) config.temp_directory = String(o['temp-dir']);
    const instance = await DuckDBInstance.create(':memory:', config);
    const c = await instance.connect();
    try {
      const summary = await reduceWith(
        c,
        { usageFiles, eventFiles, filters, clamp, skipBad, pick, seed },
        o.out as string,
      );
      out(JSON.stringify(summary));
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  },
};

interface ReduceParams {
  usageFiles: string[];
  eventFiles: string[];
  filters: GoogleFilters;
  clamp: boolean;
  skipBad: boolean;
  pick: number | undefined;
  seed: number;
}

async function reduceWith(c: DuckDBConnection, p: ReduceParams, outBase: string) {
  const { filters, clamp } = p;
  const rejects: string[] = [];
  const usageSelect = 'start_time, job_id, task_index, cpu_rate, sampled_cpu';
  await run(
    c,
    `CREATE TEMP TABLE usage AS ${await readCsvSql(p.usageFiles, USAGE_COLUMNS, USAGE_NAMES, USAGE_TYPES, usageSelect, p.skipBad, rejects)}`,
  );
  const records = await scalar(c, 'SELECT count(*) FROM usage');
  let skipped = 0;
  const countRejects = async () => {
    for (const t of rejects.splice(0)) skipped += await scalar(c, `SELECT count(*) FROM ${t}`);
  };
  await countRejects();
  // The in-process loader's line checks, as queries: a bad value fails (or is skipped and counted).
  const badUsage = `start_time IS NULL OR job_id IS NULL OR task_index IS NULL
    OR start_time < 0 OR job_id < 0 OR job_id >= 8589934592 OR task_index < 0 OR task_index >= 1048576
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
        `${bad} record(s) with a negative, out-of-range or above-1 value (the clamp option caps values above 1), e.g. job ${job} task ${idx} at ${start}: CPU rate ${avg}, sampled CPU ${inst}`,
      );
    }
    skipped += bad;
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
  const useEvents = p.eventFiles.length > 0;
  if (useEvents) {
    await run(
      c,
      `CREATE TEMP TABLE events AS ${await readCsvSql(p.eventFiles, EVENTS_COLUMNS, EVENTS_NAMES, EVENTS_TYPES, 'time, job_id, task_index, event_type, cpu_request, memory_request', p.skipBad, rejects)}`,
    );
    const badEvents = `time IS NULL OR job_id IS NULL OR task_index IS NULL
      OR time < 0 OR job_id < 0 OR job_id >= 8589934592 OR task_index < 0 OR task_index >= 1048576
      OR event_type IS NULL OR event_type < 0 OR event_type > 8 OR cpu_request < 0 OR memory_request < 0`;
    await countRejects();
    const badE = await scalar(c, `SELECT count(*) FROM events WHERE ${badEvents}`);
    if (badE > 0) {
      if (!p.skipBad)
        throw new DataError(
          p.eventFiles.map((f) => basename(f)).join(', '),
          null,
          `${badE} event(s) with a negative or out-of-range value`,
        );
      skipped += badE;
      await run(c, `DELETE FROM events WHERE ${badEvents}`);
    }
    await run(
      c,
      'CREATE TEMP TABLE failed AS SELECT DISTINCT job_id AS job, task_index AS idx FROM events WHERE event_type IN (2, 3, 5, 6)',
    );
  }
  await run(
    c,
    `CREATE TEMP TABLE tasks AS SELECT a.*, ${useEvents ? 'f.job IS NOT NULL' : 'false'} AS failed
     FROM (SELECT job, idx, count(*) AS n, bool_and(inst = 0) AS all_zero, sum(replaced::INT) AS replaced
           FROM recs GROUP BY job, idx) a
     ${useEvents ? 'LEFT JOIN failed f ON f.job = a.job AND f.idx = a.idx' : ''}`,
  );
  const tasksRead = await scalar(c, 'SELECT count(*) FROM tasks');
  const counts: FilterCount[] = [
    {
      id: 'emptyCpu',
      label: 'records without a CPU value (column 6 or 20 empty), not used',
      count: emptyCpu,
      of: 'records',
    },
  ];
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
    // taskPickKey (src/engine/data/google.ts), step by step in 64-bit integers.
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
  const tasks = await scalar(c, 'SELECT count(*) FROM kept');
  const total = await scalar(c, 'SELECT coalesce(sum(n), 0) FROM kept');
  if (replace)
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

  // Samples: tasks by (job, index), each task's records by (start, inst, avg); written as they stream.
  const stem = outBase.replace(/\.(json|npy)$/, '');
  const header = npyHeader('<f4', [2, total]);
  const fd = openSync(stem + '.npy', 'w');
  const ids: string[] = [];
  const offsets: number[] = [0];
  try {
    writeSync(fd, header);
    const result = await c.stream(
      `SELECT r.job, r.idx, r.inst, r.avg FROM recs r JOIN kept k ON r.job = k.job AND r.idx = k.idx
       ORDER BY r.job, r.idx, r.start, r.inst, r.avg`,
    );
    let pos = 0;
    let lastJob = -1n;
    let lastIdx = -1n;
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const jobs = chunk.getColumnValues(0) as bigint[];
      const idxs = chunk.getColumnValues(1) as bigint[];
      const inst = chunk.getColumnValues(2) as number[];
      const avg = chunk.getColumnValues(3) as number[];
      const n = chunk.rowCount;
      for (let i = 0; i < n; i++)
        if (jobs[i] !== lastJob || idxs[i] !== lastIdx) {
          if (ids.length) offsets.push(pos + i);
          ids.push(`${jobs[i]}:${idxs[i]}`);
          lastJob = jobs[i];
          lastIdx = idxs[i];
        }
      const a = Float32Array.from(inst);
      const b = Float32Array.from(avg);
      writeSync(fd, new Uint8Array(a.buffer), 0, a.byteLength, header.length + pos * 4);
      writeSync(fd, new Uint8Array(b.buffer), 0, b.byteLength, header.length + (total + pos) * 4);
      pos += n;
    }
    offsets.push(pos);
    if (pos !== total || ids.length !== tasks)
      throw new Error(
        `reduce: wrote ${pos} samples of ${ids.length} tasks, expected ${total} of ${tasks}`,
      );
  } finally {
    closeSync(fd);
  }
  let requests: { cpu: Float64Array; memory: Float64Array } | undefined;
  const notes: string[] = [];
  if (useEvents) {
    const r = await c.runAndReadAll(
      `SELECT k.job, k.idx,
         arg_max(e.cpu_request, [e.time, e.cpu_request]) FILTER (WHERE e.cpu_request IS NOT NULL),
         arg_max(e.memory_request, [e.time, e.memory_request]) FILTER (WHERE e.memory_request IS NOT NULL)
       FROM kept k LEFT JOIN events e ON e.job_id = k.job AND e.task_index = k.idx
       GROUP BY k.job, k.idx ORDER BY k.job, k.idx`,
    );
    const rows = r.getRows();
    requests = {
      cpu: new Float64Array(tasks).fill(NaN),
      memory: new Float64Array(tasks).fill(NaN),
    };
    rows.forEach((row, k) => {
      if (row[2] !== null) requests!.cpu[k] = Number(row[2]);
      if (row[3] !== null) requests!.memory[k] = Number(row[3]);
    });
    const withCpu = requests.cpu.filter((v) => !Number.isNaN(v)).length;
    notes.push(`${withCpu} of ${tasks} kept tasks have a CPU request in task_events`);
  }
  const report: LoadReport = {
    format: 'google',
    files: [
      ...p.usageFiles.map((f) => ({ name: basename(f), role: 'task_usage', bytes: 0, lines: 0 })),
      ...p.eventFiles.map((f) => ({ name: basename(f), role: 'task_events', bytes: 0, lines: 0 })),
    ],
    records,
    tasksRead,
    tasksKept: tasks,
    samplesKept: total,
    filters: counts,
    skippedLines: skipped,
    skippedExamples: [],
    units: 'fraction of a machine',
    notes,
  };
  const sidecar = compactSidecar({
    ids,
    offsets,
    hasAvg: true,
    report,
    options: {
      format: 'google',
      filters: { ...filters },
      clamp,
      skipBadLines: p.skipBad,
      ...(p.pick !== undefined ? { sample: { tasks: p.pick, seed: p.seed } } : {}),
    },
    samplesFile: basename(stem) + '.npy',
    tool: 'slopack reduce (DuckDB)',
    requests,
  });
  writeFileSync(stem + '.json', JSON.stringify(sidecar));
  return {
    tasks,
    samples: total,
    records,
    tasksRead,
    filters: counts,
    skippedLines: skipped,
    json: stem + '.json',
    npy: stem + '.npy',
  };
}

/**
 * The JSON-lines export of docs/reduce.sql (one task per line: job_id, task_index, inst, avg,
 * cpu_request, memory_request; integers as numbers or strings) to the compact format, tasks sorted
 * by (job ID, task index) whatever the export's order.
 */
async function fromJson(files: string[], outBase: string, clamp: boolean) {
  interface Row {
    job: bigint;
    idx: bigint;
    inst: Float64Array;
    avg: Float64Array;
    cpu: number;
    mem: number;
  }
  const rows: Row[] = [];
  let clamped = 0;
  for (const file of files) {
    const name = basename(file);
    const raw = createReadStream(file);
    const text = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
    let line = 0;
    try {
      for await (const l of createInterface({ input: text, crlfDelay: Infinity })) {
        line++;
        if (l.trim() === '') continue;
        const fail = (reason: string): never => {
          throw new DataError(name, line, reason);
        };
        let o: Record<string, unknown>;
        try {
          o = JSON.parse(l);
        } catch (e) {
          return fail(`not JSON: ${(e as Error).message}`);
        }
        const int = (k: string) => {
          const v = o[k];
          if (
            (typeof v === 'number' && Number.isSafeInteger(v)) ||
            (typeof v === 'string' && /^\d+$/.test(v))
          )
            return BigInt(v);
          return fail(`${k} is not a non-negative integer`);
        };
        const series = (k: string) => {
          const v = o[k];
          if (!Array.isArray(v) || v.length === 0) return fail(`${k} is not a non-empty array`);
          const a = new Float64Array(v.length);
          v.forEach((x, i) => {
            const n = typeof x === 'string' ? Number(x) : x;
            if (typeof n !== 'number' || !(n >= 0)) fail(`${k}[${i}] is not a non-negative number`);
            if (n > 1) {
              if (!clamp) fail(`${k}[${i}] = ${n} is above 1 (the clamp option caps such values)`);
              clamped++;
            }
            a[i] = Math.min(n, 1);
          });
          return a;
        };
        const request = (k: string) => {
          const v = o[k];
          if (v === null || v === undefined) return NaN;
          const n = typeof v === 'string' ? Number(v) : v;
          return typeof n === 'number' && n >= 0 ? n : fail(`${k} is not a non-negative number`);
        };
        const row = {
          job: int('job_id'),
          idx: int('task_index'),
          inst: series('inst'),
          avg: series('avg'),
          cpu: request('cpu_request'),
          mem: request('memory_request'),
        };
        if (row.inst.length !== row.avg.length) fail('inst and avg differ in length');
        rows.push(row);
      }
    } catch (e) {
      if (e instanceof DataError) throw e;
      throw new DataError(name, line || null, (e as Error).message);
    }
  }
  if (rows.length === 0)
    throw new DataError(
      files.map((f) => basename(f)).join(', ') || 'json',
      null,
      'no task in the export',
    );
  rows.sort((a, b) =>
    a.job < b.job ? -1 : a.job > b.job ? 1 : a.idx < b.idx ? -1 : a.idx > b.idx ? 1 : 0,
  );
  for (let i = 1; i < rows.length; i++)
    if (rows[i].job === rows[i - 1].job && rows[i].idx === rows[i - 1].idx)
      throw new DataError(
        files.map((f) => basename(f)).join(', '),
        null,
        `task ${rows[i].job}:${rows[i].idx} appears twice`,
      );
  const samples = {
    ids: rows.map((r) => `${r.job}:${r.idx}`),
    inst: rows.map((r) => r.inst),
    avg: rows.map((r) => r.avg),
    requests: {
      cpu: Float64Array.from(rows, (r) => r.cpu),
      memory: Float64Array.from(rows, (r) => r.mem),
    },
  };
  const total = rows.reduce((a, r) => a + r.inst.length, 0);
  const report: LoadReport = {
    format: 'google',
    files: files.map((f) => ({ name: basename(f), role: 'json', bytes: 0, lines: 0 })),
    records: total,
    tasksRead: rows.length,
    tasksKept: rows.length,
    samplesKept: total,
    filters: clamp
      ? [{ id: 'clamped', label: 'values above 1 clamped to 1', count: clamped, of: 'values' }]
      : [],
    skippedLines: 0,
    skippedExamples: [],
    units: 'fraction of a machine',
    notes: ['filtered by docs/reduce.sql: its filter counts are in the query, not in this file'],
  };
  const stem = outBase.replace(/\.(json|npy)$/, '');
  const compact = encodeCompact(
    samples,
    report,
    { format: 'google', source: 'docs/reduce.sql' },
    basename(stem) + '.npy',
    'slopack reduce --from-json',
  );
  writeFileSync(stem + '.npy', compact.npy);
  writeFileSync(stem + '.json', compact.json);
  return { tasks: rows.length, samples: total, json: stem + '.json', npy: stem + '.npy' };
}
