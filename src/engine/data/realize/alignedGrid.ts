/**
 * Where time-aligned samples go (aligned.ts's comment gives the rules): the grid of instants and, per
 * task, the instant of each sample — by timestamps and a step, or by sample index (days joined per
 * VM for dated ids).
 */
import { seriesLength, taskCount, type TaskSamples } from '../samples/samples.ts';
import { kthSmallest } from '../../stats/select.ts';
import { setting } from '../../settings.ts';

export type AlignAxis = 'timestamps' | 'sample index' | 'day and sample index';

/** Raised for data that cannot be aligned; the message names what and where. */
export class AlignError extends RangeError {}

export interface Grid {
  readonly axis: AlignAxis;
  readonly step: number | null;
  readonly origin: number;
  readonly instants: number;
  /** The instant of each sample of task i (valid until the next call); null: by `times`. */
  readonly slotsOf: ((i: number) => ArrayLike<number>) | null;
  /** On an index axis: task i's sample k is at instant baseOf(i) + k. */
  readonly baseOf: ((i: number) => number) | null;
  /** Per task its samples' times: sample k of task i at instant round((t − origin) / step). */
  readonly times: readonly Float64Array[] | null;
  /**
   * The time range was read from each task's first and last time (`gridOf`'s `inOrder`): the grid
   * holds only if every task's times are in order, which the caller checks as it lays them.
   */
  readonly inOrder: boolean;
  readonly ids: string[];
  /** Per output task, the input tasks whose samples it gathers (days of one VM). */
  readonly members: number[][];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function medianStep(t: Float64Array): number | null {
  const n = t.length - 1;
  if (n < 1) return null;
  const steps = new Float64Array(n);
  for (let k = 0; k < n; k++) steps[k] = Math.abs(t[k + 1] - t[k]);
  const upper = kthSmallest(steps, n >> 1);
  if (n % 2) return upper;
  let lower = -Infinity;
  for (let k = 0; k < n >> 1; k++) if (steps[k] > lower) lower = steps[k];
  return (lower + upper) / 2;
}

function timestampGrid(samples: TaskSamples, given: number | undefined, inOrder: boolean): Grid {
  const times = samples.times!;
  const n = times.length;
  let origin = Infinity;
  let last = -Infinity;
  // A given step needs no estimate, and no check of each task's own step against it.
  const steps: (number | null)[] = given === undefined ? times.map(medianStep) : [];
  for (const t of times)
    if (inOrder) {
      if (t[0] < origin) origin = t[0];
      if (t[t.length - 1] > last) last = t[t.length - 1];
    } else
      for (let k = 0; k < t.length; k++) {
        if (t[k] < origin) origin = t[k];
        if (t[k] > last) last = t[k];
      }
  const known = steps.filter((s): s is number => s !== null && s > 0);
  const step = given ?? (known.length ? median(known) : NaN);
  if (!(step > 0))
    throw new AlignError(
      `no sampling step: no task has two samples; give the step (${setting('step seconds')})`,
    );
  if (given === undefined) {
    const off = steps.findIndex((s) => s !== null && (s > 1.5 * step || s < step / 1.5));
    if (off >= 0)
      throw new AlignError(
        `different sampling steps in one load: task ${samples.ids[off]} is sampled every ${steps[off]} s, most tasks every ${step} s; give the step (${setting('step seconds')}) to bucket every task to it, or load them separately`,
      );
  }
  const instants = Math.round((last - origin) / step) + 1;
  // Out of order, the ends may give no grid at all: read every time.
  if (inOrder && !(instants >= 1 && instants * n <= 2 ** 31))
    return timestampGrid(samples, given, false);
  if (instants * n > 2 ** 31)
    throw new AlignError(`${instants} instants × ${n} tasks is too large a grid; raise the step`);
  const members = Array.from({ length: n }, (_, i) => [i]);
  return {
    axis: 'timestamps',
    step,
    origin,
    instants,
    slotsOf: null,
    baseOf: null,
    times,
    inOrder,
    ids: samples.ids,
    members,
  };
}

// `YYYYMMDD:vm`: the day and the VM; tested (not matched) and then sliced, which is quicker.
const DATED = /^\d{8}:[^\n\r\u2028\u2029]+$/;

/** Each id's day and VM when every id reads `YYYYMMDD:vm` (one task per VM and day), else null. */
function datedIds(ids: readonly string[]): { days: string[]; vms: string[] } | null {
  const days: string[] = [];
  const vms: string[] = [];
  for (const id of ids) {
    if (!DATED.test(id)) return null;
    days.push(id.slice(0, 8));
    vms.push(id.slice(9));
  }
  return { days, vms };
}

function indexGrid(samples: TaskSamples): Grid {
  const n = taskCount(samples.inst);
  const length = seriesLength(samples.inst, 0);
  for (let i = 1; i < n; i++) {
    const l = seriesLength(samples.inst, i);
    if (l !== length)
      throw new AlignError(
        `without timestamps samples align only when every task has as many: task ${samples.ids[0]} has ${length}, task ${samples.ids[i]} has ${l}`,
      );
  }
  const index = Int32Array.from({ length }, (_, k) => k);
  const dated = n > 1 ? datedIds(samples.ids) : null;
  if (dated) {
    const days = [...new Set(dated.days)].sort();
    const byVm = new Map<string, number[]>();
    for (let i = 0; i < n; i++) {
      const list = byVm.get(dated.vms[i]);
      if (list) list.push(i);
      else byVm.set(dated.vms[i], [i]);
    }
    const dayOf = new Map(days.map((d, k) => [d, k]));
    const bases = dated.days.map((d) => dayOf.get(d)! * length);
    const scratch = new Int32Array(length);
    const slotsOf = (i: number) => {
      for (let k = 0; k < length; k++) scratch[k] = bases[i] + k;
      return scratch;
    };
    return {
      axis: 'day and sample index',
      step: null,
      origin: 0,
      instants: days.length * length,
      slotsOf,
      baseOf: (i) => bases[i],
      times: null,
      inOrder: false,
      ids: [...byVm.keys()],
      members: [...byVm.values()],
    };
  }
  return {
    axis: 'sample index',
    step: null,
    origin: 0,
    instants: length,
    slotsOf: () => index,
    baseOf: () => 0,
    times: null,
    inOrder: false,
    ids: samples.ids,
    members: Array.from({ length: n }, (_, i) => [i]),
  };
}

/**
 * The grid of `samples`. `inOrder`: take each task's times to be in order and read the range from
 * their ends (a caller that reads every time anyway checks it and asks again without).
 */
export function gridOf(samples: TaskSamples, step: number | undefined, inOrder = false): Grid {
  return samples.times ? timestampGrid(samples, step, inOrder) : indexGrid(samples);
}
