/**
 * Observation and evaluation columns (SPEC §3). κ = 1: both are all R columns. κ < 1: the first
 * k = clamp(⌊κ·R + 0.5⌋, 1, R − 1) columns are observed and the remaining R − k evaluated.
 */
import { CLAIRVOYANCE, checkRange } from './ranges.ts';
export interface ColumnSplit {
  readonly observeStart: number;
  readonly observeEnd: number;
  readonly evaluateStart: number;
  readonly evaluateEnd: number;
}

export function checkClairvoyance(kappa: number): number {
  return checkRange(CLAIRVOYANCE, kappa);
}

export function splitColumns(realizations: number, clairvoyance: number): ColumnSplit {
  checkClairvoyance(clairvoyance);
  if (clairvoyance >= 1 || realizations < 2) {
    return {
      observeStart: 0,
      observeEnd: realizations,
      evaluateStart: 0,
      evaluateEnd: realizations,
    };
  }
  const k = Math.min(Math.max(1, Math.floor(clairvoyance * realizations + 0.5)), realizations - 1);
  return { observeStart: 0, observeEnd: k, evaluateStart: k, evaluateEnd: realizations };
}

export const evaluatedCount = (s: ColumnSplit) => s.evaluateEnd - s.evaluateStart;
