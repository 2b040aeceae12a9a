/**
 * Placement policies for resizing (SPEC §13) behind one step interface: VISBP and the baselines
 * (never-migrate online FF/BF, periodic offline FFD repack every K steps, reactive hot-spot-only).
 * Per step the simulator hands departures, size changes (ascending id) and arrivals (ascending id).
 */
import { classOf, type Bin } from './bins.ts';
import { assertVisbp, visbpViolations, type CheckedEvent } from './invariants.ts';
import { Visbp } from './visbp.ts';
import { maxAssignmentTotal } from './matching.ts';

export type PolicySpec =
  | {
      readonly kind: 'visbp';
      readonly check?: boolean;
      /** Stochastic bridge: hot(b) is GPA's test μ_B + z·σ_B > 1 instead of Σ e > 1. */
      readonly gpaHot?: boolean;
    }
  | { readonly kind: 'ff' }
  | { readonly kind: 'bf' }
  | { readonly kind: 'repack'; readonly every: number }
  | { readonly kind: 'hotspot' };

export interface StepInput {
  readonly step: number;
  readonly departures: readonly number[];
  readonly changes: readonly number[];
  readonly arrivals: readonly number[];
  /** Every VM's size for this step (NaN when absent). */
  readonly size: Float64Array;
  /** Stochastic bridge: every VM's window mean and deviation for this step, and z. */
  readonly gpa?: { readonly mu: Float64Array; readonly sigma: Float64Array; readonly z: number };
}

export interface ResizePolicy {
  /** Runs one step; returns nothing, the counts are read from the fields below. */
  step(input: StepInput): void;
  /** Movements (an item or a VISBP group) and migrated VMs of the last step. */
  readonly stepMoves: number;
  readonly stepMigrations: number;
  /** Repack only: migrations counted without matching new machines to old ones (as the paper). */
  readonly stepMigrationsUnmatched: number;
  /** Active machines after the step, and each present VM's machine in [0, active). */
  activeCount(): number;
  machineOf(vm: number): number;
}

export function createPolicy(spec: PolicySpec, vms: number): ResizePolicy {
  switch (spec.kind) {
    case 'visbp':
      return new VisbpPolicy(spec.check === true, spec.gpaHot === true);
    case 'ff':
    case 'bf':
      return new OnlinePolicy(vms, spec.kind);
    case 'repack':
      if (!(Number.isInteger(spec.every) && spec.every >= 1))
        throw new RangeError(`invalid repack period K: ${spec.every} (an integer ≥ 1)`);
      return new RepackPolicy(vms, spec.every);
    case 'hotspot':
      return new HotspotPolicy(vms);
  }
}

/** VISBP driven by events; with `check`, every invariant is asserted after every event. */
export class VisbpPolicy implements ResizePolicy {
  readonly packer = new Visbp();
  stepMoves = 0;
  stepMigrations = 0;
  readonly stepMigrationsUnmatched = 0;
  private gpa: StepInput['gpa'] = undefined;
  /** With GPA as hot(b) the lemmas may break: checks then count events with violations instead. */
  violations = 0;
  constructor(
    private readonly check: boolean,
    gpaHot: boolean,
  ) {
    if (gpaHot) this.packer.hotTest = (b) => this.gpaHot(b);
  }

  private verify(event: CheckedEvent): void {
    if (!this.packer.hotTest) assertVisbp(this.packer, event);
    else if (visbpViolations(this.packer, event).length > 0) this.violations++;
  }

  /** GPA's bin test on the window statistics: Σμ + z·√Σσ² > 1 (SPEC §5, independence). */
  private gpaHot(b: Bin): boolean {
    const g = this.gpa;
    if (!g) throw new Error('internal: the GPA hot test needs the stochastic predictor');
    let mu = 0;
    let variance = 0;
    const add = (x: number) => {
      mu += g.mu[x];
      variance += g.sigma[x] * g.sigma[x];
    };
    b.big.forEach(add);
    for (const grp of b.groups) grp.items.forEach(add);
    return mu + g.z * Math.sqrt(variance) > 1;
  }

  step({ departures, changes, arrivals, size, gpa }: StepInput): void {
    this.gpa = gpa;
    const v = this.packer;
    let moves = 0;
    let migrated = 0;
    for (const x of departures) {
      v.remove(x);
      moves += v.lastMoves;
      migrated += v.lastMigrated;
      if (this.check) this.verify({ kind: 'remove', from: 0, to: 0 });
    }
    for (const x of changes) {
      const from = this.check ? classOf(v.sizeOf(x)) : 0;
      v.change(x, size[x]);
      moves += v.lastMoves;
      migrated += v.lastMigrated;
      if (this.check) this.verify({ kind: 'change', from, to: classOf(size[x]) });
    }
    for (const x of arrivals) {
      v.insert(x, size[x]);
      moves += v.lastMoves;
      migrated += v.lastMigrated;
      if (this.check) this.verify({ kind: 'insert', from: 0, to: classOf(size[x]) });
    }
    this.stepMoves = moves;
    this.stepMigrations = migrated;
  }
  activeCount(): number {
    return this.packer.binCount;
  }
  machineOf(vm: number): number {
    return this.packer.store.binOf[vm]!.slot;
  }
}

/** Machines for the baselines: loads on predicted sizes, members, compact slots. */
class Machines {
  readonly machineOf: Int32Array;
  readonly load: number[] = [];
  readonly members: number[][] = [];
  readonly live: number[] = [];
  readonly slot: number[] = [];
  private readonly free: number[] = [];
  readonly placed: Float64Array;

  constructor(vms: number) {
    this.machineOf = new Int32Array(vms).fill(-1);
    this.placed = new Float64Array(vms);
  }

  open(): number {
    const m = this.free.pop() ?? this.load.length;
    if (m === this.load.length) {
      this.load.push(0);
      this.members.push([]);
      this.slot.push(-1);
    }
    this.slot[m] = this.live.length;
    this.live.push(m);
    return m;
  }

  put(vm: number, m: number, size: number): void {
    this.machineOf[vm] = m;
    this.placed[vm] = size;
    this.load[m] += size;
    this.members[m].push(vm);
  }

  take(vm: number): number {
    const m = this.machineOf[vm];
    this.machineOf[vm] = -1;
    this.load[m] -= this.placed[vm];
    const list = this.members[m];
    list.splice(list.indexOf(vm), 1);
    if (list.length === 0) this.close(m);
    return m;
  }

  resize(vm: number, size: number): void {
    this.load[this.machineOf[vm]] += size - this.placed[vm];
    this.placed[vm] = size;
  }

  /** Empties every machine (no movement counted: the caller re-places the VMs). */
  clear(): void {
    for (const m of this.live) {
      for (const x of this.members[m]) this.machineOf[x] = -1;
      this.members[m].length = 0;
      this.load[m] = 0;
      this.slot[m] = -1;
      this.free.push(m);
    }
    this.live.length = 0;
  }

  private close(m: number): void {
    this.load[m] = 0;
    const s = this.slot[m];
    const last = this.live.pop()!;
    if (last !== m) {
      this.live[s] = last;
      this.slot[last] = s;
    }
    this.slot[m] = -1;
    this.free.push(m);
  }

  /** First fit over live machines in slot order, or best fit (least room left); -1 when none fits. */
  choose(size: number, best: boolean, exclude = -1): number {
    let pick = -1;
    for (const m of this.live) {
      if (m === exclude || this.load[m] + size > 1) continue;
      if (!best) return m;
      if (pick < 0 || this.load[m] > this.load[pick]) pick = m;
    }
    return pick;
  }
}

abstract class BaselinePolicy implements ResizePolicy {
  protected readonly ms: Machines;
  stepMoves = 0;
  stepMigrations = 0;
  stepMigrationsUnmatched = 0;
  constructor(vms: number) {
    this.ms = new Machines(vms);
  }
  abstract step(input: StepInput): void;
  protected common({ departures, changes, arrivals, size }: StepInput, best: boolean): void {
    for (const x of departures) this.ms.take(x);
    for (const x of changes) this.ms.resize(x, size[x]);
    for (const x of arrivals) {
      const m = this.ms.choose(size[x], best);
      this.ms.put(x, m >= 0 ? m : this.ms.open(), size[x]);
    }
  }
  activeCount(): number {
    return this.ms.live.length;
  }
  machineOf(vm: number): number {
    return this.ms.slot[this.ms.machineOf[vm]];
  }
}

/** Never-migrate online First Fit / Best Fit: each VM placed once, on its first size. */
class OnlinePolicy extends BaselinePolicy {
  constructor(
    vms: number,
    private readonly kind: 'ff' | 'bf',
  ) {
    super(vms);
  }
  step(input: StepInput): void {
    this.common(input, this.kind === 'bf');
  }
}

/**
 * Offline-BP (the paper's [10]): every K steps, FFD of all present VMs on their predicted sizes;
 * between repacks, arrivals by First Fit. Migrations are counted after the assignment of new
 * machines to old ones that keeps the most VMs in place (Hungarian method), and also
 * without matching, the new machine i against the old machine in slot i, as the paper counts.
 */
class RepackPolicy extends BaselinePolicy {
  /** FFD order of the last repack, reused as the starting order of the next (nearly sorted). */
  private readonly order: FfdOrder;
  private readonly binOfVm: Int32Array;
  constructor(
    vms: number,
    private readonly every: number,
  ) {
    super(vms);
    this.order = new FfdOrder(vms);
    this.binOfVm = new Int32Array(vms);
  }
  step(input: StepInput): void {
    this.stepMoves = this.stepMigrations = this.stepMigrationsUnmatched = 0;
    this.common(input, false);
    if (input.step % this.every !== 0 || input.step === 0) return;
    const { ms, binOfVm } = this;
    const oldCount = ms.live.length;
    const sorted = this.order.sort(ms.machineOf, input.size);
    const bins = firstFitInOrder(sorted, input.size, binOfVm);
    // weight[i][j]: VMs of new bin i now on the machine in slot j.
    const weight = new Int32Array(bins * oldCount);
    let unmatched = 0;
    for (const x of sorted) {
      const from = ms.slot[ms.machineOf[x]];
      weight[binOfVm[x] * oldCount + from]++;
      if (from !== binOfVm[x]) unmatched++;
    }
    const moved = sorted.length - maxAssignmentTotal(weight, bins, oldCount);
    ms.clear();
    for (let i = 0; i < bins; i++) ms.open();
    for (const x of sorted) ms.put(x, ms.live[binOfVm[x]], input.size[x]);
    this.stepMoves = this.stepMigrations = moved;
    this.stepMigrationsUnmatched = unmatched;
  }
}

/**
 * The present VMs in FFD order (size descending, ties by id), kept between calls: the previous
 * order, filtered to the present VMs and extended by the new ones, is insertion-sorted, which is
 * cheap when sizes change little. The order is total, so the result equals a fresh sort.
 */
class FfdOrder {
  private list = new Int32Array(0);
  private count = 0;
  private readonly listed: Uint8Array;
  constructor(vms: number) {
    this.listed = new Uint8Array(vms);
  }
  /** VMs with machineOf ≥ 0 (present), sorted; the view is valid until the next call. */
  sort(machineOf: Int32Array, size: Float64Array): Int32Array {
    const n = machineOf.length;
    if (this.list.length < n) {
      const grown = new Int32Array(n);
      grown.set(this.list.subarray(0, this.count));
      this.list = grown;
    }
    const { list, listed } = this;
    let c = 0;
    for (let r = 0; r < this.count; r++) {
      const x = list[r];
      if (machineOf[x] >= 0) list[c++] = x;
      else listed[x] = 0;
    }
    for (let x = 0; x < n; x++)
      if (machineOf[x] >= 0 && !listed[x]) {
        listed[x] = 1;
        list[c++] = x;
      }
    this.count = c;
    for (let i = 1; i < c; i++) {
      const x = list[i];
      const sx = size[x];
      let j = i - 1;
      while (j >= 0 && (size[list[j]] < sx || (size[list[j]] === sx && list[j] > x))) {
        list[j + 1] = list[j];
        j--;
      }
      list[j + 1] = x;
    }
    return list.subarray(0, c);
  }
}

/** First fit of VMs in the given order into unit bins: each VM's bin into `binOf`; the bin count. */
function firstFitInOrder(order: Int32Array, size: Float64Array, binOf: Int32Array): number {
  let load = new Float64Array(64);
  let bins = 0;
  for (const x of order) {
    const s = size[x];
    let i = 0;
    while (i < bins && load[i] + s > 1) i++;
    if (i === bins) {
      if (bins === load.length) {
        const grown = new Float64Array(bins * 2);
        grown.set(load);
        load = grown;
      }
      bins++;
    }
    load[i] += s;
    binOf[x] = i;
  }
  return bins;
}

/** FFD on sizes: VMs sorted by size descending (ties by id), each into the first bin it fits. */
export function ffd(vms: readonly number[], size: Float64Array): number[][] {
  const order = Int32Array.from(vms).sort((a, b) => size[b] - size[a] || a - b);
  const binOf = new Int32Array(size.length);
  const bins: number[][] = Array.from({ length: firstFitInOrder(order, size, binOf) }, () => []);
  for (const x of order) bins[binOf[x]].push(x);
  return bins;
}

/**
 * Reactive hot-spot-only (Sandpiper-like, 1-D; no consolidation): arrivals by First Fit; a machine
 * whose predicted load exceeds 1 sheds its largest VMs to the least-loaded machine they fit on,
 * else to a new machine.
 */
class HotspotPolicy extends BaselinePolicy {
  step(input: StepInput): void {
    this.common(input, false);
    const { ms } = this;
    let moved = 0;
    for (const m of ms.live.slice()) {
      while (ms.load[m] > 1 + 1e-12 && ms.members[m].length > 1) {
        let big = ms.members[m][0];
        for (const x of ms.members[m]) if (ms.placed[x] > ms.placed[big]) big = x;
        let dest = -1;
        for (const d of ms.live)
          if (
            d !== m &&
            ms.load[d] + ms.placed[big] <= 1 &&
            (dest < 0 || ms.load[d] < ms.load[dest])
          )
            dest = d;
        const s = ms.placed[big];
        ms.take(big);
        ms.put(big, dest >= 0 ? dest : ms.open(), s);
        moved++;
      }
    }
    this.stepMoves = this.stepMigrations = moved;
  }
}
