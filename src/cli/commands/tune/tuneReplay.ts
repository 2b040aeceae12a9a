/**
 * `tune --mode aligned`: each family tuned on a time-aligned matrix by walk-forward folds over the
 * learned part (learn days 1..k, judge day k + 1: `engine/replay/walkForward.ts`; `--validate half`
 * is the single fold of its halves), each fold's q per machine shown, the
 * target read per machine by `--scope` (mean: the paper's q; every: the worst machine; p95: 95 % of
 * machines), then the chosen packing judged on the judged part when `--learn` splits the data.
 */
import {
  checkFamily,
  checkPacker,
  driftAlarm,
  formatFit,
  judgeMachines,
  machinePeakRise,
  matrixFrom,
  SLO_SCOPES,
  ALIGNED_FAMILIES,
  tunePicked,
  type FitFamily,
  type RealizationMatrix,
  type FoldSlo,
  type SloScope,
  type Validation,
  VALIDATIONS,
} from '../../../engine/index.ts';
import { UsageError, type Options } from '../../args.ts';
import { asUsage } from '../command.ts';
import { loadReplay, replayJson } from '../replayData.ts';
import { sloJson } from '../pack/packSlo.ts';
import { decimalOrNull } from '../../../engine/numberText.ts';
import { rangeProblem } from '../../../engine/ranges.ts';
import { TUNE_TARGET } from '../../../engine/tune/index.ts';
import { driftJson, driftLine } from '../driftOut.ts';

const sci = (v: number) => (v === 0 ? '0' : v.toExponential(2));

/** What is wrong with one of `--target`'s comma-separated q* (the declared range's message), or null. */
export function targetsProblem(raw: string): string | null {
  for (const t of raw.split(',')) {
    const v = decimalOrNull(t.trim());
    if (v === null) return `invalid --target "${t}": not a number`;
    const problem = rangeProblem({ ...TUNE_TARGET, name: 'target q*' }, v);
    if (problem) return problem;
  }
  return null;
}

/** `--target`'s values (checked when the options were read). */
export function targetsOf(o: Options): number[] {
  return (o.target as string).split(',').map((t) => decimalOrNull(t.trim()) as number);
}

/** `--families`, or `defaults` when it is not given. */
export function familiesOf(o: Options, defaults: readonly FitFamily[]): FitFamily[] {
  const given = o.families as string | undefined;
  if (given === undefined) return [...defaults];
  return asUsage(() => given.split(',').map((f) => checkFamily(f.trim())));
}

export const tuneScopeOption = {
  scope: {
    kind: 'string',
    help: 'with --mode aligned: the target holds for every machine (the default: the worst machine’s q_j), 95 % of machines, or the mean q (the paper’s)',
    choices: SLO_SCOPES,
  },
  validate: {
    kind: 'string',
    help: 'with --mode aligned: walk-forward folds over the learned part (learn days 1..k, judge day k+1), or one fold (its halves)',
    default: 'walk',
    choices: VALIDATIONS,
  },
} as const;

/** A fold's figures in the JSON: its columns (of the learned part) and the SLO per machine. */
export function foldJson(f: FoldSlo): Record<string, unknown> {
  return {
    learn: [f.fold.learn.start, f.fold.learn.end],
    judge: [f.fold.judge.start, f.fold.judge.end],
    machines: f.machines,
    ...sloJson(f.slo),
  };
}

/** The folds (as `foldJson`) in a line: each judged part's worst machine and its misses. */
export function foldsText(folds: readonly Record<string, unknown>[]): string {
  return folds
    .map((f) => {
      const [start, end] = f.judge as number[];
      return `judged [${start}, ${end}) worst ${sci(f.q_worst as number)}, ${String(f.machines_over_target)} of ${String(f.machines)} over`;
    })
    .join('; ');
}

/** The pick's line: the family chosen on the folds, and how it did on the judged part. */
function pickText(
  pick: {
    family: string;
    fit: string | null;
    machines: number;
    judged: Record<string, unknown> | null;
  } | null,
): string {
  if (!pick) return '  pick: none — no family met q* on every fold, so no setting is recommended';
  const judged = pick.judged
    ? Number(pick.judged.machines_over_target) > 0
      ? `; judged: ${String(pick.judged.machines_over_target)} machines over q*, it misses`
      : `; judged: holds on every machine's q_j (${String(pick.judged.machines_unproven)} not shown to hold by the 95 % bound)`
    : '';
  return `  pick: ${pick.fit} on ${pick.machines} machines, the fewest among the families that met q* on every fold${judged}`;
}

export async function tuneReplayed(o: Options, out: (line: string) => void): Promise<void> {
  if (o.mode !== 'aligned')
    throw new UsageError(`tune --mode ${String(o.mode)}: the tuner replays --mode aligned only`);
  if (o.inst) throw new UsageError('tune --mode aligned reads --data (a matrix has no time axis)');
  const r = await loadReplay(o, o.realizations as number, o.seed as number);
  const n = (o.tasks as number | undefined) ?? r.inst.rows;
  if (!(n >= 1 && n <= r.inst.rows))
    throw new UsageError(`invalid --tasks ${n}: the aligned data have ${r.inst.rows} tasks`);
  const first = (m: RealizationMatrix) =>
    n === m.rows ? m : matrixFrom(n, m.cols, m.data.slice(0, n * m.cols));
  const learn = first(r.inst);
  const judge = r.judge && first(r.judge.inst);
  const scope = (o.scope as SloScope | undefined) ?? 'every';
  const ids = r.aligned.ids.slice(0, n);
  const step = r.aligned.report.step ?? (o.step as number | undefined) ?? null;
  const drift =
    judge && r.split
      ? driftAlarm(learn, judge, step, r.split.judge.start, r.split.learn.start)
      : null;
  const driftWarning = drift && driftLine('tune', drift, ids);
  if (driftWarning) process.stderr.write(`${driftWarning}\n`);
  const config = asUsage(() => ({
    packer: checkPacker(o.algo as string),
    capacity: o.capacity as number,
    rebalance: o.rebalance as number,
    scope,
    validation: o.validate as Validation,
    step,
  }));
  const families = familiesOf(o, ALIGNED_FAMILIES);
  const targets = targetsOf(o);
  const tables = targets.map((target) => {
    const { results, pick } = asUsage(() => tunePicked(learn, families, { ...config, target }));
    const rows = results.map((t) => {
      const judged =
        judge && t.fit ? judgeMachines(t.machines, judge, config.capacity, target) : null;
      return {
        family: t.family,
        value: t.value,
        fit: t.fit && formatFit(t.fit),
        machines: t.machines.length,
        cv: t.cv && sloJson(t.cv),
        folds: t.folds.map(foldJson),
        judged: judged && sloJson(judged),
        machines_above_learned_peak:
          judge && t.fit
            ? machinePeakRise(t.machines, learn, judge).filter((x) => x > 0).length
            : null,
      };
    });
    return { target, pick: pick && pick.family, rows };
  });
  if (o.json) {
    out(
      JSON.stringify({
        mode: 'aligned',
        scope,
        validation: config.validation,
        tasks: n,
        learned_columns: learn.cols,
        judged_columns: judge ? judge.cols : null,
        alignment: replayJson(r),
        drift: drift && driftJson(drift, ids),
        tables,
      }),
    );
    return;
  }
  if (drift?.message) out(drift.message);
  for (const t of tables) {
    out(
      `q* = ${t.target} for ${scope === 'mean' ? 'the mean q' : scope === 'every' ? 'every machine' : '95 % of machines'}: ${n} aligned tasks, tuned on ${learn.cols} learned instants (${config.validation === 'walk' ? 'walk-forward folds: learn days 1..k, judge day k+1' : 'first half packs, second half judges'})${judge ? `, judged on ${judge.cols} later instants` : ''}`,
    );
    out(pickText(t.rows.find((row) => row.family === t.pick) ?? null));
    for (const row of t.rows)
      out(
        row.fit === null
          ? `  ${row.family.padEnd(10)} no grid value met q* on the fold`
          : `  ${row.family.padEnd(10)} ${row.fit.padEnd(18)} ${String(row.machines).padStart(5)} machines` +
              (row.judged
                ? `  judged: q ${sci(row.judged.q_mean as number)}, worst ${sci(row.judged.q_worst as number)} (95 % bound ${sci(row.judged.q_upper95_worst as number)}), ${String(row.judged.machines_over_target)} over q*, ${String(row.judged.machines_unproven)} more not shown to hold`
                : '') +
              (row.folds.length ? `\n             folds: ${foldsText(row.folds)}` : ''),
      );
  }
}
