/**
 * Repeated timestamps of one series, one rule for every format that reads times (docs/model.md,
 * "Repeated timestamps"): a sample at the instant its task's previous sample already holds is
 * merged into it, the first kept. A repeat with the same values is counted; one with other values
 * is counted apart, with the first place it happened. Neither refuses the load, unless the rule is
 * `refuse` (`--duplicates refuse`): then the repeat is a bad line as it used to be.
 */
import { setting } from '../../settings.ts';

/** What a repeated timestamp does: merged into the first sample (default), or refused. */
export type RepeatRule = 'merge' | 'refuse';
export const REPEAT_RULES: readonly RepeatRule[] = ['merge', 'refuse'];

export function checkRepeatRule(rule: RepeatRule | undefined): RepeatRule {
  const r = rule ?? 'merge';
  if (r !== 'merge' && r !== 'refuse')
    throw new RangeError(`invalid duplicates rule: ${String(rule)} (merge or refuse)`);
  return r;
}

/** Two samples' values, equal when both are absent (NaN). */
export function sameValue(a: number, b: number): boolean {
  return a === b || (a !== a && b !== b);
}

/** The repeats of one load, counted, and the first place of one with other values. */
export class Repeats {
  readonly rule: RepeatRule;
  identical = 0;
  conflicting = 0;
  private first = '';

  constructor(rule: RepeatRule | undefined) {
    this.rule = checkRepeatRule(rule);
  }

  /**
   * Counts a repeat of `time` (a number, or a time cell's text) for `task` at `file`, `line` (whose
   * first sample is at `before`), or, under the rule `refuse`, returns the reason to refuse it.
   */
  add(
    task: string,
    time: number | string,
    same: boolean,
    file: string,
    line: number | null,
    before: string,
  ): string | null {
    if (this.rule === 'refuse')
      return `task ${task}: duplicated timestamp ${time} (also at ${before})`;
    if (same) {
      this.identical++;
      return null;
    }
    if (this.conflicting++ === 0)
      this.first = `task ${task} at ${time}, ${file}${line === null ? '' : `, line ${line}`} (first at ${before})`;
    return null;
  }

  /** The report's notes: one per kind of repeat found (none when there were none). */
  notes(): string[] {
    const out: string[] = [];
    if (this.identical)
      out.push(`${this.identical} repeated timestamp(s) with the same values merged (kept once)`);
    if (this.conflicting)
      out.push(
        `${this.conflicting} repeated timestamp(s) with other values: the first sample kept, the later dropped (first: ${this.first}); ${setting('duplicates refuse', 'ticking "refuse a repeated timestamp" (upload options)')} refuses them`,
      );
    return out;
  }
}
