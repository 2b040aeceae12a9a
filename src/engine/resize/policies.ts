/**
 * Placement policies for resizing (SPEC §13) behind one step interface: VISBP and the baselines
 * (never-migrate online FF/BF, periodic offline FFD repack every K steps, reactive hot-spot-only).
 * Per step the simulator hands departures, size changes (ascending id) and arrivals (ascending id).
 */
import { exceeds, withinCapacity } from '../capacity.ts';
import { checkRho } from '../fit/entries/gpa.ts';
import { classOf, type Bin } from './bins.ts';
import { assertVisbp, visbpViolations, type CheckedEvent } from './invariants.ts';
import { Visbp } from './visbp.ts';
import { BaselinePolicy } from './machines.ts';
import { RepackPolicy } from './repack.ts';
import type { PolicySpec, ResizePolicy, StepInput } from './policyTypes.ts';

export type { PolicySpec, ResizePolicy, StepInput } from './policyTypes.ts';

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
      if (spec.gpa) checkRho(spec.gpa.rho);
      return new RepackPolicy(vms, spec.every, spec.gpa);
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
    return exceeds(mu + g.z * Math.sqrt(variance), 1);
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
  get onMigrate(): ((vm: number) => void) | null {
    return this.packer.store.onMigrate;
  }
  set onMigrate(f: ((vm: number) => void) | null) {
    this.packer.store.onMigrate = f;
  }
  activeCount(): number {
    return this.packer.binCount;
  }
  machineOf(vm: number): number {
    return this.packer.store.binOf[vm]!.slot;
  }
  machineIdOf(vm: number): number {
    return this.packer.binIdOf(vm);
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
      while (exceeds(ms.load[m], 1) && ms.members[m].length > 1) {
        let big = ms.members[m][0];
        for (const x of ms.members[m]) if (ms.placed[x] > ms.placed[big]) big = x;
        let dest = -1;
        for (const d of ms.live)
          if (
            d !== m &&
            withinCapacity(ms.load[d] + ms.placed[big], 1) &&
            (dest < 0 || ms.load[d] < ms.load[dest])
          )
            dest = d;
        const s = ms.placed[big];
        this.onMigrate?.(big);
        ms.take(big);
        ms.put(big, dest >= 0 ? dest : ms.open(), s);
        moved++;
      }
    }
    this.stepMoves = this.stepMigrations = moved;
  }
}
