/**
 * One packing run (as `runPacking`) over a matrix read as blocks of whole rows, for matrices that
 * need not be in memory: a first pass keeps each task's moments and full-row mean, the packer runs
 * on them, and a second pass adds each row into its machine's totals. Rows reach a machine in its
 * placement order (a row that comes early, e.g. one moved by rebalancing, waits for those before
 * it), so every total is the same float64 sum as `evaluateMachine`'s and every figure is identical.
 * Fit tests that read the realizations themselves (percentiles, shapes, histograms, aligned or
 * empirical sums) need the matrix in memory: for them the answer is null.
 */
import { capacityLimit } from './capacity.ts';
import { fitTest, type FitTest } from './fit/index.ts';
import type { RealizationMatrix } from './matrix.ts';
import { normalizedMachines, rowMeans } from './metrics/machinesNeeded.ts';
import { totalsMeanAndSd } from './metrics/evaluate.ts';
import {
  machineResult,
  packResult,
  packRows,
  type MachineResult,
  type PackResult,
} from './experiment.ts';
import { checkPackParams, type PackParams } from './packParams.ts';
import { evaluatedCount, splitColumns } from './split.ts';
import { TaskStats } from './stats/taskStats.ts';
import { identityRows } from './workload.ts';

/** A matrix read in order as blocks of whole rows; a block is valid only during its call. */
export interface RowBlocks {
  readonly rows: number;
  readonly cols: number;
  forEachBlock(each: (firstRow: number, block: RealizationMatrix) => void): void;
}

class NeedsMatrix extends Error {}

/** Moments computed block by block; anything that would read the realizations throws NeedsMatrix. */
class StreamedMoments extends TaskStats {
  override ensureMoments(): void {}
}

function momentsOf(source: RowBlocks, start: number, end: number) {
  const { rows, cols } = source;
  const stats = new StreamedMoments(
    {
      rows,
      cols,
      get data(): Float32Array {
        throw new NeedsMatrix();
      },
    },
    start,
    end,
  );
  const fullMeans = new Float64Array(rows);
  source.forEachBlock((first, block) => {
    const local = new TaskStats(block, start, end);
    const all = identityRows(block.rows);
    local.ensureMoments(all);
    stats.mean.set(local.mean, first);
    stats.variance.set(local.variance, first);
    // Over every column the observed mean is the full-row mean, the same sum divided alike.
    fullMeans.set(start === 0 && end === cols ? local.mean : rowMeans(block, all), first);
  });
  return { stats, fullMeans };
}

interface Placement {
  readonly owner: Int32Array;
  readonly position: Int32Array;
}

function placementOf(machines: readonly Int32Array[], rows: number): Placement {
  const owner = new Int32Array(rows).fill(-1);
  const position = new Int32Array(rows);
  machines.forEach((tasks, j) =>
    tasks.forEach((t, p) => {
      owner[t] = j;
      position[t] = p;
    }),
  );
  return { owner, position };
}

/** Each machine's totals over [start, end), its rows added in placement order. */
function machineTotalsStreamed(
  source: RowBlocks,
  machines: readonly Int32Array[],
  start: number,
  end: number,
  done: (j: number, totals: Float64Array) => void,
): void {
  const width = end - start;
  const { owner, position } = placementOf(machines, source.rows);
  const totals: (Float64Array | null)[] = machines.map(() => null);
  const next = new Int32Array(machines.length);
  const waiting = new Map<number, Float32Array>();
  machines.forEach((tasks, j) => tasks.length === 0 && done(j, new Float64Array(width)));
  const add = (j: number, values: ArrayLike<number>, at: number) => {
    const sums = (totals[j] ??= new Float64Array(width));
    for (let t = 0; t < width; t++) sums[t] += values[at + t];
    if (++next[j] === machines[j].length) {
      done(j, sums);
      totals[j] = null;
    }
  };
  source.forEachBlock((first, block) => {
    for (let k = 0; k < block.rows; k++) {
      const row = first + k;
      const j = owner[row];
      if (j < 0) continue;
      const at = k * block.cols + start;
      if (position[row] !== next[j]) {
        waiting.set(row, block.data.slice(at, at + width));
        continue;
      }
      add(j, block.data, at);
      for (let held; next[j] < machines[j].length;) {
        held = waiting.get(machines[j][next[j]]);
        if (!held) break;
        waiting.delete(machines[j][next[j]]);
        add(j, held, 0);
      }
    }
  });
}

/**
 * `runPacking` over every row of `source` in order (the instance is the whole matrix); null when the
 * fit test needs the realizations in memory. `forEachBlock` is called twice.
 */
export function runPackingStreamed(
  source: RowBlocks,
  params: PackParams,
  fit?: FitTest,
): PackResult | null {
  checkPackParams(params);
  if (params.source !== 'inst') return null;
  const split = splitColumns(source.cols, params.clairvoyance);
  const { stats, fullMeans } = momentsOf(source, split.observeStart, split.observeEnd);
  const rows = identityRows(source.rows);
  let packing;
  try {
    packing = packRows(stats, rows, params, fit ?? fitTest(params.fit));
  } catch (e) {
    if (e instanceof NeedsMatrix) return null;
    throw e;
  }
  const width = evaluatedCount(split);
  const limit = capacityLimit(params.capacity);
  const machines: MachineResult[] = new Array(packing.machines.length);
  const { evaluateStart, evaluateEnd } = split;
  machineTotalsStreamed(source, packing.machines, evaluateStart, evaluateEnd, (j, totals) => {
    let overflows = 0;
    for (let t = 0; t < width; t++) if (totals[t] > limit) overflows++;
    const e = { overflows, ...totalsMeanAndSd(totals, width) };
    machines[j] = machineResult(packing, j, packing.machines[j], stats, e, width);
  });
  return packResult(packing, machines, width, normalizedMachines(fullMeans, params.capacity));
}
