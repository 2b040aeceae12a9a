/** Machines of the resizing baselines (SPEC §13): loads on predicted sizes, members, slots. */
import { exceeds } from '../capacity.ts';
import type { ResizePolicy, StepInput } from './policyTypes.ts';

/** Machines for the baselines: loads on predicted sizes, members, compact slots. */
class Machines {
  readonly machineOf: Int32Array;
  readonly load: number[] = [];
  readonly members: number[][] = [];
  readonly live: number[] = [];
  readonly slot: number[] = [];
  /** Per machine index: its identity, fresh at every open (indices are reused, identities not). */
  readonly identity: number[] = [];
  private nextIdentity = 0;
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
      this.identity.push(-1);
    }
    this.identity[m] = this.nextIdentity++;
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
      if (m === exclude || exceeds(this.load[m] + size, 1)) continue;
      if (!best) return m;
      if (pick < 0 || this.load[m] > this.load[pick]) pick = m;
    }
    return pick;
  }
}

export abstract class BaselinePolicy implements ResizePolicy {
  protected readonly ms: Machines;
  stepMoves = 0;
  stepMigrations = 0;
  stepMigrationsUnmatched = 0;
  onMigrate: ((vm: number) => void) | null = null;
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
  machineIdOf(vm: number): number {
    return this.ms.identity[this.ms.machineOf[vm]];
  }
}
