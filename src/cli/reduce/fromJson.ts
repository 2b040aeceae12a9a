/** `reduce --from-json`: the JSON-lines export of docs/reduce.sql (BigQuery, Spark) to the compact format. */
import { decimalOrNull } from '../../engine/numberText.ts';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { basename } from 'node:path';
import { DataError, encodeCompact, type LoadReport } from '../../engine/index.ts';
import { writeOutput } from '../files.ts';

/** A task of the export: its IDs, inst and avg series and last requests (NaN: none). */
interface Row {
  job: bigint;
  idx: bigint;
  inst: Float64Array;
  avg: Float64Array;
  cpu: number;
  mem: number;
}

/** One parsed JSON line as a task; `fail` throws naming the file and line, `onClamp` counts a cap. */
function parseTask(
  o: Record<string, unknown>,
  fail: (reason: string) => never,
  clamp: boolean,
  onClamp: () => void,
): Row {
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
      const n = typeof x === 'string' ? decimalOrNull(x) : x;
      if (typeof n !== 'number' || !(n >= 0)) fail(`${k}[${i}] is not a non-negative number`);
      if (n > 1) {
        if (!clamp) fail(`${k}[${i}] = ${n} is above 1 (the clamp option caps such values)`);
        onClamp();
      }
      a[i] = Math.min(n, 1);
    });
    return a;
  };
  const request = (k: string) => {
    const v = o[k];
    if (v === null || v === undefined) return NaN;
    const n = typeof v === 'string' ? decimalOrNull(v) : v;
    return typeof n === 'number' && n >= 0 ? n : fail(`${k} is not a non-negative number`);
  };
  return {
    job: int('job_id'),
    idx: int('task_index'),
    inst: series('inst'),
    avg: series('avg'),
    cpu: request('cpu_request'),
    mem: request('memory_request'),
  };
}

/**
 * The JSON-lines export of docs/reduce.sql (one task per line: job_id, task_index, inst, avg,
 * cpu_request, memory_request; integers as numbers or strings) to the compact format, tasks sorted
 * by (job ID, task index) whatever the export's order.
 */
export async function fromJson(files: string[], outBase: string, clamp: boolean) {
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
        const row = parseTask(o, fail, clamp, () => clamped++);
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
  writeOutput(stem + '.npy', compact.npy);
  writeOutput(stem + '.json', compact.json);
  return { tasks: rows.length, samples: total, json: stem + '.json', npy: stem + '.npy' };
}
