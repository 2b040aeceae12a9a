/**
 * `advice-report`: whether advice learned from a history holds on the days after, written as
 * Markdown (docs/advice-results.md). For every bundled history with a time axis (learned on its
 * first half, judged on the second) and for seeded correlated weeks (learned on days 1–5, judged
 * on days 6–7; `engine/synthetic/correlatedWeek.ts`): the drift alarm of the judged part against
 * the learned one, every candidate family tuned by walk-forward to q_j ≤ 0.01 on every machine
 * (`tunePicked` over `ALIGNED_FAMILIES`, scope every) and judged per machine on the judged part,
 * the tuner's pick (`pickTuned`), and the ex-post oracle (the empirical test packed on the judged part itself).
 */
import {
  correlatedWeek,
  CORRELATED_WEEK,
  driftAlarm,
  formatFit,
  matrixFrom,
  ALIGNED_FAMILIES,
  FAMILIES,
  judgeMachines,
  sliceColumns,
  tunePicked,
  type AlignedTuneResult,
  type CorrelatedWeekParams,
  type DriftReport,
  type FitFamily,
  type MachineSlo,
  type RealizationMatrix,
  WEEK_TASKS,
} from '../../engine/index.ts';
import { UsageError, flagWordedRangeOption } from '../args.ts';
import type { Command } from './command.ts';
import { writeOutput } from '../files.ts';
import { REPORT_OPTIONS, datasets } from './correlationReport.ts';
import { loadReplay } from './replayData.ts';
import { MARGIN_HEADER, marginSpread, marginSpreadRow, type MarginSpread } from './adviceMargin.ts';
import {
  PACK,
  TARGET,
  candidateGap,
  candidateGapRow,
  judgedPacking,
  oracleGap,
  oracleGapRow,
  type CandidateGap,
  type Judged,
  type OracleGap,
} from './adviceGap.ts';

/** Generated tasks read at 4× their size: about 20 tasks a machine, as on the bundled traces. */
const WEEK_SCALE = 4;

interface Case {
  readonly title: string;
  readonly note: string;
  readonly learn: RealizationMatrix;
  readonly judge: RealizationMatrix;
  readonly step: number | null;
  readonly judgeStart: number;
  /** A generated week: its margins are read day by day (`adviceMargin.ts`). */
  readonly generated: boolean;
}

interface Row {
  readonly tuned: AlignedTuneResult;
  readonly judged: MachineSlo | null;
}

interface Outcome {
  readonly c: Case;
  readonly drift: DriftReport;
  readonly rows: readonly Row[];
  readonly pick: Row | null;
  /** The pick's family at the knob chosen ex post (on the judged part), or null. */
  readonly hindsight: Judged | null;
  /** The oracle's own test, emp:0.01, packed on the learned part. */
  readonly learnedEmp: Judged;
  readonly oracle: number;
  readonly oracleGap: OracleGap;
  readonly gaps: readonly CandidateGap[];
  readonly margin: MarginSpread | null;
}

const f4 = (v: number) => (v === 0 ? '0' : v < 1e-3 ? v.toExponential(1) : v.toFixed(4));
const pct = (a: number, b: number) =>
  `${a >= b ? '+' : '−'}${Math.abs((100 * (a - b)) / b).toFixed(0)} %`;

async function bundledCases(root: string, chosen: Chosen): Promise<Case[]> {
  const out: Case[] = [];
  for (const d of datasets(root).filter((d) => chosen(d.id))) {
    const r = await loadReplay(
      { ...d.options, mode: 'aligned', learn: '0:0.5', 'memory-budget': 0 },
      0,
      1,
    );
    const step = r.aligned.report.step ?? null;
    out.push({
      title: d.title,
      note: `${d.note} Learned: the first ${r.inst.cols} instants; judged: the next ${r.judge!.inst.cols}.`,
      learn: r.inst,
      judge: r.judge!.inst,
      step,
      judgeStart: r.split!.judge.start,
      generated: false,
    });
  }
  return out;
}

export const WEEKS: readonly {
  id: string;
  title: string;
  params: Partial<CorrelatedWeekParams>;
}[] = [
  { id: 'week-1', title: 'seed 1', params: { seed: 1 } },
  { id: 'week-2', title: 'seed 2', params: { seed: 2 } },
  { id: 'week-3', title: 'seed 3', params: { seed: 3 } },
  {
    id: 'week-4',
    title: 'seed 4, peaks lined up on days 6–7',
    params: { seed: 4, alignedDays: [5, 6] },
  },
  {
    id: 'week-5',
    title: 'seed 5, peaks lined up on days 6–7',
    params: { seed: 5, alignedDays: [5, 6] },
  },
  {
    id: 'week-6',
    title: 'seed 6, a fifth of the tasks +50 % from day 6',
    params: { seed: 6, shiftDay: 5, shiftShare: 0.2, shiftSize: 0.5 },
  },
];

const HISTORY_IDS = [...datasets('').map((d) => d.id), ...WEEKS.map((w) => w.id)];

/** The generated weeks' days learned (1–5); the rest (6–7) judged. */
const LEARNED_DAYS = 5;

/** One week's days 1–5 and 6–7, and with `redraw` another draw of its days 6–7. */
export function weekParts(
  params: Partial<CorrelatedWeekParams>,
  tasks: number,
  redraw: number | null = null,
): { readonly learn: RealizationMatrix; readonly judge: RealizationMatrix } {
  const u = correlatedWeek({
    ...CORRELATED_WEEK,
    tasks,
    ...params,
    redraw: redraw === null ? null : { fromDay: LEARNED_DAYS, seed: redraw },
  }).usage;
  const m = matrixFrom(
    u.rows,
    u.cols,
    Float32Array.from(u.data, (v) => v * WEEK_SCALE),
  );
  const day = 86_400 / CORRELATED_WEEK.step;
  return {
    learn: sliceColumns(m, { start: 0, end: LEARNED_DAYS * day }),
    judge: sliceColumns(m, { start: LEARNED_DAYS * day, end: m.cols }),
  };
}

function weekCases(tasks: number, chosen: Chosen): Case[] {
  return WEEKS.filter((w) => chosen(w.id)).map(({ title, params }) => {
    const { learn, judge } = weekParts(params, tasks);
    const cols = learn.cols + judge.cols;
    return {
      title: `Correlated week, ${title}`,
      note: `${tasks} tasks × ${cols} five-minute instants (\`npm run cli -- generate\` with these settings, values × ${WEEK_SCALE}). Learned: days 1–5; judged: days 6–7.`,
      learn,
      judge,
      step: CORRELATED_WEEK.step,
      judgeStart: learn.cols,
      generated: true,
    };
  });
}

/** What one run covers: the histories chosen by id, the families, and whether the gap is split. */
type Chosen = (id: string) => boolean;
interface Scope {
  readonly families: readonly FitFamily[];
  readonly gap: boolean;
}

/** The ids of a comma-separated option, each one of `known`; `absent` when the option is absent. */
export function chosenIds(
  raw: unknown,
  flag: string,
  known: readonly string[],
  absent = known,
): readonly string[] {
  if (raw === undefined) return absent;
  const ids = String(raw)
    .split(',')
    .map((s) => s.trim());
  const unknown = ids.find((id) => !known.includes(id));
  if (unknown !== undefined)
    throw new UsageError(`--${flag}: no ${flag} "${unknown}" (one of: ${known.join(', ')})`);
  return ids;
}

function judgeCase(c: Case, scope: Scope, log: (line: string) => void): Outcome {
  const drift = driftAlarm(c.learn, c.judge, c.step, c.judgeStart);
  const config = { ...PACK, target: TARGET, scope: 'every' as const, validation: 'walk' as const };
  const tuning = tunePicked(c.learn, scope.families, { ...config, step: c.step }, (t) =>
    log(`${c.title}: ${t.family} ${t.fit ? formatFit(t.fit) : 'none'}`),
  );
  const rows = tuning.results.map((tuned) => ({
    tuned,
    judged: tuned.fit ? judgeMachines(tuned.machines, c.judge, 1, TARGET) : null,
  }));
  const pick = rows.find((r) => r.tuned === tuning.pick) ?? null;
  const og = oracleGap(c, scope.gap);
  const gaps = scope.gap ? rows.flatMap((r) => candidateGap(c, r.tuned) ?? []) : [];
  const hindsight = (pick && gaps.find((g) => g.family === pick.tuned.family)?.hindsight) ?? null;
  const emp = { kind: 'emp', rho: TARGET } as const;
  const learnedEmp = judgedPacking(emp, c.learn, c.judge);
  const margin = scope.gap && c.generated ? marginSpread(c.learn, c.judge, c.step) : null;
  log(`${c.title}: oracle ${og.oracle}`);
  return {
    ...{ c, drift, rows, pick, hindsight, learnedEmp },
    ...{ oracle: og.oracle, oracleGap: og, gaps, margin },
  };
}

const verdictOf = (s: MachineSlo) =>
  s.worst > s.target ? 'misses' : s.unproven > 0 ? 'holds on q_j, not on its bound' : 'holds';

function caseSection(o: Outcome, out: string[]): void {
  const { c, drift } = o;
  out.push(
    `### ${c.title}`,
    '',
    c.note,
    '',
    `Drift alarm: ${drift.fired ? `**fires** — ${drift.message}` : 'quiet'} (peak ${pct(1 + drift.peakRise, 1)}, level ${pct(1 + drift.levelRise, 1)}, ${drift.tasksAbovePeak} of ${drift.tasks} tasks above their learned peak).`,
    '',
    '| family | tuned (walk-forward) | folds: worst machine per judged fold | machines | judged: worst q_j | its 95 % bound | machines over 0.01 | verdict | vs oracle |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const { tuned, judged } of o.rows) {
    if (!tuned.fit || !judged) {
      out.push(`| ${tuned.family} | no grid value held on every fold | | | | | | | |`);
      continue;
    }
    const folds = tuned.folds.map((f) => f4(f.slo.worst)).join(', ');
    const mark = o.pick?.tuned === tuned ? '**' : '';
    out.push(
      `| ${mark}${tuned.family}${mark} | ${formatFit(tuned.fit)} | ${folds} | ${tuned.machines.length} | ${f4(judged.worst)} | ${f4(judged.upperWorst)} | ${judged.over} of ${judged.q.length} | ${verdictOf(judged)} | ${pct(tuned.machines.length, o.oracle)} |`,
    );
  }
  out.push(
    `| ex-post oracle (emp:0.01 packed on the judged part) | | | ${o.oracle} | | | | | |`,
    '',
  );
}

/** Where the pick's machines above the oracle come from (the measurement table's row). */
function gapRow(o: Outcome): string {
  const p = o.pick;
  const h = o.hindsight;
  const e = o.learnedEmp;
  const emp = `${e.machines} (${pct(e.machines, o.oracle)}), worst ${f4(e.judged.worst)}`;
  if (!p) return `| ${o.c.title} | none | | ${emp} | ${o.oracle} |`;
  const m = p.tuned.machines.length;
  const knob = h ? `${h.label}: ${h.machines} (${pct(h.machines, o.oracle)})` : 'no value holds';
  return `| ${o.c.title} | ${formatFit(p.tuned.fit!)}: ${m} (${pct(m, o.oracle)}) | ${knob} | ${emp} | ${o.oracle} |`;
}

/** The gap of every tuned candidate, in three parts, and what the oracle depends on. */
function decompositionTables(outcomes: readonly Outcome[]): string[] {
  return [
    '### Every candidate’s gap, in three parts',
    '',
    'Machines above the oracle of every tuned candidate, split by three packings that each know one thing more (`adviceGap.ts`); the three parts sum to the gap. **Knob**: the candidate against its family at the knob chosen ex post (the tuner’s rule applied to the judged part), both packed on the learned part — what the folds’ caution costs. **Past vs future**: that packing against the family at the knob chosen on the judged part and packed on it — what packing on the past instead of the judged part costs (its level and shape: the oracle sees them, no learner can). **Form**: that packing against the oracle — what the family’s predictor wastes against the empirical test when both know the judged part.',
    '',
    '| history | family | tuned: machines | gap | knob (chosen ex post: part) | past vs future | form (chosen in sample: part) |',
    '|---|---|---|---|---|---|---|',
    ...outcomes.flatMap((o) => o.gaps.map((g) => candidateGapRow(o.c.title, g, o.oracle))),
    '',
    '### What the oracle itself depends on',
    '',
    'The oracle (emp:0.01 packed on the judged part by Best Fit, rebalancing 5) beside the same test packed by First Fit and by the decreasing orders (the packer’s part), and the empirical test allowing no overflow on any judged instant, packed on the judged part, with its worst 95 % bound (the price of the strictest reading; even that bound stays above 0.01 on a judged part of one or two days).',
    '',
    '| history | oracle (bf) | other packers | no overflow on the judged part: machines, worst bound |',
    '|---|---|---|---|',
    ...outcomes.map((o) => oracleGapRow(o.c.title, o.oracleGap, f4)),
    '',
    '### The margin a day needs',
    '',
    'The empirical test with a margin (`empm`: no form cost, its margin 0 on the judged part is the oracle) on a finer grid than the tuner’s (steps of 0.0125 up to 0.75), on the generated weeks (`adviceMargin.ts`): the margin each walk-forward fold’s judged day needed (days 2–5; the tuner’s rule on that day alone), the margin days 6–7 needed (ex post), and three rules choosing from the folds’ margins, each packed on days 1–5 and judged on days 6–7: machines (vs the oracle) and whether every machine held.',
    '',
    ...MARGIN_HEADER,
    ...outcomes.flatMap((o) => (o.margin ? [marginSpreadRow(o.c.title, o.margin, o.oracle)] : [])),
    '',
  ];
}

function summaryRow(o: Outcome): string {
  const p = o.pick;
  const alarm = o.drift.fired ? `fires (${o.drift.reasons.join(', ')})` : 'quiet';
  if (!p || !p.judged)
    return `| ${o.c.title} | ${alarm} | none held on every fold | | ${o.oracle} | | | |`;
  const m = p.tuned.machines.length;
  return `| ${o.c.title} | ${alarm} | ${formatFit(p.tuned.fit!)} | ${m} | ${o.oracle} | ${pct(m, o.oracle)} | ${f4(p.judged.worst)} (bound ${f4(p.judged.upperWorst)}) | ${verdictOf(p.judged)} |`;
}

export const adviceReport: Command = {
  usage: 'npm run cli -- advice-report --out docs/advice-results.md',
  summary:
    'Whether advice learned from the past holds on the days after: every candidate tuned by walk-forward on every bundled history and on seeded correlated weeks, judged per machine out of sample, the tuner’s pick against the ex-post oracle, with the drift alarm (Markdown).',
  options: {
    ...REPORT_OPTIONS,
    'week-tasks': flagWordedRangeOption(
      { ...WEEK_TASKS, flag: 'week-tasks' },
      'tasks of each generated week (default 300)',
      300,
    ),
    history: {
      kind: 'string',
      help: `the histories to run, comma-separated (default all: ${HISTORY_IDS.join(', ')})`,
    },
    families: {
      kind: 'string',
      help: `the candidate families to tune, comma-separated, any tuned family (default: ${ALIGNED_FAMILIES.join(', ')})`,
    },
    'no-gap': {
      kind: 'flag',
      help: 'skip splitting each candidate’s gap (its extra packings per grid value): a quick look',
    },
  },
  async run(o, write) {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const ids = chosenIds(o.history, 'history', HISTORY_IDS);
    const families = chosenIds(o.families, 'families', FAMILIES, ALIGNED_FAMILIES);
    const scope = { families: families as readonly FitFamily[], gap: !o['no-gap'] };
    const chosen = (id: string) => ids.includes(id);
    const cases = [
      ...(await bundledCases(o['data-root'] as string, chosen)),
      ...weekCases(o['week-tasks'] as number, chosen),
    ];
    const outcomes = cases.map((c) => judgeCase(c, scope, log));
    const whole =
      ids.length === HISTORY_IDS.length &&
      families.length === ALIGNED_FAMILIES.length &&
      families.every((f) => ALIGNED_FAMILIES.includes(f as FitFamily));
    const out: string[] = [
      '# Advice that holds on the days after: results',
      '',
      whole && scope.gap
        ? 'Written by `npm run cli -- advice-report --out docs/advice-results.md`; every number below is computed by that command (deterministic: seeds fixed). How the folds, the bound and the alarm work: [advice.md](advice.md).'
        : `A partial run (histories: ${ids.join(', ')}; families: ${families.join(', ')}${scope.gap ? '' : '; gap not split'}): the pick is among these families only. The whole report: \`npm run cli -- advice-report --out docs/advice-results.md\`.`,
      '',
      `Target: q_j ≤ ${TARGET} on every machine. Each candidate family is tuned on the learned part alone by walk-forward folds (learn days 1..k, judge day k + 1; four blocks on a one-day history), packed (Best Fit, rebalancing 5) on the whole learned part and judged per machine on the judged part, which it never saw. The tuner’s pick is the family with the fewest machines among those whose tuned value held on every fold. The ex-post oracle packs the judged part with the empirical test at 0.01 on that very part: the fewest machines a packing decided beforehand could hope for.`,
      '',
      '## Summary: the tuner’s pick',
      '',
      '| history | drift alarm | pick | machines | oracle | vs oracle | judged worst q_j | verdict |',
      '|---|---|---|---|---|---|---|---|',
      ...outcomes.map(summaryRow),
      '',
      ...(scope.gap ? gapSection(outcomes) : []),
      '## Every candidate, per history',
      '',
    ];
    for (const oc of outcomes) caseSection(oc, out);
    const text = out.join('\n');
    if (o.out) writeOutput(o.out as string, text + '\n');
    else write(text);
  },
};

function gapSection(outcomes: readonly Outcome[]): string[] {
  return [
    '## Where the machines above the oracle come from',
    '',
    'The pick against two packings of the learned part that each know one thing more: its family at the knob the tuner’s rule would choose on the judged part itself (the most aggressive grid value from which on every more conservative one keeps every machine at q* there: the cost of not knowing the knob), and the oracle’s own test, emp:0.01, packed on the learned part (the cost of packing on the past instead of the judged part, and whether the past’s 1 % holds).',
    '',
    '| history | pick: machines (vs oracle) | pick’s family, knob chosen ex post | emp:0.01 on the learned part: machines, judged worst q_j | oracle |',
    '|---|---|---|---|---|',
    ...outcomes.map(gapRow),
    '',
    ...decompositionTables(outcomes),
  ];
}
