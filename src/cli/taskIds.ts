/**
 * The task ids of a realization matrix, in a sidecar beside it: `X.npy` → `X.ids.json`, a JSON
 * array of strings, one per row in row order. `realize` writes one beside every matrix it writes
 * (inst, avg, the judged part), and `pack --eval` reads both sides' to refuse judging a packing on
 * other tasks. A sidecar rather than the `.npy` header: NumPy (and the peer) refuse a header with
 * keys beyond descr, fortran_order and shape.
 */
import { existsSync } from 'node:fs';
import { UsageError } from './args.ts';
import { readText } from './io.ts';
import { writeOutput } from './files.ts';

/** Where the ids of the matrix at `matrixPath` live. */
function idsPathOf(matrixPath: string): string {
  return matrixPath.endsWith('.npy')
    ? `${matrixPath.slice(0, -'.npy'.length)}.ids.json`
    : `${matrixPath}.ids.json`;
}

export function writeTaskIds(matrixPath: string, ids: readonly string[]): void {
  writeOutput(idsPathOf(matrixPath), JSON.stringify(ids));
}

/** The ids beside `matrixPath` (checked: `rows` strings), or null when it has none. */
export function readTaskIds(matrixPath: string, rows: number): string[] | null {
  const path = idsPathOf(matrixPath);
  if (!existsSync(path)) return null;
  let ids: unknown;
  try {
    ids = JSON.parse(readText(path));
  } catch (e) {
    throw new UsageError(`${path}: not JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
    throw new UsageError(`${path}: expected a JSON array of task ids (strings)`);
  if (ids.length !== rows)
    throw new UsageError(`${path}: ${ids.length} task ids for the ${rows} rows of ${matrixPath}`);
  return ids as string[];
}

/**
 * Refuses a judging matrix whose tasks are not the packed matrix's, row for row, naming the first
 * row that differs; returns a note for standard error when either side has no ids to compare.
 */
export function checkSameTasks(
  packed: { readonly path: string; readonly rows: number },
  judged: { readonly path: string; readonly rows: number },
): string | null {
  if (judged.rows !== packed.rows)
    throw new UsageError(
      `--eval ${judged.path} has ${judged.rows} tasks, the packed matrix ${packed.rows}: judge the same tasks`,
    );
  const a = readTaskIds(packed.path, packed.rows);
  const b = readTaskIds(judged.path, judged.rows);
  if (!a || !b) {
    const missing = !a ? packed.path : judged.path;
    return `pack --eval: ${missing} has no task ids beside it (${idsPathOf(missing)}, written by realize); the rows are taken as the same tasks unchecked`;
  }
  const row = a.findIndex((id, i) => id !== b[i]);
  if (row >= 0)
    throw new UsageError(
      `--eval ${judged.path} judges other tasks: row ${row} is task "${b[row]}" there and "${a[row]}" in ${packed.path} (realize both with the same --tasks, --instance and --seed)`,
    );
  return null;
}
