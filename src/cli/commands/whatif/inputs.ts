/** The replay's own files: the starting placement (pod,node) and the pods' requests (id,cpu). */
import { CsvSyntaxError, parseCsv, type CsvRecord } from '../../../engine/csvText.ts';
import { decimalOrNull, whyNotDecimal } from '../../../engine/numberText.ts';
import { UsageError } from '../../args.ts';

function records(text: string, name: string, header: RegExp): CsvRecord[] {
  let rows: CsvRecord[];
  try {
    rows = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new UsageError(`${name} line ${e.line}: ${e.message}`);
    throw e;
  }
  return rows.filter(
    (r, k) =>
      !(r.cells.length === 1 && r.cells[0].trim() === '') &&
      !(k === 0 && header.test(r.cells[0].trim())),
  );
}

/** pod → node; every pod must have a series, and be placed once. */
export function readPlacement(
  text: string,
  name: string,
  pods: ReadonlyMap<string, number>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of records(text, name, /^pod$/i)) {
    const [pod, node] = r.cells.map((c) => c.trim());
    if (r.cells.length !== 2 || !pod || !node)
      throw new UsageError(
        `${name} line ${r.line}: expected pod,node (got ${r.cells.length} fields)`,
      );
    if (!pods.has(pod))
      throw new UsageError(`${name} line ${r.line}: pod "${pod}" has no series in the data`);
    if (out.has(pod)) throw new UsageError(`${name} line ${r.line}: pod "${pod}" is placed twice`);
    out.set(pod, node);
  }
  if (out.size === 0) throw new UsageError(`${name}: no pod,node line`);
  return out;
}

/**
 * Each pod's request in machine units: the file's `cpu` in the data's unit, cores when the data's
 * cores per machine are known (divided by them). Every pod of the data must be listed.
 */
export function readRequests(
  text: string,
  name: string,
  ids: readonly string[],
  coresPerMachine: number | null,
): Float64Array {
  const index = new Map(ids.map((id, p) => [id, p]));
  const out = new Float64Array(ids.length).fill(NaN);
  for (const r of records(text, name, /^(id|pod)$/i)) {
    const [id, raw] = r.cells.map((c) => c.trim());
    if (r.cells.length !== 2 || !id)
      throw new UsageError(
        `${name} line ${r.line}: expected id,cpu (got ${r.cells.length} fields)`,
      );
    const p = index.get(id);
    if (p === undefined)
      throw new UsageError(`${name} line ${r.line}: pod "${id}" has no series in the data`);
    const v = decimalOrNull(raw);
    if (v === null)
      throw new UsageError(`${name} line ${r.line}: cpu "${raw}": ${whyNotDecimal(raw)}`);
    if (!(v >= 0) || !Number.isFinite(v))
      throw new UsageError(`${name} line ${r.line}: cpu ${raw} must be a finite number ≥ 0`);
    out[p] = coresPerMachine === null ? v : v / coresPerMachine;
  }
  const missing = ids.findIndex((_, p) => Number.isNaN(out[p]));
  if (missing >= 0)
    throw new UsageError(`${name}: no request for pod "${ids[missing]}" (every pod needs one)`);
  return out;
}
