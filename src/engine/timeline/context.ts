/**
 * What a window's policy sees of the cluster (SPEC §12; semionline-notes §1.6): the machines, the
 * batch, the fit test and the policy's memory. A leaf module of types, so the cluster, the fit tests
 * and the policies share them without an import cycle.
 */

/** What a bin carries: Σq, Σμ, Σσ². Sums add, so merging two bins adds their loads. */
export interface Load {
  q: number;
  mu: number;
  v: number;
}

/** True when a load (Σq, Σμ, Σσ²) fits a machine of capacity c. */
export type FitTest = (q: number, mu: number, v: number) => boolean;

export interface Machine extends Load {
  readonly id: number;
  /** l_m, s from the current batch time. */
  l: number;
  /** max(start + estimate) of its running tasks; l_m = max(maxEstEnd − now, floor). */
  maxEstEnd: number;
  /** maxEstEnd when last placed in the sorted active list (−∞: not in it). */
  sortKey: number;
  tasks: number[];
  /** l_m as the policy's score sees it (= l unless the duration error is split, see `scoreApart`). */
  scoreL?: number;
  dirty: boolean;
  readonly open: number;
  close: number;
}

/** An incoming task as the policy sees it: r = expected remaining duration from the batch time. */
export interface BatchTask extends Load {
  readonly index: number;
  readonly r: number;
  /** r as the policy's score sees it (= r unless the duration error is split). */
  readonly scoreR?: number;
  readonly arrival: number;
}

export interface PolicyContext {
  /**
   * Active machines, l_m decreasing (ties: older first); machines opened by the batch are appended.
   * `l` is set only for policies that read it (BFD, MRD, FMF on more than one task).
   */
  readonly machines: Machine[];
  readonly batch: readonly BatchTask[];
  readonly fits: FitTest;
  readonly capacity: number;
  readonly memory: PolicyMemory;
  /** True when scores read `scoreL`/`scoreR` (a split duration error) instead of `l`/`r`. */
  readonly scoreApart?: boolean;
  /** c + slack under hard capacity (then fits(q, …) ≡ q ≤ hardLimit); absent under GPA. */
  readonly hardLimit?: number;
  put(t: BatchTask, m: Machine): void;
  open(t: BatchTask): Machine;
}

/** What a policy keeps across windows: NF's pointer (a machine id, −1: none). */
export interface PolicyMemory {
  nextFit: number;
}
