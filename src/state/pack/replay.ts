/**
 * The SLO per machine in Pack, and the packing judged by the time-aligned replay: each machine's q,
 * the worst machine and how many exceed the target, for the packing as measured (its realization)
 * and, when the data have a time axis and the packing was made on independent draws, for the same
 * machines replayed over the data's instants (`engine/replay`). Pure and cached per dataset, so a
 * view reads them without starting work.
 */
import {
  alignedData,
  alignedGridSize,
  joinsTasks,
  judgeMachines,
  machineSlo,
  nominalTarget,
  splitColumns,
  type AlignedData,
  type MachineSlo,
  type PackResult,
  type TaskSamples,
} from '../../engine/index.ts';
import { datasetKey, type Dataset } from '../common/sources/datasets.ts';
import { poolKey, type Params } from '../common/store/params.ts';
import { replayOverBudget } from '../common/link/linkBudget.ts';
import { formatCount } from '../../present/format.ts';

const alignedCache = new WeakMap<TaskSamples, AlignedData | string>();

/**
 * The dataset's time-aligned data (with its own alignment options, `Dataset.align`), or why it has
 * no time axis usable here. Its rows may not be the dataset's tasks (`joinsTasks`).
 */
export function alignedOfDataset(ds: Dataset | null): AlignedData | string {
  if (!ds) return 'no dataset';
  if (!ds.samples) return 'a realization matrix has no time axis';
  let a = alignedCache.get(ds.samples);
  if (a === undefined) alignedCache.set(ds.samples, (a = alignedData(ds.samples, ds.align)));
  return a;
}

const gridCache = new WeakMap<TaskSamples, { tasks: number; instants: number } | null>();

/**
 * The size of the dataset's aligned grid (tasks × instants, what aligning holds), without aligning;
 * null when the samples cannot be aligned (`alignedOfDataset` says why). Kept per dataset: the
 * controller asks on every pass of a replay.
 */
export function gridOfDataset(ds: Dataset): { tasks: number; instants: number } | null {
  if (!ds.samples) return null;
  let grid = gridCache.get(ds.samples);
  if (grid === undefined) {
    try {
      grid = alignedGridSize(ds.samples, ds.align);
    } catch {
      grid = null;
    }
    gridCache.set(ds.samples, grid);
  }
  return grid;
}

/** The dataset's aligned data when its rows are the dataset's tasks (an independent pool's rows). */
export function alignedTasksOfDataset(ds: Dataset | null): AlignedData | null {
  const aligned = alignedOfDataset(ds);
  return typeof aligned === 'string' || joinsTasks(aligned, ds!.samples!) ? null : aligned;
}

/**
 * The tasks a pool of `p` packs from: in a replay the alignment's (a VM for days joined, the
 * well-covered tasks when the alignment leaves some out), else the dataset's. The dataset's too when
 * the replay cannot be made or would pass the memory budget (the pool step says so).
 */
export function tasksOfPool(p: Params, ds: Dataset): number {
  if (p.realization === 'independent') return ds.tasks;
  const grid = gridOfDataset(ds);
  if (!grid) return ds.tasks;
  const blocks = p.realization === 'blocks' ? p.realizations : null;
  if (replayOverBudget(grid.tasks, grid.instants, blocks, ds.hasAvg, poolKey(p))) return ds.tasks;
  const aligned = alignedOfDataset(ds);
  return typeof aligned === 'string' ? ds.tasks : aligned.ids.length;
}

/** Why a replay's tasks are not the dataset's, in a few words ('' when they are). */
export function replayTasksReason(ds: Dataset): string {
  const aligned = alignedOfDataset(ds);
  if (typeof aligned === 'string') return '';
  const r = aligned.report;
  const parts: string[] = [];
  if (r.axis === 'day and sample index') parts.push('the days of one VM are one task in time');
  if (r.tasksSparse.length > 0)
    parts.push(
      `${formatCount(r.tasksSparse.length)} with samples at less than ${ds.align?.minCoverage ?? 0} of the instants counted as 0 where they have none`,
    );
  if (r.tasksDropped.length > 0)
    parts.push(
      `${formatCount(r.tasksDropped.length)} left out, with samples at less than ${ds.align?.minCoverage ?? 0} of the instants`,
    );
  return parts.join('; ');
}

/**
 * The key of the dataset a packing was made on (from its packKey: the pool key's dataset, upload
 * hash and scale), to tell a packing of the loaded dataset from one left from the dataset before.
 */
export function datasetKeyOfPack(packKey: string | null): string | null {
  if (!packKey) return null;
  const [pool] = JSON.parse(packKey) as [string];
  const [dataset, hash, scale] = JSON.parse(pool) as [string, string | null, number];
  return datasetKey(dataset, hash, scale);
}

/** The per-machine figures of a packing on the columns it was evaluated on. */
export function packSlo(result: PackResult, p: Pick<Params, 'fit'>): MachineSlo {
  return machineSlo(
    result.machines.map((m) => m.overflows),
    result.evaluated,
    nominalTarget(p.fit),
  );
}

/**
 * The last replay of each packing, so that a drag back over kept packings does not replay them
 * again (a packing is one object for as long as it is kept).
 */
const judged = new WeakMap<
  PackResult,
  {
    readonly inst: object;
    readonly rows: Int32Array;
    readonly capacity: number;
    readonly target: number;
    readonly slo: MachineSlo;
  }
>();

/**
 * The packing's machines (tasks by pool row) replayed over every aligned instant of the data; null
 * when the packing was made on the replay itself, or the data have no time axis.
 */
export function alignedJudgement(
  ds: Dataset | null,
  result: PackResult,
  rows: Int32Array,
  p: Pick<Params, 'fit' | 'capacity' | 'realization'>,
  packKey?: string | null,
): MachineSlo | null {
  if (p.realization !== 'independent') return null;
  if (packKey !== undefined && datasetKeyOfPack(packKey) !== ds?.key) return null;
  const aligned = alignedTasksOfDataset(ds);
  if (!aligned) return null;
  const target = nominalTarget(p.fit);
  const kept = judged.get(result);
  const same = kept?.inst === aligned.inst && kept.rows === rows && kept.capacity === p.capacity;
  if (same && kept.target === target) return kept.slo;
  const machines = result.machines.map((m) => Int32Array.from(m.tasks, (t) => rows[t]));
  const slo = judgeMachines(machines, aligned.inst, p.capacity, target);
  judged.set(result, { inst: aligned.inst, rows, capacity: p.capacity, target, slo });
  return slo;
}

/**
 * A packing's machines (tasks by pool row) replayed over every aligned instant of the data, whatever
 * its realization: the A/B comparison's common ground when either side is replayed. The pool rows
 * of an aligned or blocks packing are the alignment's rows; those of independent draws are the
 * dataset's, so these need the alignment to keep every task in order (else null).
 */
export function replayedSlo(
  ds: Dataset | null,
  result: PackResult,
  rows: Int32Array,
  p: Pick<Params, 'fit' | 'capacity' | 'realization'>,
): MachineSlo | null {
  const aligned =
    p.realization === 'independent' ? alignedTasksOfDataset(ds) : alignedOfDataset(ds);
  if (aligned === null || typeof aligned === 'string') return null;
  const machines = result.machines.map((m) => Int32Array.from(m.tasks, (t) => rows[t]));
  return judgeMachines(machines, aligned.inst, p.capacity, nominalTarget(p.fit));
}

export { differsBy } from '../../engine/index.ts';

/** How instant k (0-based) is named: a day and time when the step is known, else its number. */
function instantName(aligned: AlignedData, k: number): string {
  const step = aligned.report.step;
  if (step === null) return `instant ${k + 1}`;
  const t = aligned.instants[k];
  return `day ${Math.floor(t / 86400) + 1}, ${new Date((t % 86400) * 1000).toISOString().slice(11, 16)}`;
}

/**
 * Why an aligned packing at clairvoyance κ < 1 cannot be judged: a task with no sample of its own
 * in the judged instants (absent samples counted as 0 there, `absent: 'zero'`), which would be
 * judged on zeros it never ran. Null when every task has one, or κ = 1. The parts are SPEC §3's,
 * never empty (`splitColumns`).
 */
export function judgedPartProblem(aligned: AlignedData, clairvoyance: number): string | null {
  const T = aligned.inst.cols;
  const split = splitColumns(T, clairvoyance);
  if (clairvoyance >= 1 || split.evaluateStart === 0) return null;
  for (let i = 0; i < aligned.ids.length; i++) {
    const [first, last] = [aligned.spans[2 * i], aligned.spans[2 * i + 1]];
    if (last < split.evaluateStart)
      return `task ${aligned.ids[i]} has no sample in the judged part (κ = ${clairvoyance}: ${instantName(aligned, split.evaluateStart)} to ${instantName(aligned, T - 1)}); its samples span ${instantName(aligned, first)} to ${instantName(aligned, last)}. Raise κ, or leave the task out`;
  }
  return null;
}

/**
 * The split in time of an aligned packing as a sentence: the instants its estimates come from and
 * those it is judged on (SPEC §3's clairvoyance κ on an aligned matrix, the first ⌊κR + ½⌋ columns).
 */
export function timeSplitText(ds: Dataset | null, p: Params, evaluated: number): string | null {
  if (p.realization === 'independent') return null;
  const aligned = alignedOfDataset(ds);
  if (typeof aligned === 'string') return null;
  if (p.realization === 'blocks')
    return `Block bootstrap: ${formatCount(p.realizations)} columns made of runs of ${p.block} consecutive instants of the ${formatCount(aligned.inst.cols)} aligned ones, the same runs for every task${p.clairvoyance < 1 ? '; learned on the first columns, judged on the rest (runs are drawn, not ordered in time)' : ''}.`;
  const T = aligned.inst.cols;
  const judged = p.clairvoyance < 1 ? evaluated : 0;
  const learned = T - judged;
  if (judged === 0)
    return `Learn from and judge on the same ${formatCount(T)} instants (${instantName(aligned, 0)} to ${instantName(aligned, T - 1)}): κ = 1 judges the past it learned; lower κ to judge on instants not yet seen.`;
  return `Learn from ${instantName(aligned, 0)} to ${instantName(aligned, learned - 1)} (${formatCount(learned)} instants); judge on ${instantName(aligned, learned)} to ${instantName(aligned, T - 1)} (${formatCount(judged)} instants not seen when packing).`;
}
