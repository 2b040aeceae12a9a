/** File access for the command line: `.npy` matrices, and datasets of every format through src/ingest. */
import { existsSync, openAsBlob, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { readWholeFile } from './inflate.ts';
import {
  DataError,
  findFormat,
  formatEntries,
  REPEAT_RULES,
  UNITS,
  REALIZATIONS,
  SEED,
  TASK_SCALE,
  encodeCompact,
  type FilePreset,
  type FormatId,
  type LoadReport,
  type LoadResult,
  type LoadSpec,
  type SpecOptions,
  type TaskSamples,
  type Unit,
} from '../engine/index.ts';
import { estimateWithin, loadDataset, resolveRequest, type LoadRequest } from '../ingest/load.ts';
import { describeEstimate, parseLimit, type ParseLimit } from '../ingest/sizes.ts';
import { blobInput, type InputFile, type StreamControl } from '../ingest/stream.ts';
import { UsageError, rangeOption, type OptionSpec, type Options } from './args.ts';
import { asUsage } from './commands/command.ts';
import { MAX_TASKS, MEMORY_BUDGET, MIN_RECORDS, TIME_COLUMNS, UNIT_CAPACITY } from './ranges.ts';
import { loadPrometheusOptions, promOptions, sourceFromOptions } from './promOptions.ts';
import { CORES_OPTION } from './clusterFlags.ts';
import { writeOutput } from './files.ts';

/**
 * A whole file (gunzipped if gzip), streamed under the whole-file cap; `text` adds the checks of a
 * file of rows (a line past 16 MiB, 16 MiB without a row). Every failure is a `DataError` naming it.
 */
function readBytes(path: string, text = false): Uint8Array {
  try {
    return readWholeFile(path, { text });
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw new DataError(
      path,
      null,
      (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message,
    );
  }
}

export function readText(path: string): string {
  return new TextDecoder().decode(readBytes(path, true));
}

export { MatrixWriter, matrixRowBlocks, readMatrix, writeMatrix } from './matrixFiles.ts';

/** A file on disk as a streaming input (read chunk by chunk; gzip detected by its magic bytes). */
export async function pathInput(path: string, role?: string): Promise<InputFile> {
  try {
    // openAsBlob says only "Unable to open file as blob" for a missing file: stat it first.
    if (statSync(path).isDirectory())
      throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    return blobInput(await openAsBlob(path), basename(path), role);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new DataError(
      path,
      null,
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : (e as Error).message,
    );
  }
}

/**
 * Files named by a comma-separated list of paths, folders (their .csv, .csv.gz, .npy and .json
 * files) and globs with `*` or `?` in the last path component; each part sorted by name.
 */
export function expandPaths(list: string): string[] {
  const out: string[] = [];
  for (const part of list.split(',').map((s) => s.trim())) {
    if (part === '') continue;
    const name = basename(part);
    if (/[*?]/.test(name)) {
      const dir = dirname(part);
      const re = new RegExp(
        '^' +
          name
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\?/g, '.') +
          '$',
      );
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        throw new DataError(part, null, `no such folder ${dir}`);
      }
      const hits = names.filter((n) => re.test(n)).sort();
      if (hits.length === 0) throw new DataError(part, null, 'no file matches');
      out.push(...hits.map((n) => join(dir, n)));
    } else if (existsSync(part) && statSync(part).isDirectory()) {
      const hits = readdirSync(part)
        .filter((n) => /\.(csv|csv\.gz|npy|json|gz)$/i.test(n))
        .sort();
      if (hits.length === 0)
        throw new DataError(part, null, 'no .csv, .csv.gz, .npy or .json file in this folder');
      out.push(...hits.map((n) => join(part, n)));
    } else out.push(part);
  }
  return out;
}

/** The options every command that loads data takes (SPEC §10), beside `--data`. */
export const dataOptions = {
  data: {
    kind: 'string',
    help: 'data file(s): comma-separated paths, folders or globs (.csv, .csv.gz, .npy, .json)',
  },
  format: {
    kind: 'string',
    help: 'input format (auto: from the name and first lines)',
    default: 'auto',
    choices: ['auto', ...formatEntries().map((e) => e.id)],
  },
  events: { kind: 'string', help: 'Google task_events file(s), folders or globs' },
  'avg-data': { kind: 'string', help: 'the avg file paired with --data (column-per-task, .npy)' },
  unit: {
    kind: 'string',
    help: 'source unit (default: percent for CSV, fraction for Google and .npy)',
    choices: UNITS,
  },
  scale: rangeOption(
    TASK_SCALE,
    'task size in machines (default 1: percent and fractions are of a whole machine; PlanetLab VMs are 0.25)',
  ),
  'unit-capacity': rangeOption(
    UNIT_CAPACITY,
    'the reference machine in the source unit (e.g. MHz), for --unit absolute',
  ),
  'cores-per-machine': CORES_OPTION,
  'id-label': { kind: 'string', help: 'Prometheus JSON: the label naming a task' },
  clamp: { kind: 'flag', help: 'clamp values above the unit (> 100 %, > 1) instead of failing' },
  'skip-bad-lines': {
    kind: 'flag',
    help: 'skip bad lines (reported and counted) instead of failing',
  },
  duplicates: {
    kind: 'string',
    help: 'a repeated timestamp of a series: merge (keep the first, count it in the notes) or refuse',
    default: 'merge',
    choices: REPEAT_RULES,
  },
  'id-column': { kind: 'string', help: 'long CSV: task id column (name or 1-based number)' },
  'value-column': { kind: 'string', help: 'long CSV: inst value column (name or number)' },
  'avg-column': { kind: 'string', help: 'long CSV: avg value column (name or number)' },
  'scale-column': { kind: 'string', help: 'long CSV: column multiplying each value (e.g. cores)' },
  'time-column': {
    kind: 'string',
    help: 'long CSV: timestamp column in seconds (name or number), for --mode aligned or blocks',
  },
  'time-columns': rangeOption(
    TIME_COLUMNS,
    'column-per-task CSV: leading time columns (default: detected)',
  ),
  'min-records': rangeOption(MIN_RECORDS, 'Google: keep tasks with at least N records (paper: 24)'),
  'keep-zero-inst': { kind: 'flag', help: 'Google: keep tasks whose inst samples are all 0' },
  'keep-avg-above-one': { kind: 'flag', help: 'Google: do not replace avg > 1 by the inst value' },
  'keep-failed': { kind: 'flag', help: 'Google: keep tasks with EVICT/FAIL/KILL/LOST events' },
  'npy-kind': {
    kind: 'string',
    help: '.npy holds (N, T) samples or a ready (N, R) realization matrix',
    choices: ['samples', 'realizations'],
  },
  'max-tasks': rangeOption(MAX_TASKS, 'wide CSV: keep only the first N tasks'),
  'memory-budget': rangeOption(
    MEMORY_BUDGET,
    'GiB the loaded samples and the realized pool may take; a load estimated above it is refused before the files are read (0: no check)',
    8,
  ),
  ...promOptions,
} as const satisfies Record<string, OptionSpec>;

/** The format and loose options the data options describe. */
export function requestFrom(o: Options): LoadRequest {
  const str = (k: string) => (o[k] === undefined ? undefined : String(o[k]));
  const num = (k: string) => (o[k] === undefined ? undefined : (o[k] as number));
  const filters = {
    ...(o['min-records'] !== undefined ? { minRecords: o['min-records'] as number } : {}),
    ...(o['keep-zero-inst'] ? { dropAllZeroInst: false } : {}),
    ...(o['keep-avg-above-one'] ? { replaceAvgAboveOne: false } : {}),
    ...(o['keep-failed'] ? { dropFailed: false } : {}),
  };
  const options: SpecOptions = {
    ...(o.unit !== undefined ? { unit: o.unit as Unit } : {}),
    ...(o.fraction ? { unit: 'fraction' as const } : {}),
    ...(num('scale') !== undefined ? { scale: num('scale') } : {}),
    ...(num('unit-capacity') !== undefined ? { capacity: num('unit-capacity') } : {}),
    ...(num('cores-per-machine') !== undefined
      ? { coresPerMachine: num('cores-per-machine') }
      : {}),
    ...(str('id-label') !== undefined ? { idLabel: str('id-label') } : {}),
    ...(o.clamp ? { clamp: true } : {}),
    ...(o['skip-bad-lines'] ? { skipBadLines: true } : {}),
    ...(o.duplicates === 'refuse' ? { duplicates: 'refuse' as const } : {}),
    ...(str('id-column') !== undefined ? { idColumn: str('id-column') } : {}),
    ...(str('value-column') !== undefined ? { valueColumn: str('value-column') } : {}),
    ...(str('avg-column') !== undefined ? { avgColumn: str('avg-column') } : {}),
    ...(str('scale-column') !== undefined ? { scaleColumn: str('scale-column') } : {}),
    ...(num('time-columns') !== undefined ? { timeColumns: num('time-columns') } : {}),
    ...(str('time-column') !== undefined ? { timeColumn: str('time-column') } : {}),
    ...(num('max-tasks') !== undefined ? { maxTasks: num('max-tasks') } : {}),
    ...(Object.keys(filters).length ? { filters } : {}),
    ...(str('npy-kind') !== undefined
      ? { kind: str('npy-kind') as 'samples' | 'realizations' }
      : {}),
  };
  const format = (o.format as string | undefined) ?? 'auto';
  if (format !== 'auto' && !findFormat(format))
    throw new UsageError(`invalid --format "${format}"`);
  return format === 'auto'
    ? { format: 'auto', ...options }
    : { format: 'auto', as: format as FormatId, ...options };
}

/** Whether the options name data to load: files (--data) or a live source (--prometheus). */
export function hasData(o: Options): boolean {
  return Boolean(o.data) || o.prometheus !== undefined;
}

/** The inputs the data options name: --data files, then --events and --avg-data with their roles. */
export async function inputsFrom(o: Options): Promise<InputFile[]> {
  if (!o.data) throw new UsageError('--data (or --prometheus URL) is required');
  const inputs: InputFile[] = [];
  for (const p of expandPaths(o.data as string)) inputs.push(await pathInput(p));
  if (o.events)
    for (const p of expandPaths(o.events as string)) inputs.push(await pathInput(p, 'events'));
  if (o['avg-data'])
    for (const p of expandPaths(o['avg-data'] as string)) inputs.push(await pathInput(p, 'avg'));
  return inputs;
}

/** Loads what the data options name; a `DataError` on bad data, a `UsageError` on bad options. */
export async function loadFromOptions(
  o: Options,
  control: StreamControl = {},
  keep: { times?: boolean } = {},
): Promise<LoadResult & { spec: LoadSpec }> {
  const source = sourceFromOptions(o);
  if (source) return loadPrometheusOptions(o, source, control, keep);
  const inputs = await inputsFrom(o);
  const request = asUsage(() => requestFrom(o));
  try {
    const spec = await resolveRequest(inputs, request, control);
    const budget = ((o['memory-budget'] as number | undefined) ?? 0) * 2 ** 30;
    let maxParsed: ParseLimit | undefined;
    if (budget > 0) {
      const realizations = typeof o.realizations === 'number' ? o.realizations : 0;
      const estimate = await estimateWithin(inputs, spec, { bytes: budget, realizations }, control);
      // Worth a line only when the load is big enough to take a while.
      if (estimate && estimate.bytes > 64 * 2 ** 20)
        process.stderr.write(`estimate: ${describeEstimate(estimate)}\n`);
      maxParsed = parseLimit(estimate, budget) ?? undefined;
    }
    const timed = { ...spec, ...(keep.times ? { times: true } : {}) };
    return await loadDataset(inputs, timed, { ...control, maxParsed });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

/** Where the app's static files are; a preset's `/data/...` URL is a file under it. */
export const PUBLIC_DIR = resolve(import.meta.dirname, '../../public');

/** A file preset's inputs read from disk: `/data/x` under `dataRoot` (default public/data). */
export async function presetInputs(
  preset: FilePreset,
  dataRoot = join(PUBLIC_DIR, 'data'),
): Promise<InputFile[]> {
  return Promise.all(
    preset.files.map((f) => pathInput(join(dataRoot, f.url.replace(/^\/data\//, '')), f.role)),
  );
}

/** Writes a dataset in the compact format: BASE.json (sidecar) and BASE.npy (samples). */
export function writeCompact(
  base: string,
  samples: TaskSamples,
  report: LoadReport,
  options: Record<string, unknown>,
  tool: string,
): { json: string; npy: string } {
  const stem = base.replace(/\.(json|npy)$/, '');
  const files = encodeCompact(samples, report, options, basename(stem) + '.npy', tool);
  writeOutput(stem + '.npy', files.npy);
  writeOutput(stem + '.json', files.json);
  return { json: stem + '.json', npy: stem + '.npy' };
}

/** Where a command's pool comes from: ready matrices (--inst/--avg), or data realized with a seed. */
export const poolOptions = {
  inst: { kind: 'string', help: 'pool inst realization matrix .npy' },
  avg: { kind: 'string', help: 'pool avg realization matrix .npy' },
  ...dataOptions,
  data: {
    ...dataOptions.data,
    help: `${dataOptions.data.help}, to realize the pool from (instead of --inst)`,
  },
  realizations: rangeOption(REALIZATIONS, 'R, with --data', 10000),
  seed: rangeOption(SEED, 'random seed (realizations and instances)', 1),
} as const satisfies Record<string, OptionSpec>;
