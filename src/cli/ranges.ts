/**
 * The ranges of the command line's own numbers, those no page box shows (threads, data-loading
 * details, sampling limits), each declared once with its flag and read by every command offering
 * it through `rangeOption`. A number the page shows takes the wing's declaration instead.
 */
import { availableParallelism } from 'node:os';
import { RHO } from '../engine/fit/index.ts';
import { numberRange, type NumberRange } from '../engine/ranges.ts';

/**
 * Threads one command may start: four per core of this machine. More only wait for a core while
 * each holds its own buffers, and a number without a bound asks for buffers no machine has.
 */
const MAX_THREADS = availableParallelism() * 4;

/** Pool workers of a grid or a lab (0: inline, on the main thread). */
export const WORKERS = numberRange('workers', 'workers', {
  min: 0,
  max: MAX_THREADS,
  integer: true,
  flag: 'workers',
});
/** Threads of a command that always runs them (`realize`'s row drawers, Dask's local workers). */
export const THREADS = numberRange('workers', 'workers', {
  min: 1,
  max: MAX_THREADS,
  integer: true,
  flag: 'workers',
});
/** DuckDB's threads (`reduce --threads`). */
export const DUCKDB_THREADS = numberRange('threads', 'threads', {
  min: 1,
  max: MAX_THREADS,
  integer: true,
  flag: 'threads',
});

/** The reference machine in the source unit (`--unit absolute`, e.g. MHz). */
export const UNIT_CAPACITY = numberRange('unit-capacity', 'capacity', {
  min: 0,
  minOpen: true,
  flag: 'unit-capacity',
});
/** Cores of the reference machine (a node): `--unit cores`, Prometheus and the traces in cores. */
export const CORES_PER_MACHINE = numberRange('cores-per-machine', 'cores', {
  min: 0,
  minOpen: true,
  flag: 'cores-per-machine',
});
/** Column-per-task CSV: the leading time columns (0: none). */
export const TIME_COLUMNS = numberRange('time-columns', 'columns', {
  min: 0,
  integer: true,
  flag: 'time-columns',
});
/** Google: a task is kept with at least this many records (the paper's filter: 24). */
export const MIN_RECORDS = numberRange('min-records', 'records', {
  min: 1,
  integer: true,
  flag: 'min-records',
});
/** Wide CSV: only the first N tasks are read. */
export const MAX_TASKS = numberRange('max-tasks', 'tasks', {
  min: 1,
  integer: true,
  flag: 'max-tasks',
});
/** GiB a load may take before it is refused unread (0: no check). */
export const MEMORY_BUDGET = numberRange('memory-budget', 'GiB', { min: 0, flag: 'memory-budget' });

/** A file's tasks kept (`realize`, `reduce`): at least one; the file's count bounds it later. */
export const KEPT_TASKS = numberRange('tasks', 'tasks', { min: 1, integer: true, flag: 'tasks' });

/** Aligned replay: the sampling step in seconds. */
export const ALIGN_STEP = numberRange('step', 'step', { min: 0, minOpen: true, flag: 'step' });
/** `assess`: seconds q now looks back from the range's end (a year at most). */
export const NOW_WINDOW = numberRange('now', 'seconds', {
  min: 0,
  minOpen: true,
  max: 366 * 86400,
  flag: 'now',
});
/** Aligned replay: tasks sampled at less than this share of the instants are left out. */
export const MIN_COVERAGE = numberRange('min-coverage', 'share', {
  min: 0,
  max: 1,
  flag: 'min-coverage',
});
/** `correlate`: the pairs beyond which pairs are sampled. */
export const MAX_PAIRS = numberRange('max-pairs', 'pairs', {
  min: 1,
  integer: true,
  flag: 'max-pairs',
});
/** Anti-colocation: at most k tasks of one group per machine. */
export const MAX_PER_GROUP = numberRange('max-per-group', 'k', {
  min: 1,
  integer: true,
  flag: 'max-per-group',
});
/** `assess --slo`: a node is over its SLO when its overflow frequency q exceeds ρ. */
export const ASSESS_SLO: NumberRange = { ...RHO, name: 'slo', flag: 'slo' };
