/** Small builders shared by the engine's tests. */
import { matrixFrom, type RealizationMatrix } from './matrix.ts';

export function matrixOfRows(rows: readonly (readonly number[])[]): RealizationMatrix {
  const cols = rows[0].length;
  const data = new Float32Array(rows.length * cols);
  rows.forEach((r, i) => data.set(r, i * cols));
  return matrixFrom(rows.length, cols, data);
}

/**
 * A Google 2011 task_usage row (SPEC §10) with the columns the loader reads (start, end, job,
 * index, machine, mean CPU, sampled CPU) and plausible values in the others.
 */
export function googleUsageRow(
  start: number,
  job: number,
  index: number,
  avg: number | string,
  inst: number | string,
  machine = 12345,
): string {
  const other = [0.05, 0.06, 0.001, 0.002, 0.07, 1e-5, 2e-4, 0.03, 0.001, 2.1, 0.006, 0, 1];
  return [start, start + 300e6, job, index, machine, avg, ...other, inst].join(',');
}

/** A Google 2011 task_events row: time, job, index, event type and the CPU and memory requests. */
export function googleEventRow(
  time: number,
  job: number,
  index: number,
  type: number,
  cpu: number | string,
  mem: number | string,
  machine = 99,
  user = 'user',
): string {
  return [time, '', job, index, machine, type, user, 2, 9, cpu, mem, '', ''].join(',');
}
