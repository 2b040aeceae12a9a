/**
 * One multi-resource packing end to end (SPEC §14): per-resource estimates over the observed
 * columns, sizes by the fit test, vector FF/BF over the machine types, measures over the evaluation
 * columns. This is the call a view or job makes.
 */
import { TaskStats } from '../stats/taskStats.ts';
import { splitColumns, type ColumnSplit } from '../split.ts';
import { multiSizes, type MultiFitSpec } from './fit.ts';
import { checkMachineTypes, type MachineType } from './machineTypes.ts';
import { measureMulti, type MultiMeasure } from './measure.ts';
import { packMulti, type MultiPacker, type MultiPacking, type OpenPolicy } from './pack.ts';
import type { MultiWorkload } from './workload.ts';

interface ClusterParams {
  readonly fit: MultiFitSpec;
  readonly packer: MultiPacker;
  readonly types: readonly MachineType[];
  readonly open: OpenPolicy;
  /** Share κ of the columns observed (1: all observed, all evaluated). */
  readonly clairvoyance: number;
  readonly fullAt?: number;
}

export interface ClusterResult {
  readonly packing: MultiPacking;
  readonly measure: MultiMeasure;
  readonly split: ColumnSplit;
}

/** Per-resource task statistics over the observed columns of `split`. */
export function resourceStats(w: MultiWorkload, split: ColumnSplit): TaskStats[] {
  return w.matrices.map((m) => new TaskStats(m, split.observeStart, split.observeEnd));
}

export function runCluster(
  w: MultiWorkload,
  rows: Int32Array,
  p: ClusterParams,
  stats?: readonly TaskStats[],
): ClusterResult {
  checkMachineTypes(p.types, w.resources.length);
  const split = splitColumns(w.matrices[0].cols, p.clairvoyance);
  const ts = stats ?? resourceStats(w, split);
  const sizes = multiSizes(p.fit, ts, rows, w.requests);
  const packing = packMulti(sizes, { packer: p.packer, types: p.types, open: p.open });
  const measure = measureMulti(w.matrices, rows, packing, p.types, split, p.fullAt);
  return { packing, measure, split };
}
