/** What the scheduler catalog (catalog.ts) holds per scheduler. */
export interface SchedulerKnob {
  /** The project's field the knob is, e.g. "usageThresholds.cpu". */
  readonly field: string;
  /** Its unit in the project's configuration, e.g. "percent of the node's CPU". */
  readonly unit: string;
}

export interface SchedulerInfo {
  /** The command-line name, e.g. "koordinator". */
  readonly name: string;
  /** e.g. "Koordinator LoadAwareScheduling". */
  readonly title: string;
  /** The fit test reproducing the rule (its registry kind). */
  readonly kind: string;
  readonly knob: SchedulerKnob;
  /** The project's default settings as the fit test's parameter values (notation order). */
  readonly defaults: readonly number[];
  /** Where the defaults come from, and where the documentation says otherwise. */
  readonly defaultsNote: string;
  /** The rule in one sentence. */
  readonly rule: string;
  readonly caveats: readonly string[];
  /** null: the rule reads usage only; else the request assumed when the data carry none. */
  readonly requests: string | null;
  /** The project files the rule, fields and defaults were read from. */
  readonly sources: readonly string[];
  /** The project's configuration fields, in its units, at the fit test's parameter values. */
  config(values: readonly number[]): Readonly<Record<string, number>>;
}
