/** The SLO per machine in the command line's JSON, and the options that ask for it. */
import {
  antiColocated,
  fitEntry,
  fitTest,
  groupsFromIds,
  machineSlo,
  type FitSpec,
  type FitTest,
  type MachineSlo,
} from '../../../engine/index.ts';
import { SLO_TARGET } from '../../../engine/schedulers/index.ts';
import {
  UsageError,
  flagWordedRangeOption,
  rangeOption,
  type OptionSpec,
  type Options,
} from '../../args.ts';
import { MAX_PER_GROUP } from '../../ranges.ts';
import { readText } from '../../io.ts';

export const sloOptions = {
  target: flagWordedRangeOption(
    SLO_TARGET,
    'the SLO target for the per-machine figures (default: the fit test’s nominal SLO, else 0.01)',
  ),
} as const satisfies Record<string, OptionSpec>;

export const groupOptions = {
  'max-per-group': rangeOption(
    MAX_PER_GROUP,
    'anti-colocation: at most k tasks of one group per machine (with any fit test)',
  ),
  ids: { kind: 'string', help: 'task ids (JSON array, row order; e.g. realize --out-ids)' },
  'group-by': {
    kind: 'string',
    help: 'groups from the ids: auto, job (Google "job:index"), or label:NAME (Prometheus)',
    default: 'auto',
  },
} as const satisfies Record<string, OptionSpec>;

/** The target: --target, else the fit test's nominal SLO, else 0.01. */
export function sloTarget(o: Options, fit: FitSpec): number {
  if (o.target !== undefined) return o.target as number;
  const entry = fitEntry(fit.kind);
  const first = entry?.parameters[0];
  const value = first ? (fit as unknown as Record<string, number>)[first.key] : undefined;
  const nominal = value !== undefined ? entry?.tuning?.nominalSlo(value) : null;
  return nominal ?? 0.01;
}

export function sloJson(s: MachineSlo): Record<string, unknown> {
  return {
    target: s.target,
    columns: s.columns,
    q_mean: s.mean,
    q_worst: s.worst,
    worst_machine: s.worstMachine,
    q_p95: s.p95,
    machines_over_target: s.over,
    machines: s.q.length,
    q: s.q,
    q_upper95_worst: s.upperWorst,
    machines_unproven: s.unproven,
    q_upper95: s.upper,
    effective_instants: s.effective,
  };
}

/** The per-machine SLO from per-machine overflow counts. */
export function sloOf(overflows: ArrayLike<number>, columns: number, target: number): MachineSlo {
  return machineSlo(overflows, columns, target);
}

/** The fit test, wrapped with anti-colocation when --max-per-group is given. */
export function fitWithGroups(o: Options, spec: FitSpec, rows: number): FitTest {
  const inner = fitTest(spec);
  if (o['max-per-group'] === undefined) return inner;
  if (!o.ids) throw new UsageError('--max-per-group needs --ids (the task ids, to name groups)');
  let ids: unknown;
  try {
    ids = JSON.parse(readText(o.ids as string));
  } catch (e) {
    throw new UsageError(`--ids ${String(o.ids)}: not JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(ids) || ids.length !== rows)
    throw new UsageError(
      `--ids ${String(o.ids)}: expected a JSON array of ${rows} ids (one per matrix row)`,
    );
  const groups = groupsFromIds(ids.map(String), o['group-by'] as string);
  if (!groups)
    throw new UsageError(
      `--group-by ${String(o['group-by'])}: the ids name no groups (e.g. "job:index" or "namespace=…")`,
    );
  return antiColocated(inner, groups, o['max-per-group'] as number);
}
