/**
 * Resizing workloads from loaded samples (per-VM step series) and the canned teaching scenarios
 * of visbp-notes.md §5.6 as event scripts for the replay.
 */
import {
  seriesAt,
  seriesLength,
  seriesList,
  taskCount,
  type TaskSamples,
} from '../data/samples/samples.ts';
import type { ResizeWorkload } from './simulate.ts';

const FIVE_MINUTES = 1 / 12;

/** One VM per task, step k = sample k; a shorter series leaves its VM absent (NaN) afterwards. */
export function workloadFromSamples(
  name: string,
  samples: TaskSamples,
  options: { maxVms?: number; maxSteps?: number; stepHours?: number; memory?: TaskSamples } = {},
): ResizeWorkload {
  const vms = Math.min(taskCount(samples.inst), options.maxVms ?? Infinity);
  let steps = 0;
  for (let i = 0; i < vms; i++) steps = Math.max(steps, seriesLength(samples.inst, i));
  steps = Math.min(steps, options.maxSteps ?? Infinity);
  const pad = (x: Float64Array) => {
    const out = new Float64Array(steps).fill(NaN);
    out.set(x.subarray(0, Math.min(steps, x.length)));
    return out;
  };
  const memory = options.memory;
  if (memory) {
    const byId = new Map(memory.ids.map((id, i) => [id, i]));
    for (let i = 0; i < vms; i++)
      if (!byId.has(samples.ids[i]))
        throw new RangeError(`VM ${samples.ids[i]} has CPU samples but no memory samples`);
  }
  const memIndex = memory ? new Map(memory.ids.map((id, i) => [id, i])) : null;
  return {
    name,
    ids: samples.ids.slice(0, vms),
    steps,
    stepHours: options.stepHours ?? FIVE_MINUTES,
    usage: seriesList(samples.inst).slice(0, vms).map(pad),
    memory: memory
      ? samples.ids.slice(0, vms).map((id, i) => {
          const m = pad(seriesAt(memory.inst, memIndex!.get(id)!));
          // Both resources are present exactly when the CPU series is.
          const u = seriesAt(samples.inst, i);
          for (let k = 0; k < steps; k++) if (k >= u.length || Number.isNaN(m[k])) m[k] = NaN;
          return m;
        })
      : undefined,
  };
}

/**
 * PlanetLab's ten days as one series per VM (ids "date:vm"): the VMs of the first day, each
 * continued on a later day by the VM-day of the same name, else by the next unclaimed VM-day of
 * that day in file order (ours: the trace has no VM lifetimes), else absent for that day.
 */
export function stitchDays(name: string, samples: TaskSamples, maxVms = Infinity): ResizeWorkload {
  const days = new Map<string, number[]>();
  samples.ids.forEach((id, i) => {
    const sep = id.indexOf(':');
    if (sep < 0) throw new RangeError(`task id "${id}" is not "date:vm"`);
    const d = id.slice(0, sep);
    if (!days.has(d)) days.set(d, []);
    days.get(d)!.push(i);
  });
  const order = [...days.keys()].sort();
  const first = days.get(order[0])!.slice(0, maxVms);
  const perDay = seriesLength(samples.inst, first[0]);
  const steps = perDay * order.length;
  const vmName = (i: number) => samples.ids[i].slice(samples.ids[i].indexOf(':') + 1);
  const usage = first.map(() => new Float64Array(steps).fill(NaN));
  order.forEach((d, di) => {
    const rows = days.get(d)!;
    const byName = new Map(rows.map((r) => [vmName(r), r]));
    const claimed = new Set<number>();
    const pick: number[] = first.map((f) => {
      const r = byName.get(vmName(f));
      if (r !== undefined) claimed.add(r);
      return r ?? -1;
    });
    let next = 0;
    for (let v = 0; v < first.length; v++) {
      if (pick[v] >= 0) continue;
      while (next < rows.length && claimed.has(rows[next])) next++;
      if (next < rows.length) {
        pick[v] = rows[next];
        claimed.add(rows[next]);
      }
    }
    pick.forEach((r, v) => {
      if (r >= 0) usage[v].set(seriesAt(samples.inst, r).subarray(0, perDay), di * perDay);
    });
  });
  return {
    name,
    ids: first.map(vmName),
    steps,
    stepHours: FIVE_MINUTES,
    usage,
  };
}

/** A scripted event for the teaching replay. */
export type ScenarioEvent =
  | { readonly kind: 'insert'; readonly item: number; readonly size: number }
  | { readonly kind: 'change'; readonly item: number; readonly size: number }
  | { readonly kind: 'remove'; readonly item: number };

export interface Scenario {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly events: readonly ScenarioEvent[];
  /** For the d-dimensional case: the vectors before max-reduction. */
  readonly vectors?: readonly (readonly number[])[];
}

const ins = (item: number, size: number): ScenarioEvent => ({ kind: 'insert', item, size });

/** The canned scenarios of the issue (visbp-notes.md §5.6). */
export function cannedScenarios(n = 6): Scenario[] {
  const eps = 0.01;
  const tight: ScenarioEvent[] = [];
  for (let i = 0; i < n; i++) tight.push(ins(i, 0.5 + eps));
  for (let i = 0; i < n; i++) tight.push(ins(n + i, 0.5 - eps));
  const vectors = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  // T→L: found by a seeded search over random instances (20,000 tries): the largest count our
  // largest-group choice reaches is 4 (the paper's 7 bounds any choice of groups).
  const tl: ScenarioEvent[] = [
    0.2, 0.26, 0.02, 0.16, 0.03, 0.27, 0.42, 0.22, 0.13, 0.04, 0.17, 0.06, 0.6, 0.05, 0.33, 0.14,
    0.15, 0.08, 0.24, 0.2, 0.05,
  ].map((size, i) => ins(i, size));
  const flap: ScenarioEvent[] = [ins(0, 0.45), ins(1, 0.3), ins(2, 0.2)];
  for (let k = 0; k < 8; k++) flap.push({ kind: 'change', item: 0, size: k % 2 ? 0.48 : 0.52 });
  return [
    {
      id: 'tight-3-2',
      title: 'The 3/2 tight example',
      description: `${n} items of 0.5+ε (L) then ${n} of 0.5−ε (S): VISBP makes ${n} L-bins and ${n / 2} SS-bins, OPT pairs them in ${n} bins.`,
      events: tight,
    },
    {
      id: 'max-reduction-worst',
      title: 'Max-reduction worst case (d = 3)',
      description:
        '(1,0,0), (0,1,0), (0,0,1) reduce to three items of size 1: 3 bins where one suffices.',
      events: vectors.map((v, i) => ins(i, Math.max(...v))),
      vectors,
    },
    {
      id: 't-to-l',
      title: 'A T→L change with many movements',
      description:
        'A T-item in an LT-bin grows into an L-item: the old L-item moves to a new bin, which is filled from the T-bins, and the old bin is adjusted.',
      events: [...tl, { kind: 'change', item: 1, size: 0.52 }],
    },
    {
      id: 'flapping',
      title: 'An item flapping around 1/2',
      description:
        'An S/L item oscillates between 0.48 and 0.52: every crossing is a class change (the paper has no hysteresis).',
      events: flap,
    },
  ];
}
