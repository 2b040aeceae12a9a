/**
 * The load-aware schedulers slopack advises on: per scheduler its command-line name, the fit test
 * (group 'scheduler' of the registry) that reproduces its admission rule, its knob (the fit test's
 * first parameter, the one the tuner sweeps), its project's default settings, the rule in one
 * sentence, its caveats, whether it needs requests (and the request assumed when the data have
 * none), the project files read, and `config`: the project's configuration fields, in the
 * project's own units, at the fit test's parameter values. Plain data and functions: the CLI's
 * `advise`, its report and the page's Schedulers view all read this list.
 *
 * One entry, `descheduler`, is no scheduler's rule: it carries GPA's ρ into the descheduler's
 * LowNodeUtilization as z = Φ⁻¹(1 − ρ) in a PromQL expression (its default ρ = 0.01 is slopack's).
 */
import { fitEntry, fitSpec, type FitEntry, type FitSpec, type FitTuning } from '../fit/index.ts';
import { normalSurvivalQuantile } from '../stats/normal.ts';
import type { SchedulerInfo } from './types.ts';
import { RULE_SCHEDULERS } from './entries.ts';

export type { SchedulerInfo, SchedulerKnob } from './types.ts';

/** Every scheduler, in the order the CLI, the report and the page list them. */
export const SCHEDULERS: readonly SchedulerInfo[] = [...RULE_SCHEDULERS];

/** The names, for messages and menus. */
export function schedulerNames(): string[] {
  return SCHEDULERS.map((s) => s.name);
}

/** The scheduler of a command-line name; an unknown name is refused with the list. */
export function findScheduler(name: string): SchedulerInfo {
  const found = SCHEDULERS.find((s) => s.name === name);
  if (!found)
    throw new RangeError(
      `unknown scheduler "${name}" (expected one of: ${schedulerNames().join(', ')}, or all)`,
    );
  return found;
}

/** Adds a scheduler after the built-in ones (a plug-in, or a test's stand-in). */
export function registerScheduler(info: SchedulerInfo): void {
  if (SCHEDULERS.some((s) => s.name === info.name))
    throw new RangeError(`scheduler "${info.name}" is already in the catalog`);
  (SCHEDULERS as SchedulerInfo[]).push(info);
}

/** The scheduler's fit test, which must be registered and tunable. */
export function schedulerEntry(info: SchedulerInfo): FitEntry & { readonly tuning: FitTuning } {
  const entry = fitEntry(info.kind);
  if (!entry)
    throw new RangeError(
      `scheduler "${info.name}" needs the fit test "${info.kind}", which is not registered`,
    );
  if (!entry.tuning || entry.parameters.length === 0)
    throw new RangeError(`the fit test "${info.kind}" of "${info.name}" declares no knob to tune`);
  return entry as FitEntry & { readonly tuning: FitTuning };
}

/** Parameter values by key (e.g. the data's sampling step `step`) that replace the defaults. */
export type SchedulerOverrides = Readonly<Record<string, number>>;

/**
 * The fit test with its knob at `value` and every other parameter at the fit test's default (as the
 * tuner's families have it), or at `overrides`.
 */
export function specAt(
  info: SchedulerInfo,
  value: number,
  overrides: SchedulerOverrides = {},
): FitSpec {
  const entry = schedulerEntry(info);
  return fitSpec(
    entry,
    entry.parameters.map((p, k) => (k === 0 ? value : overrides[p.key])),
  );
}

/** The project's default settings (catalog `defaults`), with `overrides`. */
export function defaultSpec(info: SchedulerInfo, overrides: SchedulerOverrides = {}): FitSpec {
  const entry = schedulerEntry(info);
  return fitSpec(
    entry,
    entry.parameters.map((p, k) => overrides[p.key] ?? info.defaults[k]),
  );
}

/** A spec's parameter values (notation order) and the project's fields at them. */
export function settingsOf(
  info: SchedulerInfo,
  spec: FitSpec,
): { readonly values: number[]; readonly settings: Readonly<Record<string, number>> } {
  const fields = spec as unknown as Readonly<Record<string, number>>;
  const values = schedulerEntry(info).parameters.map((p) => fields[p.key]);
  return { values, settings: info.config(values) };
}

const DESCHEDULER: SchedulerInfo = {
  name: 'descheduler',
  title: 'descheduler LowNodeUtilization with a GPA-risk Prometheus query',
  kind: 'gpa',
  knob: { field: 'z in metricsUtilization.prometheus.query', unit: 'standard deviations' },
  defaults: [0.01],
  defaultsNote:
    "no default in the descheduler: ρ = 0.01 is slopack's first page (z = 2.326); LowNodeUtilization's own thresholds have no default either",
  rule: "a node is over its SLO when Σμ + z·√Σσ² of its pods' CPU exceeds its allocatable CPU (GPA with z = Φ⁻¹(1 − ρ)); the descheduler evicts from nodes above targetThresholds",
  caveats: [
    'the descheduler evicts, it does not place: pair it with a scheduler whose filter keeps the same risk',
    'Σσ² treats pods as independent; on correlated data prefer the cov fit test tuned here',
  ],
  requests: null,
  sources: [
    'kubernetes-sigs/descheduler pkg/framework/plugins/nodeutilization/types.go (MetricsUtilization, Prometheus.Query: "a vector of samples, each labeled with instance … in <0; 1>")',
  ],
  config: ([rho]) => ({ rho, z: Number(normalSurvivalQuantile(rho).toFixed(4)) }),
};

(SCHEDULERS as SchedulerInfo[]).push(DESCHEDULER);

export { DEFAULT_STEP, REQUEST_ASSUMPTION } from '../fit/entries/usage.ts';
