/**
 * `advise`: a load-aware scheduler's knob, from the user's time-aligned history to the value in
 * its configuration. The knob is tuned to q* on the learned part (engine/schedulers/advice.ts, the
 * replay tuner unchanged), judged on the judged part beside the project's default settings, and
 * printed as the project's configuration snippet; `--json` adds every figure; `--report FILE`
 * writes docs/schedulers.md for the bundled histories.
 */
import {
  SCHEDULERS,
  driftAlarm,
  findScheduler,
  knobCurve,
  pickAdvice,
  type AlignedTuneConfig,
  type JudgedSetting,
  type SchedulerAdvice,
  type SchedulerInfo,
  type SloScope,
  type Validation,
  REBALANCE,
  overcommitFlags,
  overcommitVerdicts,
} from '../../../engine/index.ts';
import { adviceFacts, schedulerSnippets } from '../../../present/schedulers/snippets.ts';
import { nodesJson, nodesText } from '../../../present/cores.ts';
import { UsageError, rangeOption, type Options } from '../../args.ts';
import { asUsage, type Command } from '../command.ts';
import { dataOptions, PUBLIC_DIR } from '../../io.ts';
import { loadReplay, replayJson, replayOptions, type Replay } from '../replayData.ts';
import { clusterOptions } from '../../clusterFlags.ts';
import { sloJson } from '../pack/packSlo.ts';
import { foldJson, foldsText, tuneScopeOption } from '../tune/tuneReplay.ts';
import { writeAdviseReport } from './adviseReport.ts';
import { adviseAll, missNotice, parseSet, requestNotice, stepOf } from './adviseRun.ts';
import { join } from 'node:path';
import { driftJson, driftLine } from '../driftOut.ts';
import {
  adviseReplayOptions,
  judgeByReplay,
  replayAdviceJson,
  replayAdviceText,
  replayHead,
  type ReplayJudgement,
} from './adviseReplay.ts';

/** The schedulers a --scheduler value names ("all": every one). */
function schedulersNamed(name: string): SchedulerInfo[] {
  return name === 'all' ? [...SCHEDULERS] : [asUsage(() => findScheduler(name))];
}

/** The data's node: capacity c and cores per machine (null: not in cores). */
interface NodeUnits {
  readonly capacity: number;
  readonly coresPerMachine: number | null;
}

function settingJson(
  s: JudgedSetting | null,
  units: NodeUnits = { capacity: 1, coresPerMachine: null },
): Record<string, unknown> | null {
  const nodes = s && nodesJson(s.machines, units.capacity, units.coresPerMachine);
  return (
    s && {
      values: s.values,
      settings: s.settings,
      machines: s.machines,
      ...(nodes && { nodes }),
      judged: sloJson(s.judged),
    }
  );
}

function adviceJson(
  a: SchedulerAdvice,
  curve: boolean,
  r: Replay,
  c: AlignedTuneConfig,
  step?: number,
  set: Readonly<Record<string, number>> = {},
  judgement: ReplayJudgement | null = null,
) {
  const info = a.scheduler;
  const units = { capacity: c.capacity, coresPerMachine: r.coresPerMachine ?? null };
  return {
    ...(judgement && { replay: replayAdviceJson(judgement, info.name) }),
    scheduler: info.name,
    title: info.title,
    fit: info.kind,
    knob: info.knob,
    rule: info.rule,
    caveats: info.caveats,
    requests: info.requests,
    target: a.target,
    scope: a.scope,
    grid: a.grid,
    tuned: settingJson(a.tuned, units),
    closest: settingJson(a.closest, units),
    fold: a.fold && sloJson(a.fold),
    folds: a.folds.map(foldJson),
    defaults: { note: info.defaultsNote, ...settingJson(a.defaults, units) },
    ...(info.kind === 'oc' && {
      projects: overcommitVerdicts((a.tuned ?? a.closest ?? a.defaults).settings.ratio),
    }),
    snippets: schedulerSnippets(adviceFacts(a)),
    ...(curve
      ? {
          curve: knobCurve(r.inst, r.judge!.inst, info, c, {
            overrides: { step: stepOf(r, step), ...set },
          }),
        }
      : {}),
  };
}

/** A setting a project would not take as given (overcommit ratios), one line per project. */
function projectFlags(a: SchedulerAdvice, s: JudgedSetting): string[] {
  return a.scheduler.kind === 'oc' ? overcommitFlags(s.settings.ratio) : [];
}

function adviceText(a: SchedulerAdvice, units: NodeUnits): string[] {
  const chosen = a.tuned ?? a.closest!;
  const d = a.defaults;
  const fmt = (s: JudgedSetting) =>
    `${Object.entries(s.settings)
      .map(([k, v]) => `${k} = ${v}`)
      .join(
        ', ',
      )}: ${nodesText(s.machines, units.capacity, units.coresPerMachine) ?? `${s.machines} nodes`}, worst-node q ${s.judged.worst.toFixed(4)}, mean q ${s.judged.mean.toFixed(4)}, ${s.judged.over} over ${a.target}`;
  return [
    `== ${a.scheduler.title} (${a.scheduler.name})`,
    `${a.tuned ? 'tuned' : 'closest (none keeps q*)'}: ${fmt(chosen)}`,
    ...projectFlags(a, chosen).map((f) => `  flag: ${f}`),
    ...(a.folds.length ? [`folds: ${foldsText(a.folds.map(foldJson))}`] : []),
    `defaults: ${fmt(d)}`,
    ...schedulerSnippets(adviceFacts(a)).flatMap((s) => ['', `--- ${s.title}`, s.text.trimEnd()]),
    '',
  ];
}

/** The scheduler to run (`pickAdvice`), or why none is recommended. */
function pickLine(pick: SchedulerAdvice | null, capacity: number, cores: number | null): string {
  if (!pick?.tuned)
    return 'pick: none — no scheduler’s knob kept q* on every fold of the learned part';
  const nodes = nodesText(pick.tuned.machines, capacity, cores) ?? `${pick.tuned.machines} nodes`;
  return `pick: ${pick.scheduler.name} (${nodes} on the learned part; the fewest among the schedulers whose tuned knob kept q* on every fold)`;
}

export const advise: Command = {
  usage:
    'npm run cli -- advise --scheduler NAME|all --target Q --data FILE [--learn a:b] [--scope every|mean|p95] [--json]; or advise --report docs/schedulers.md',
  summary:
    'A load-aware scheduler’s knob tuned to the per-machine SLO on a time-aligned history (learned part → judged part), its default settings judged the same way, and its configuration snippet (Koordinator, Trimaran, Crane, overcommit ratios, VPA, descheduler).',
  options: {
    ...dataOptions,
    ...replayOptions,
    mode: { ...replayOptions.mode, default: 'aligned', choices: ['aligned'] },
    ...clusterOptions,
    learn: { ...clusterOptions.learn, default: '0:0.5' },
    scheduler: {
      kind: 'string',
      help: `the scheduler: ${SCHEDULERS.map((s) => s.name).join(', ')}, or all`,
    },
    scope: {
      kind: 'string',
      help: 'what q* holds on: every machine (the worst), the mean q, or 95 % of machines',
      default: 'every',
      choices: ['every', 'mean', 'p95'],
    },
    validate: tuneScopeOption.validate,
    algo: { kind: 'string', help: 'packer', default: 'bf', choices: ['ff', 'bf', 'ffd', 'bfd'] },
    rebalance: rangeOption(REBALANCE, 'rebalancing max_failures (0: off)', 5),
    set: {
      kind: 'string',
      help: 'other parameters of the rule, key=value,… (e.g. aggregation=95,duration=3600 for koordinator; day=1.2 for crane)',
    },
    ...adviseReplayOptions,
    json: { kind: 'flag', help: 'print the values and snippets as JSON' },
    curve: {
      kind: 'flag',
      help: 'with --json: the knob’s curve (q per machine and nodes per value)',
    },
    report: {
      kind: 'string',
      help: 'write the bundled histories’ report (Markdown) here instead of advising on --data',
    },
    datasets: {
      kind: 'string',
      help: 'with --report: only these bundled histories (comma-separated ids, e.g. azure-v1,bitbrains-rnd)',
    },
    'data-root': {
      kind: 'string',
      help: 'folder of the bundled data for --report (default public/data)',
      default: join(PUBLIC_DIR, 'data'),
    },
  },
  async run(o, out) {
    const scope = o.scope as SloScope;
    if (o.report) {
      const only = o.datasets ? String(o.datasets).split(',') : undefined;
      await writeAdviseReport(o.report as string, o['data-root'] as string, scope, only);
      out(`wrote ${String(o.report)}`);
      return;
    }
    if (!o.scheduler)
      throw new UsageError(
        `--scheduler is required (${SCHEDULERS.map((s) => s.name).join(', ')}, or all)`,
      );
    const list = schedulersNamed(o.scheduler as string);
    const target = o.target as number;
    if (!o.data && !o.prometheus) throw new UsageError('--data (or --prometheus) is required');
    const capacity = (o.capacity as number | undefined) ?? 1;
    const r = await loadReplay(o as Options, 0, 1);
    const c: AlignedTuneConfig = {
      packer: o.algo as AlignedTuneConfig['packer'],
      capacity,
      rebalance: o.rebalance as number,
      target,
      scope,
      validation: o.validate as Validation,
      step: stepOf(r, o.step as number | undefined),
    };
    const set = asUsage(() => parseSet(o.set as string | undefined));
    const advice = adviseAll(r, list, c, o.step as number | undefined, set);
    const pick = pickAdvice(advice);
    const judgement = judgeByReplay(
      r,
      o,
      list.map((s) => s.name),
      { target, scope, validation: c.validation ?? 'walk' },
    );
    const stepNotice =
      r.aligned.report.step === null && o.step === undefined
        ? `the data carry no timestamps: the rules' windows read each instant as ${stepOf(r)} s (--step tells another)`
        : null;
    const split = r.split!;
    const drift = driftAlarm(
      r.inst,
      r.judge!.inst,
      r.aligned.report.step ?? (o.step as number | undefined) ?? null,
      split.judge.start,
      split.learn.start,
    );
    const driftWarning = driftLine('advise', drift, r.aligned.ids);
    if (driftWarning) process.stderr.write(`${driftWarning}\n`);
    const notices = [stepNotice, ...list.map(requestNotice), ...advice.map(missNotice)].filter(
      (n): n is string => n !== null,
    );
    if (o.json) {
      for (const n of notices) process.stderr.write(`note: ${n}\n`);
      out(
        JSON.stringify({
          alignment: replayJson(r),
          step_s: stepOf(r, o.step as number | undefined),
          learned_columns: r.inst.cols,
          judged_columns: r.judge!.inst.cols,
          drift: driftJson(drift, r.aligned.ids),
          notices,
          ...(judgement && { replay: replayHead(judgement) }),
          pick: pick && pick.scheduler.name,
          schedulers: advice.map((a) =>
            adviceJson(a, o.curve === true, r, c, o.step as number | undefined, set, judgement),
          ),
        }),
      );
      return;
    }
    out(
      `learned ${r.inst.cols} instants, judged ${r.judge!.inst.cols}; ${r.inst.rows} tasks; q* = ${target} on ${scope}`,
    );
    if (drift.message) out(drift.message);
    if (list.length > 1) out(pickLine(pick, capacity, r.coresPerMachine ?? null));
    for (const n of notices) out(`note: ${n}`);
    out('');
    if (judgement) for (const n of judgement.prepared.notes) out(`note: replay: ${n}`);
    for (const a of advice) {
      const lines = adviceText(a, { capacity, coresPerMachine: r.coresPerMachine ?? null });
      const replayed = judgement ? replayAdviceText(judgement, a.scheduler.name, target) : [];
      for (const line of [...lines.slice(0, 2), ...replayed, ...lines.slice(2)]) out(line);
    }
  },
};
