/**
 * The step interface every resizing policy implements (SPEC §13) and the policy specification: a
 * leaf module so the policies and their shared machine bookkeeping import it without a cycle.
 */
import type { PackerKind } from '../pack/pack.ts';

export type PolicySpec =
  | {
      readonly kind: 'visbp';
      readonly check?: boolean;
      /** Stochastic bridge: hot(b) is GPA's test μ_B + z·σ_B > 1 instead of Σ e > 1. */
      readonly gpaHot?: boolean;
    }
  | { readonly kind: 'ff' }
  | { readonly kind: 'bf' }
  | {
      readonly kind: 'repack';
      readonly every: number;
      /** Repack with the engine's GPA(ρ) packer on the window's μ, σ (stochastic predictor). */
      readonly gpa?: { readonly rho: number; readonly packer?: PackerKind };
    }
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
  /**
   * A present VM's machine as an identity that is never given to another machine (slots are
   * compacted and reused): two steps with different identities for a VM are one migration.
   */
  machineIdOf(vm: number): number;
  /** When set, called with every VM migrated (for the migrated memory). */
  onMigrate?: ((vm: number) => void) | null;
}
