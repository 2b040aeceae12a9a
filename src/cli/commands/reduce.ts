/**
 * `reduce`: a folder (or globs) of Google 2011 `task_usage` shards, with optional `task_events`,
 * to the compact per-task format, on DuckDB (one machine, multi-threaded, out of core) or on Dask
 * (`--engine dask`: a local cluster or `--scheduler tcp://HOST:8786`). The same filters and the same
 * canonical order as the in-process loader (src/engine/data/readers/google.ts), so all give the same file;
 * docs/reduce.sql is this reduction for BigQuery.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { PAPER_FILTERS, REPEAT_RULES, SEED, type GoogleFilters } from '../../engine/index.ts';
import { UsageError, rangeOption } from '../args.ts';
import { DUCKDB_THREADS, KEPT_TASKS, MIN_RECORDS, THREADS } from '../ranges.ts';
import type { Command } from './command.ts';
import { expandPaths } from '../io.ts';
import { daskReduction } from '../reduce/dask.ts';
import { duckdbReduction } from '../reduce/duckdb.ts';
import { fromJson } from '../reduce/fromJson.ts';
import { writeReduction, type ReduceParams } from '../reduce/write.ts';

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
    'min-records': rangeOption(
      MIN_RECORDS,
      'keep tasks with at least N records',
      PAPER_FILTERS.minRecords,
    ),
    'keep-zero-inst': { kind: 'flag', help: 'keep tasks whose inst samples are all 0' },
    'keep-avg-above-one': { kind: 'flag', help: 'do not replace avg > 1 by the inst value' },
    'keep-failed': { kind: 'flag', help: 'keep tasks with EVICT/FAIL/KILL/LOST events' },
    clamp: { kind: 'flag', help: 'clamp values above 1 instead of failing' },
    'skip-bad-lines': {
      kind: 'flag',
      help: 'skip unparsable lines (DuckDB ignore_errors) and count them',
    },
    duplicates: {
      kind: 'string',
      help: 'records of one task at one start time: merge (keep the first in (inst, avg) order, count it in the notes) or refuse',
      default: 'merge',
      choices: REPEAT_RULES,
    },
    tasks: rangeOption(KEPT_TASKS, 'keep N tasks picked by a seeded hash (docs/reduce.sql)'),
    seed: rangeOption(SEED, 'seed of the task pick', 1),
    threads: rangeOption(DUCKDB_THREADS, 'DuckDB threads (default: all cores)'),
    'memory-limit': { kind: 'string', help: "DuckDB memory limit, e.g. '4GB'" },
    'temp-dir': {
      kind: 'string',
      help: 'where DuckDB (or the Dask workers) spill when out of memory',
    },
    engine: { kind: 'string', help: 'duckdb (one machine) or dask', default: 'duckdb' },
    scheduler: {
      kind: 'string',
      help: 'with --engine dask: a running scheduler, tcp://HOST:8786 (default: a local cluster)',
    },
    workers: rangeOption(THREADS, 'with --engine dask: workers of the local cluster', 2),
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
    const pick = o.tasks as number | undefined;
    const seed = o.seed as number;
    const params: ReduceParams = {
      usageFiles: expandPaths(o.usage as string),
      eventFiles: o.events ? expandPaths(o.events as string) : [],
      filters,
      clamp: o.clamp === true,
      skipBad: o['skip-bad-lines'] === true,
      pick,
      seed,
      duplicates: o.duplicates === 'refuse' ? 'refuse' : 'merge',
    };
    const engine = o.engine as string;
    if (engine === 'dask') {
      if (o.threads !== undefined)
        throw new UsageError('--threads is for DuckDB; Dask takes --workers');
      const workers = o.workers as number;
      const reduction = await daskReduction(params, {
        scheduler: o.scheduler as string | undefined,
        workers,
        memoryLimit: o['memory-limit'] as string | undefined,
        tempDir: o['temp-dir'] as string | undefined,
        onProgress: (p) => process.stderr.write(`dask: ${p.stage} ${p.done}/${p.of}\n`),
      });
      try {
        out(
          JSON.stringify(
            await writeReduction(o.out as string, reduction, params, 'slopack reduce (Dask)'),
          ),
        );
      } finally {
        reduction.dispose();
      }
      return;
    }
    if (engine !== 'duckdb') throw new UsageError(`invalid --engine ${engine} (duckdb or dask)`);
    if (o.scheduler !== undefined) throw new UsageError('--scheduler needs --engine dask');
    const config: Record<string, string> = {};
    if (o.threads !== undefined) config.threads = String(o.threads);
    if (o['memory-limit'] !== undefined) config.memory_limit = String(o['memory-limit']);
    if (o['temp-dir'] !== undefined) config.temp_directory = String(o['temp-dir']);
    const instance = await DuckDBInstance.create(':memory:', config).catch((e: unknown) => {
      throw new UsageError(
        `DuckDB refused its settings (${Object.entries(config)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}): ${(e as Error).message}`,
      );
    });
    const c = await instance.connect();
    try {
      const reduction = await duckdbReduction(c, params);
      out(
        JSON.stringify(
          await writeReduction(o.out as string, reduction, params, 'slopack reduce (DuckDB)'),
        ),
      );
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  },
};
