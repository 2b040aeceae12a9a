/**
 * "Why this machine": each task's deciding step (SPEC §6) in words, from the packing's trace — the
 * rule, the machines it fitted on and the slack of the chosen one, or the rebalancing move.
 */
import {
  explainPlacement,
  finalDecisions,
  type PackTrace,
  type PackerKind,
} from '../../engine/index.ts';
import { formatFixed, formatNumber } from '../format.ts';

export interface TaskDecision {
  /** The step (1-based, as the step-through counts) that put the task on its final machine. */
  readonly step: number;
  readonly text: string;
}

const short = (x: number) =>
  Math.abs(x) >= 1e-3 || x === 0 ? formatFixed(x, 4) : formatNumber(x, 3);

/** One task's deciding step, told in a line (machines named M1, M2, … in opening order). */
function describeDecision(trace: PackTrace, step: number, packer: PackerKind): string {
  const s = trace[step - 1];
  if (!s) return 'never placed';
  if (s.kind === 'rebalance')
    return `step ${step}: rebalancing moved it from M${s.from + 1} to M${s.to + 1} (slack ${short(s.slack)})`;
  const why = explainPlacement(s, packer);
  const open = s.slacks.length;
  if (why.rule === 'oversized')
    return `step ${step}: fits on no machine, not even an empty one; M${s.machine + 1} opened for it`;
  if (why.rule === 'opened')
    return `step ${step}: fitted none of the ${open} open machine${open === 1 ? '' : 's'}; M${s.machine + 1} opened`;
  const rule = why.rule === 'first-fit' ? 'First Fit: lowest' : 'Best Fit: smallest slack';
  return `step ${step}: fitted ${why.feasible.length} of ${open} open; ${rule}, M${s.machine + 1} (slack ${short(s.slacks[s.machine])})`;
}

/** Every task's deciding step and its line, by instance position. */
export function taskDecisions(trace: PackTrace, tasks: number, packer: PackerKind): TaskDecision[] {
  return Array.from(finalDecisions(trace, tasks), (step) => ({
    step,
    text: describeDecision(trace, step, packer),
  }));
}
