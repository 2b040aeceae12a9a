/**
 * `reduce --engine dask`: the same reduction on Dask (src/cli/dask/reduce.py), on a local cluster
 * of `workers` processes by default or on the scheduler given (`tcp://HOST:8786`; a multi-machine
 * cluster takes the same command, the shards at the same paths on every worker). Python's counts
 * come back as JSON, the sorted kept records through a scratch file read in 1 MiB slices, and the
 * one writer (write.ts) makes the compact files, as for DuckDB.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataError, type FilterCount, type StartRepeats } from '../../engine/index.ts';
import type { ReduceParams, Reduction, RowChunk } from './write.ts';

const SCRIPT = resolve(import.meta.dirname, '../dask/reduce.py');
const ROW_BYTES = 32;

interface DaskOptions {
  /** `tcp://HOST:8786`, or undefined for a local cluster. */
  readonly scheduler?: string;
  /** Workers of the local cluster (default 2). */
  readonly workers?: number;
  readonly memoryLimit?: string;
  readonly tempDir?: string;
  /** Progress lines (stage, done, of). */
  readonly onProgress?: (p: { stage: string; done: number; of: number }) => void;
}

const foundPython = new Map<string, string>();
const HAS_DASK =
  'import importlib.util as u, sys; sys.exit(0 if u.find_spec("dask.dataframe") and u.find_spec("distributed") else 1)';

/**
 * The Python that has Dask: $PYTHON, else python3 on the PATH, else Debian's /usr/bin/python3.
 * Found once per process and $PYTHON. The probe looks the packages up without importing them
 * (importing Dask takes seconds of CPU, which reduce.py pays once anyway); a Dask that is present
 * but fails on import is reported by reduce.py's own exit with Python's message.
 */
export function daskPython(): string {
  const key = process.env.PYTHON ?? '';
  const known = foundPython.get(key);
  if (known) return known;
  const candidates = process.env.PYTHON ? [process.env.PYTHON] : ['python3', '/usr/bin/python3'];
  for (const python of candidates) {
    const r = spawnSync(python, ['-c', HAS_DASK], { stdio: 'ignore' });
    if (r.status === 0) {
      foundPython.set(key, python);
      return python;
    }
  }
  throw new Error(
    `no Python with Dask (tried ${candidates.join(', ')}): run node scripts/ensurePython.mjs, or set PYTHON`,
  );
}

interface DaskCounts {
  records: number;
  tasksRead: number;
  tasks: number;
  total: number;
  counts: FilterCount[];
  skipped: number;
  repeats: StartRepeats;
}

/** Runs the reduction on Dask; the scratch folder goes when the returned reduction is written. */
export async function daskReduction(
  p: ReduceParams,
  o: DaskOptions,
): Promise<Reduction & { dispose(): void }> {
  const scratch = mkdtempSync(join(o.tempDir ?? tmpdir(), 'slopack-dask-'));
  const rowsPath = join(scratch, 'rows.bin');
  const requestsPath = join(scratch, 'requests.bin');
  const args = {
    usage: p.usageFiles.map((f) => resolve(f)),
    events: p.eventFiles.map((f) => resolve(f)),
    filters: p.filters,
    clamp: p.clamp,
    skipBad: p.skipBad,
    pick: p.pick ?? null,
    seed: p.seed,
    duplicates: p.duplicates,
    scheduler: o.scheduler ?? null,
    workers: o.workers ?? 2,
    memoryLimit: o.memoryLimit ?? null,
    tempDir: o.tempDir ?? scratch,
    rows_path: rowsPath,
    requests_path: requestsPath,
  };
  let counts: DaskCounts;
  try {
    counts = await runPython(args, o);
  } catch (e) {
    rmSync(scratch, { recursive: true, force: true });
    throw e;
  }
  return {
    ...counts,
    rows: () => readRows(rowsPath),
    async requests() {
      if (p.eventFiles.length === 0) return undefined;
      const b = readFileSync(requestsPath);
      const all = new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
      return { cpu: all.slice(0, counts.tasks), memory: all.slice(counts.tasks) };
    },
    dispose: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

function runPython(args: object, o: DaskOptions): Promise<DaskCounts> {
  const child = spawn(daskPython(), [SCRIPT, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    let nl: number;
    while ((nl = stderr.indexOf('\n')) >= 0) {
      const line = stderr.slice(0, nl);
      stderr = stderr.slice(nl + 1);
      if (line.startsWith('PROGRESS ')) o.onProgress?.(JSON.parse(line.slice(9)));
      else if (line.trim()) lastLog = line;
    }
  });
  let lastLog = '';
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      let parsed: { error?: { file: string; line: number | null; reason: string } } & DaskCounts;
      try {
        parsed = JSON.parse(last);
      } catch {
        fail(
          new Error(`reduce.py exited with ${code}: ${lastLog || stderr.trim() || 'no output'}`),
        );
        return;
      }
      if (parsed.error)
        fail(new DataError(parsed.error.file, parsed.error.line, parsed.error.reason));
      else if (code !== 0) fail(new Error(`reduce.py exited with ${code}: ${lastLog}`));
      else done(parsed);
    });
  });
}

async function* readRows(path: string): AsyncIterable<RowChunk> {
  const fd = openSync(path, 'r');
  const buf = Buffer.alloc(ROW_BYTES * 32768);
  try {
    for (;;) {
      const got = readSync(fd, buf, 0, buf.length, null);
      if (got === 0) break;
      if (got % ROW_BYTES !== 0) throw new Error(`reduce.py: a partial row in ${path}`);
      const n = got / ROW_BYTES;
      const view = new DataView(buf.buffer, buf.byteOffset, got);
      const jobs = new Array<bigint>(n);
      const idxs = new Array<bigint>(n);
      const inst = new Float64Array(n);
      const avg = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const at = i * ROW_BYTES;
        jobs[i] = view.getBigInt64(at, true);
        idxs[i] = view.getBigInt64(at + 8, true);
        inst[i] = view.getFloat64(at + 16, true);
        avg[i] = view.getFloat64(at + 24, true);
      }
      yield { n, jobs, idxs, inst, avg };
    }
  } finally {
    closeSync(fd);
  }
}
