/**
 * Wide CSV (SPEC §10): a header, then one row per task: leading id columns, then samples. Sample
 * columns are those whose header is `t<digits>`; when none is, the columns after the first are.
 * Percent values become machine units as value / 100 · scale (SPEC §2).
 */
import { DataError } from './errors.ts';
import type { TaskSamples } from './samples.ts';

export interface WideOptions {
  /** Size of the task in machines; 0.25 = a quarter of the reference machine. */
  readonly scale: number;
  /** Values are percent (0–100) rather than fractions. */
  readonly percent: boolean;
}

export function parseWideCsv(text: string, file: string, options: WideOptions): TaskSamples {
  const { scale, percent } = options;
  if (!(scale > 0 && Number.isFinite(scale))) throw new RangeError(`invalid scale: ${scale}`);
  const factor = percent ? scale / 100 : scale;
  const lines = text.split(/\r?\n/);
  if (lines.length === 0 || lines[0].trim() === '')
    throw new DataError(file, 1, 'empty file (no header)');
  const header = lines[0].split(',');
  let first = header.findIndex((h) => /^t\d+$/.test(h.trim()));
  if (first < 0) first = 1;
  const width = header.length;
  const ids: string[] = [];
  const inst: Float64Array[] = [];
  for (let l = 1; l < lines.length; l++) {
    const line = lines[l];
    if (line.trim() === '') continue;
    const parts = line.split(',');
    if (parts.length !== width)
      throw new DataError(file, l + 1, `${parts.length} columns, the header has ${width}`);
    const row = new Float64Array(width - first);
    for (let c = first; c < width; c++) {
      const cell = parts[c].trim();
      const v = cell === '' ? NaN : Number(cell);
      if (!Number.isFinite(v))
        throw new DataError(file, l + 1, `"${parts[c]}" in column ${header[c]} is not a number`);
      if (v < 0) throw new DataError(file, l + 1, `negative value ${v} in column ${header[c]}`);
      row[c - first] = v * factor;
    }
    ids.push(parts.slice(0, first).join(':'));
    inst.push(row);
  }
  if (inst.length === 0) throw new DataError(file, null, 'no data rows after the header');
  return { ids, inst };
}
