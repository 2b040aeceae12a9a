/** The periodic offline repack baseline of resizing (SPEC §13; VISBP paper's offline-BP). */
import { exceeds } from '../capacity.ts';
import { gaussianOverflow, gpa } from '../fit/gpa.ts';
import type { FitTest } from '../fit/index.ts';
import { pack, type PackerKind } from '../pack/pack.ts';
import { BaselinePolicy } from './machines.ts';
import { maxAssignmentTotal } from './matching.ts';
import type { StepInput } from './policyTypes.ts';
import { setting } from '../settings.ts';

/**
 * Offline-BP (the paper's [10]): every K steps, FFD of all present VMs on their predicted sizes;
 * between repacks, arrivals by First Fit. Migrations are counted after the assignment of new
 * machines to old ones that keeps the most VMs in place (Hungarian method), and also
 * without matching, the new machine i against the old machine in slot i, as the paper counts.
 *
 * With `gpa`, the repack is the engine's GPA packer (GPA paper §4; SPEC §5–§6) on the recent
 * window's μ and σ² per VM (the stochastic predictor's), in the given order (default FFD on μ, no
 * rebalancing), and arrivals between repacks go First Fit under the same GPA(ρ) test on the
 * machines' current window statistics (ours: the paper's offline-BP is deterministic).
 */
export class RepackPolicy extends BaselinePolicy {
  /** FFD order of the last repack, reused as the starting order of the next (nearly sorted). */
  private readonly order: FfdOrder;
  private readonly binOfVm: Int32Array;
  private readonly fit: FitTest | null;
  constructor(
    vms: number,
    private readonly every: number,
    private readonly gpaPacker?: { readonly rho: number; readonly packer?: PackerKind },
  ) {
    super(vms);
    this.order = new FfdOrder(vms);
    this.binOfVm = new Int32Array(vms);
    this.fit = gpaPacker ? gpa(gpaPacker.rho) : null;
  }
  step(input: StepInput): void {
    this.stepMoves = this.stepMigrations = this.stepMigrationsUnmatched = 0;
    if (this.fit) this.gpaArrivals(input);
    else this.common(input, false);
    if (input.step % this.every !== 0 || input.step === 0) return;
    const { ms, binOfVm } = this;
    const oldCount = ms.live.length;
    let sorted: Int32Array;
    let bins: number;
    if (this.fit) ({ sorted, bins } = this.gpaAssignment(input));
    else {
      sorted = this.order.sort(ms.machineOf, input.size);
      bins = firstFitInOrder(sorted, input.size, binOfVm);
    }
    // weight[i][j]: VMs of new bin i now on the machine in slot j.
    const weight = new Int32Array(bins * oldCount);
    let unmatched = 0;
    for (const x of sorted) {
      const from = ms.slot[ms.machineOf[x]];
      weight[binOfVm[x] * oldCount + from]++;
      if (from !== binOfVm[x]) unmatched++;
    }
    const assigned = new Int32Array(bins);
    const moved = sorted.length - maxAssignmentTotal(weight, bins, oldCount, assigned);
    if (this.onMigrate)
      for (const x of sorted)
        if (assigned[binOfVm[x]] !== ms.slot[ms.machineOf[x]]) this.onMigrate(x);
    const oldIdentity = ms.live.map((m) => ms.identity[m]);
    ms.clear();
    for (let i = 0; i < bins; i++) {
      const m = ms.open();
      // A new bin matched to an old machine is that machine: its VMs that stay did not migrate.
      if (assigned[i] >= 0) ms.identity[m] = oldIdentity[assigned[i]];
    }
    for (const x of sorted) ms.put(x, ms.live[binOfVm[x]], input.size[x]);
    this.stepMoves = this.stepMigrations = moved;
    this.stepMigrationsUnmatched = unmatched;
  }

  private stats(input: StepInput): NonNullable<StepInput['gpa']> {
    if (!input.gpa)
      throw new RangeError(
        `the GPA repack needs ${setting('predictor stochastic (μ, σ)', 'the predictor "μ + z·σ over the window"')}`,
      );
    return input.gpa;
  }

  /** The GPA packer on the present VMs (ascending id): placement order and each VM's bin. */
  private gpaAssignment(input: StepInput): { sorted: Int32Array; bins: number } {
    const { mu, sigma } = this.stats(input);
    const { ms, binOfVm } = this;
    const present: number[] = [];
    for (let x = 0; x < ms.machineOf.length; x++) if (ms.machineOf[x] >= 0) present.push(x);
    const size = Float64Array.from(present, (x) => mu[x]);
    const variance = Float64Array.from(present, (x) => sigma[x] * sigma[x]);
    const packing = pack({ size, variance }, this.fit!, {
      packer: this.gpaPacker!.packer ?? 'ffd',
      capacity: 1,
      rebalance: 0,
    });
    const sorted = new Int32Array(present.length);
    let c = 0;
    packing.machines.forEach((tasks, i) => {
      for (const t of tasks) {
        binOfVm[present[t]] = i;
        sorted[c++] = present[t];
      }
    });
    return { sorted, bins: packing.machines.length };
  }

  /** Departures and size changes as usual; each arrival First Fit under GPA(ρ). */
  private gpaArrivals(input: StepInput): void {
    const { mu, sigma } = this.stats(input);
    const { ms } = this;
    const rho = this.gpaPacker!.rho;
    for (const x of input.departures) ms.take(x);
    for (const x of input.changes) ms.resize(x, input.size[x]);
    for (const x of input.arrivals) {
      let dest = -1;
      for (const m of ms.live) {
        let mean = mu[x];
        let variance = sigma[x] * sigma[x];
        for (const y of ms.members[m]) {
          mean += mu[y];
          variance += sigma[y] * sigma[y];
        }
        if (gaussianOverflow(mean, variance, 1) <= rho) {
          dest = m;
          break;
        }
      }
      ms.put(x, dest >= 0 ? dest : ms.open(), input.size[x]);
    }
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
    while (i < bins && exceeds(load[i] + s, 1)) i++;
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
