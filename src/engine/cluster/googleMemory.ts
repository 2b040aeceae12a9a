/**
 * Google 2011 task_usage memory (trace schema: column 7, canonical memory usage, machine-normalised),
 * which the CPU loader does not read. Records are ordered per task as the CPU loader orders them
 * (start time, then sampled CPU usage, column 20, then CPU rate, column 6), so the memory series lines
 * up with the CPU series record by record; `alignResources` then checks the counts.
 */
import { DataError } from '../data/streams/errors.ts';

const COLUMNS = 20;

/** Memory series per task id ("job:index") from task_usage CSV text; bad lines name file and line. */
export function googleMemorySeries(text: string, file: string): Map<string, Float64Array> {
  const byTask = new Map<string, number[][]>();
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k].replace(/\r$/, '');
    if (line.trim() === '') continue;
    const f = line.split(',');
    if (k === 0 && !/^-?[0-9]/.test(f[0])) continue; // a header line
    if (f.length !== COLUMNS)
      throw new DataError(
        file,
        k + 1,
        `${f.length} columns, expected ${COLUMNS} (Google 2011 task_usage)`,
      );
    const num = (i: number) => (f[i] === '' ? 0 : Number(f[i]));
    const rec = [num(0), num(19), num(5), num(6)];
    if (rec.some((v) => !Number.isFinite(v)))
      throw new DataError(
        file,
        k + 1,
        `not a number in start time, CPU or canonical memory usage (column 7: "${f[6]}")`,
      );
    if (rec[3] < 0 || rec[3] > 1)
      throw new DataError(
        file,
        k + 1,
        `canonical memory usage (column 7) ${rec[3]} is outside [0, 1]`,
      );
    const id = `${f[2]}:${f[3]}`;
    const list = byTask.get(id);
    if (list) list.push(rec);
    else byTask.set(id, [rec]);
  }
  const out = new Map<string, Float64Array>();
  for (const [id, recs] of byTask) {
    recs.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    out.set(
      id,
      Float64Array.from(recs, (r) => r[3]),
    );
  }
  return out;
}
