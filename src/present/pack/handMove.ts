/**
 * A task moved by hand in Pack, said in words: the fit test's verdict on the machine it was
 * dropped on, in ρ's terms for a test deciding by the Gaussian at ρ (its overflow probability
 * there against ρ), else by the test's slack there, whose meaning the test declares.
 */
import { slackMeaning, type FitSpec, type MoveCheck } from '../../engine/index.ts';
import { formatNumber } from '../format.ts';

/** What `check` says of task `task` (its name) moved onto machine `to` (0-based) under `fit`. */
export function moveVerdict(check: MoveCheck, task: string, to: number, fit: FitSpec): string {
  const machine = `machine ${to + 1}`;
  if (Number.isNaN(check.slack))
    return `task ${task} cannot move to ${machine}: this packing has no such machine or task`;
  const head = check.fits ? `task ${task} fits ${machine}` : `task ${task} does not fit ${machine}`;
  if (check.overflow !== null && check.rho !== null) {
    const sign = check.overflow > check.rho ? '>' : '≤';
    return `${head}: its Gaussian overflow probability there would be ${formatNumber(check.overflow, 2)} ${sign} ρ ${formatNumber(check.rho)}`;
  }
  return `${head}: the ${fit.kind} test’s slack there, ${slackMeaning(fit.kind)}, would be ${formatNumber(check.slack, 3)} (${check.fits ? '≥' : '<'} 0)`;
}
