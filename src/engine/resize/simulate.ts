/**
 * The resizing step loop (SPEC §13): per step departures, size changes (ascending id), arrivals
 * (ascending id) go to a policy on predicted sizes; hot spots, cold spots and utilization are then
 * measured on the *actual* usage. Series are named like the timeline wing's (active machines per
 * step, machine-hours) so the two can be joined.
 */
import { exceeds } from '../capacity.ts';
import { createPolicy, VisbpPolicy, type PolicySpec, type ResizePolicy } from './policies.ts';
import { checkPredictor, predictSeries, type PredictorSpec } from './predict.ts';
import { setting } from '../settings.ts';

/** Per-VM actual usage per step, as fractions of a machine (NaN: the VM is absent then). */
export interface ResizeWorkload {
  readonly name: string;
  readonly ids: readonly string[];
  readonly steps: number;
  /** Hours per step (5-minute traces: 1/12). */
  readonly stepHours: number;
  readonly usage: readonly Float64Array[];
  /** A second resource (memory) for max-reduction (visbp-notes.md §1.4), when known. */
  readonly memory?: readonly Float64Array[];
}

export interface ResizeConfig {
  readonly policy: PolicySpec;
  readonly predictor: PredictorSpec;
  /** A machine-step is a hot spot when its actual usage exceeds this (SPEC: 1; the paper: 0.9). */
  readonly hotThreshold?: number;
  /** Every resource under this is a cold spot (SPEC §13: 0.25). */
  readonly coldThreshold?: number;
  /** Keep per-step series (off for large sweeps). */
  readonly series?: boolean;
  /** Sees every present VM at every step, after the policy: where it is and what it used. */
  readonly placements?: PlacementSink;
}

/** One VM at one step: its machine's identity (never reused), its predicted size, its actual usage. */
export type PlacementSink = (
  step: number,
  vm: number,
  machine: number,
  predicted: number,
  actual: number,
) => void;

export interface ResizeSeries {
  readonly activeMachines: Int32Array;
  readonly movements: Int32Array;
  readonly migrations: Int32Array;
  readonly hotSpots: Int32Array;
  readonly coldSpots: Int32Array;
  readonly gini: Float64Array;
  readonly vmsPresent: Int32Array;
}

export interface ResizeTotals {
  readonly machine_hours: number;
  readonly mean_active: number;
  readonly peak_active: number;
  readonly movements: number;
  readonly migrations: number;
  /** Repack only: migrations without matching new machines to old ones (the paper's count). */
  readonly migrations_unmatched: number;
  /**
   * Σ over migrated VMs of their actual memory at the step, in machine memories (a VM without a
   * memory sample at that step adds nothing; NaN: the trace has no memory).
   */
  readonly migrated_memory: number;
  readonly migrations_per_item_step: number;
  /**
   * VMs on another machine at the end of a step than at the end of the step before (both present):
   * what a placements file shows. `migrations` counts every movement of an item, as the paper
   * does, so a VM moved twice within a step (or moved and moved back) counts twice there.
   */
  readonly migrated_vms: number;
  readonly hot_spot_steps: number;
  readonly active_steps: number;
  readonly hot_spot_frequency: number;
  readonly cold_spot_steps: number;
  readonly mean_gini: number;
  /** Stochastic bridge: mean over machine-steps of Σ e_a − (μ_B + z·σ_B) (0 otherwise). */
  readonly pooling_loss_per_machine: number;
  /** Max-reduction: mean over machine-steps of the non-bottleneck resource's unused share. */
  readonly non_bottleneck_waste: number;
  readonly item_steps: number;
  /** VISBP with GPA as hot(b) and checks on: events after which an invariant failed. */
  readonly invariant_violations: number;
}

export interface ResizeResult {
  readonly totals: ResizeTotals;
  readonly series?: ResizeSeries;
}

/** Sizes the policy sees: the predictor on each resource, max-reduced over resources (§3.8). */
export function plannedSizes(
  w: ResizeWorkload,
  p: PredictorSpec,
): { sizes: Float64Array[]; mu?: Float64Array[]; sigma?: Float64Array[] } {
  checkPredictor(p);
  const stochastic = p.kind === 'stochastic';
  const mu: Float64Array[] = [];
  const sigma: Float64Array[] = [];
  const sizes = w.usage.map((u, i) => {
    const m = stochastic ? new Float64Array(w.steps) : undefined;
    const s = stochastic ? new Float64Array(w.steps) : undefined;
    const cpu = predictSeries(u, p, m, s);
    if (m && s) {
      mu.push(m);
      sigma.push(s);
    }
    const mem = w.memory?.[i];
    if (!mem) return cpu;
    const pm = predictSeries(mem, p);
    for (let k = 0; k < cpu.length; k++) if (pm[k] > cpu[k]) cpu[k] = pm[k];
    return cpu;
  });
  return stochastic ? { sizes, mu, sigma } : { sizes };
}

/** Runs one policy over a workload (SPEC §13 order of events); totals and optional series. */
export function simulateResize(
  w: ResizeWorkload,
  cfg: ResizeConfig,
  planned = plannedSizes(w, cfg.predictor),
): ResizeResult {
  const n = w.usage.length;
  const hotAt = cfg.hotThreshold ?? 1;
  const coldAt = cfg.coldThreshold ?? 0.25;
  const policy = createPolicy(cfg.policy, n);
  const z = cfg.predictor.kind === 'stochastic' ? cfg.predictor.z : 0;
  const size = new Float64Array(n).fill(NaN);
  const present = new Uint8Array(n);
  const keep = cfg.series === true;
  const series = keep ? newSeries(w.steps) : undefined;
  const t = { active: 0, peak: 0, moves: 0, migr: 0, unmatched: 0, hot: 0, cold: 0, gini: 0 };
  const meter = new StepMeter(w, planned, hotAt, coldAt, z);
  let itemSteps = 0;
  let migratedVms = 0;
  const lastMachine = new Float64Array(n).fill(-1);
  const gpa =
    (cfg.policy.kind === 'visbp' && cfg.policy.gpaHot) ||
    (cfg.policy.kind === 'repack' && cfg.policy.gpa)
      ? { mu: new Float64Array(0) as Float64Array, sigma: new Float64Array(0) as Float64Array, z }
      : undefined;
  if (gpa && !planned.mu)
    throw new RangeError(
      `the GPA hot test or the GPA repack needs ${setting('predictor stochastic (μ, σ)', 'the predictor "μ + z·σ over the window"')}`,
    );
  const ev = { departures: [] as number[], changes: [] as number[], arrivals: [] as number[] };
  const memoryByStep = w.memory ? stepMajor(w.memory, w.steps) : undefined;
  let memoryRow = 0;
  let migratedMemory = memoryByStep ? 0 : NaN;
  if (memoryByStep)
    policy.onMigrate = (x) => {
      const m = memoryByStep[memoryRow + x];
      if (!Number.isNaN(m)) migratedMemory += m;
    };
  const sizeByStep = stepMajor(planned.sizes, w.steps);
  const muByStep = gpa ? stepMajor(planned.mu!, w.steps) : undefined;
  const sigmaByStep = gpa ? stepMajor(planned.sigma!, w.steps) : undefined;
  for (let k = 0; k < w.steps; k++) {
    stepEvents(sizeByStep, k, size, present, ev);
    const row = k * n;
    memoryRow = row;
    if (gpa) {
      gpa.mu = muByStep!.subarray(row, row + n);
      gpa.sigma = sigmaByStep!.subarray(row, row + n);
    }
    policy.step({ step: k, ...ev, size, gpa });
    const active = policy.activeCount();
    const { items, hot, cold, g } = meter.measure(k, policy, present, size);
    itemSteps += items;
    for (let i = 0; i < n; i++) {
      const id = present[i] ? policy.machineIdOf(i) : -1;
      if (id >= 0 && lastMachine[i] >= 0 && id !== lastMachine[i]) migratedVms++;
      lastMachine[i] = id;
    }
    if (cfg.placements) {
      const usageRow = meter.usageRow(k);
      for (let i = 0; i < n; i++)
        if (present[i]) cfg.placements(k, i, lastMachine[i], size[i], usageRow[i]);
    }
    t.active += active;
    t.peak = Math.max(t.peak, active);
    t.moves += policy.stepMoves;
    t.migr += policy.stepMigrations;
    t.unmatched += policy.stepMigrationsUnmatched;
    t.hot += hot;
    t.cold += cold;
    t.gini += g;
    if (series) {
      series.activeMachines[k] = active;
      series.movements[k] = policy.stepMoves;
      series.migrations[k] = policy.stepMigrations;
      series.hotSpots[k] = hot;
      series.coldSpots[k] = cold;
      series.gini[k] = g;
      series.vmsPresent[k] = items;
    }
  }
  const isVisbp = policy instanceof VisbpPolicy;
  const totals: ResizeTotals = {
    machine_hours: t.active * w.stepHours,
    mean_active: t.active / w.steps,
    peak_active: t.peak,
    movements: t.moves,
    migrations: t.migr,
    migrations_unmatched: isVisbp || cfg.policy.kind !== 'repack' ? t.migr : t.unmatched,
    migrated_memory: migratedMemory,
    migrations_per_item_step: itemSteps > 0 ? t.migr / itemSteps : 0,
    migrated_vms: migratedVms,
    hot_spot_steps: t.hot,
    active_steps: t.active,
    hot_spot_frequency: t.active > 0 ? t.hot / t.active : 0,
    cold_spot_steps: t.cold,
    mean_gini: t.gini / w.steps,
    pooling_loss_per_machine: t.active > 0 ? meter.poolLoss / t.active : 0,
    non_bottleneck_waste: t.active > 0 ? meter.waste / t.active : 0,
    item_steps: itemSteps,
    invariant_violations: isVisbp ? policy.violations : 0,
  };
  return series ? { totals, series } : { totals };
}

/**
 * The events of step k (SPEC §13 order: departures, size changes, arrivals, each by ascending id)
 * from the step-major planned sizes; `size` and `present` move on to step k.
 */
export function stepEvents(
  sizeByStep: Float64Array,
  k: number,
  size: Float64Array,
  present: Uint8Array,
  ev: { departures: number[]; changes: number[]; arrivals: number[] },
): void {
  const n = size.length;
  const row = k * n;
  ev.departures.length = ev.changes.length = ev.arrivals.length = 0;
  for (let i = 0; i < n; i++) {
    const s = sizeByStep[row + i];
    const here = !Number.isNaN(s);
    if (present[i] && !here) ev.departures.push(i);
    else if (here && !present[i]) ev.arrivals.push(i);
    else if (here && s !== size[i]) ev.changes.push(i);
    size[i] = s;
    present[i] = here ? 1 : 0;
  }
}

/** Per-machine actual usage of a step: hot and cold spots, Gini, pooling loss, waste. */
class StepMeter {
  private load = new Float64Array(64);
  private mem = new Float64Array(64);
  private poolSum = new Float64Array(64);
  private poolVar = new Float64Array(64);
  private poolMu = new Float64Array(64);
  private readonly usage: Float64Array;
  private readonly steps: number;
  private readonly memory: Float64Array | undefined;
  private readonly mu: Float64Array | undefined;
  private readonly sigma: Float64Array | undefined;
  poolLoss = 0;
  waste = 0;

  constructor(
    w: ResizeWorkload,
    planned: ReturnType<typeof plannedSizes>,
    private readonly hotAt: number,
    private readonly coldAt: number,
    private readonly z: number,
  ) {
    this.usage = stepMajor(w.usage, w.steps);
    this.steps = w.steps;
    this.memory = w.memory ? stepMajor(w.memory, w.steps) : undefined;
    if (z !== 0) {
      this.mu = stepMajor(planned.mu!, w.steps);
      this.sigma = stepMajor(planned.sigma!, w.steps);
    }
  }

  /** Every VM's actual usage at step k (NaN: absent). */
  usageRow(k: number): Float64Array {
    const n = this.usage.length / this.steps;
    return this.usage.subarray(k * n, (k + 1) * n);
  }

  measure(k: number, policy: ResizePolicy, present: Uint8Array, size: Float64Array) {
    const { z, usage, memory, mu, sigma } = this;
    const active = policy.activeCount();
    if (this.load.length < active) {
      const len = Math.max(active, this.load.length * 2);
      this.load = new Float64Array(len);
      this.mem = new Float64Array(len);
      this.poolSum = new Float64Array(len);
      this.poolVar = new Float64Array(len);
      this.poolMu = new Float64Array(len);
    }
    const { load, mem, poolSum, poolVar, poolMu } = this;
    load.fill(0, 0, active);
    if (memory) mem.fill(0, 0, active);
    if (z !== 0) {
      poolSum.fill(0, 0, active);
      poolVar.fill(0, 0, active);
      poolMu.fill(0, 0, active);
    }
    const n = present.length;
    const row = k * n;
    let items = 0;
    for (let i = 0; i < n; i++) {
      if (!present[i]) continue;
      items++;
      const m = policy.machineOf(i);
      if (!(m >= 0 && m < active))
        throw new Error(`internal: VM ${i} on machine ${m} of ${active}`);
      load[m] += usage[row + i];
      if (memory) mem[m] += memory[row + i];
      if (z !== 0) {
        poolSum[m] += size[i];
        poolMu[m] += mu![row + i];
        poolVar[m] += sigma![row + i] ** 2;
      }
    }
    let hot = 0;
    let cold = 0;
    for (let m = 0; m < active; m++) {
      if (exceeds(load[m], this.hotAt) || (memory && exceeds(mem[m], this.hotAt))) hot++;
      if (load[m] < this.coldAt && (!memory || mem[m] < this.coldAt)) cold++;
      if (z !== 0) this.poolLoss += poolSum[m] - (poolMu[m] + z * Math.sqrt(poolVar[m]));
      if (memory) this.waste += Math.abs(load[m] - mem[m]);
    }
    return { items, hot, cold, g: gini(load, active) };
  }
}

/**
 * Per-VM series (VM-major rows) laid out step-major, row k holding every VM's value at step k:
 * the step loop then reads memory in order. Cached per array of rows (a sweep reuses them).
 */
const stepMajorCache = new WeakMap<readonly Float64Array[], Float64Array>();
export function stepMajor(rows: readonly Float64Array[], steps: number): Float64Array {
  const hit = stepMajorCache.get(rows);
  if (hit && hit.length === rows.length * steps) return hit;
  const n = rows.length;
  const out = new Float64Array(n * steps);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    for (let k = 0; k < steps; k++) out[k * n + i] = k < r.length ? r[k] : NaN;
  }
  stepMajorCache.set(rows, out);
  return out;
}

function newSeries(steps: number): ResizeSeries {
  return {
    activeMachines: new Int32Array(steps),
    movements: new Int32Array(steps),
    migrations: new Int32Array(steps),
    hotSpots: new Int32Array(steps),
    coldSpots: new Int32Array(steps),
    gini: new Float64Array(steps),
    vmsPresent: new Int32Array(steps),
  };
}

/** Gini coefficient of the first `n` values (0: all equal); 0 for fewer than two machines. */
export function gini(values: Float64Array, n: number): number {
  if (n < 2) return 0;
  const v = values.slice(0, n).sort();
  let cum = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    cum += v[i];
    weighted += (i + 1) * v[i];
  }
  if (cum <= 0) return 0;
  return (2 * weighted) / (n * cum) - (n + 1) / n;
}
