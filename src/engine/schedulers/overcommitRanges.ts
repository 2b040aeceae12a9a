/**
 * What each project does with an overcommit ratio it is given, read from its code:
 * - Volcano (volcano-sh/volcano pkg/scheduler/plugins/overcommit/overcommit.go, `OnSessionOpen`): a
 *   factor below 1 is replaced by the default 1.2 with a warning ("overcommit-factor cannot be less
 *   than 1");
 * - Katalyst (kubewharf/katalyst-core pkg/webhook/mutating/node, `overcommitRatioValidate` of the
 *   node allocatable mutator): a ratio below 1 is an error and the node keeps its allocatable
 *   (ratio 1);
 * - OpenStack Nova (nova/conf/compute.py, `cpu_allocation_ratio`, `min=0.0`): any ratio ≥ 0 is
 *   taken, 0 (or unset) meaning `initial_cpu_allocation_ratio` (4.0); a ratio below 1 reserves
 *   physical CPUs.
 * A ratio a project does not take as given is flagged wherever slopack advises one: the advice
 * names the project, its rule and the ratio that project would apply instead.
 */
export interface OvercommitVerdict {
  readonly project: 'Volcano' | 'Nova' | 'Katalyst';
  /** The ratio is applied as given. */
  readonly accepted: boolean;
  /** The ratio the project applies. */
  readonly applied: number;
  readonly rule: string;
}

export const VOLCANO_DEFAULT_FACTOR = 1.2;
export const NOVA_INITIAL_CPU_RATIO = 4;

export function overcommitVerdicts(ratio: number): OvercommitVerdict[] {
  const below = ratio < 1;
  return [
    {
      project: 'Volcano',
      accepted: !below,
      applied: below ? VOLCANO_DEFAULT_FACTOR : ratio,
      rule: 'overcommit.go OnSessionOpen: a factor below 1 is replaced by the default 1.2',
    },
    {
      project: 'Nova',
      accepted: ratio > 0,
      applied: ratio > 0 ? ratio : NOVA_INITIAL_CPU_RATIO,
      rule: 'cpu_allocation_ratio min=0.0; 0 means initial_cpu_allocation_ratio 4.0',
    },
    {
      project: 'Katalyst',
      accepted: !below,
      applied: below ? 1 : ratio,
      rule: 'overcommitRatioValidate: a ratio below 1 is refused and the node keeps its allocatable',
    },
  ];
}

/** One line per project that does not take `ratio` as given (none when all do). */
export function overcommitFlags(ratio: number): string[] {
  return overcommitVerdicts(ratio)
    .filter((v) => !v.accepted)
    .map((v) => `${v.project} does not take ratio ${ratio}: it applies ${v.applied} (${v.rule})`);
}
