/**
 * `simulate --trends FILE`: the semi-online paper's trade-off curves on our workload — machine-hours
 * vs window (Table 4 / Fig. 9 shape) and vs duration error at tw = 2 s (Table 5 / Fig. 10 shape) for
 * the nine policies, run on the Node pool — written as Markdown beside the paper's numbers.
 */
import {
  DEFAULT_PARAMS,
  POLICIES,
  windowOf,
  type Policy,
  type TimelineParams,
  type TimelineSummary,
  type TimelineTasks,
} from '../../../engine/timeline/index.ts';
import type { TimelineWorkload } from '../../../runtime/jobs/index.ts';
import { createNodeRunner } from '../../pool/nodePool.ts';

const TREND_WINDOWS = [0, 2, 5, 10, 20, 30];
const TREND_ERRORS = [0, 0.5, 1, 2, 3];

/** The paper's Tables 4 and 5 (policies alone), machine-hours (semionline-notes §4.3–4.4). */
const PAPER_WINDOWS: Record<Policy, Record<number, number>> = {
  fmf: { 0: 6076, 2: 5016, 30: 4943 },
  bfd: { 0: 6076, 2: 5902, 30: 5947 },
  bfr: { 0: 6514, 2: 6239, 30: 6228 },
  ff: { 0: 5898, 2: 5223, 30: 5258 },
  ha: { 0: 18493, 2: 18232, 30: 14255 },
  mrd: { 0: 7803, 2: 6225, 30: 6306 },
  mrr: { 0: 9643, 2: 8786, 30: 8648 },
  nf: { 0: 13032, 2: 6313, 30: 6280 },
  ss: { 0: 7072, 2: 6327, 30: 6280 },
};
const PAPER_ERRORS: Record<Policy, Record<number, number>> = {
  fmf: { 0: 5016, 1: 5766, 3: 5775 },
  bfd: { 0: 5902, 1: 7411, 3: 8031 },
  bfr: { 0: 6239, 1: 6794, 3: 6760 },
  ff: { 0: 5223, 1: 6089, 3: 6206 },
  ha: { 0: 18232, 1: 21181, 3: 21271 },
  mrd: { 0: 6225, 1: 6639, 3: 6644 },
  mrr: { 0: 8786, 1: 10590, 3: 10420 },
  nf: { 0: 6313, 1: 7222, 3: 7366 },
  ss: { 0: 6327, 1: 7485, 3: 7401 },
};

export function trendRuns(seed: number): TimelineParams[] {
  const windows = TREND_WINDOWS.flatMap((window) =>
    POLICIES.map((policy) => ({
      ...DEFAULT_PARAMS,
      policy,
      window,
      seed,
      order: window === 0 ? ('list' as const) : ('d' as const),
    })),
  );
  const errors = TREND_ERRORS.filter((x) => x > 0).flatMap((durationError) =>
    POLICIES.map((policy) => ({ ...DEFAULT_PARAMS, policy, window: 2, durationError, seed })),
  );
  return [...windows, ...errors];
}

const pct = (a: number, b: number) =>
  `${a >= b ? '+' : '−'}${(Math.abs(a / b - 1) * 100).toFixed(1)} %`;

/**
 * Runs beside the grid that test a reading or a cause (the notes below): HA and NF under other
 * readings of the paper's online column and NF pointer, and the duration error split between BFD's
 * and MRD's score and everything else.
 */
export function evidenceRuns(seed: number): TimelineParams[] {
  const base = { ...DEFAULT_PARAMS, seed };
  return [
    { ...base, policy: 'ha', order: 'list', window: 2 },
    { ...base, policy: 'nf', order: 'list', window: 0, nextFitPointer: 'position' },
    { ...base, policy: 'nf', order: 'd', window: 2, nextFitPointer: 'position' },
    { ...base, policy: 'nf', order: 'list', window: 2 },
    ...(['mrd', 'bfd'] as const).flatMap((policy) =>
      (['score', 'rest'] as const).map((durationErrorScope) => ({
        ...base,
        policy,
        window: 2,
        durationError: 1,
        durationErrorScope,
      })),
    ),
  ];
}

/** The key of a run in the report: every parameter the grid and the evidence runs vary. */
function runKey(p: TimelineParams): string {
  return [
    p.policy,
    p.order,
    p.window,
    p.durationError,
    p.nextFitPointer ?? 'machine',
    p.durationErrorScope ?? 'all',
  ].join('|');
}

/** How many tw-long windows receive tasks, and how many tasks they get (the paper's Fig. 6a). */
interface BusySteps {
  readonly window: number;
  readonly steps: number;
  readonly busy: number;
  readonly under10: number;
  readonly from20to100: number;
  readonly over1000: number;
}

export function busySteps(tasks: TimelineTasks, window = 2): BusySteps {
  const perStep = new Map<number, number>();
  let last = 0;
  for (let i = 0; i < tasks.count; i++) {
    const w = windowOf(tasks.arrival[i], window);
    perStep.set(w, (perStep.get(w) ?? 0) + 1);
    last = Math.max(last, w);
  }
  const counts = [...perStep.values()];
  return {
    window,
    steps: last + 1,
    busy: counts.length,
    under10: counts.filter((n) => n < 10).length,
    from20to100: counts.filter((n) => n >= 20 && n <= 100).length,
    over1000: counts.filter((n) => n > 1000).length,
  };
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');

/** What shapes the synthetic week and where it still departs from the paper, from the runs. */
function syntheticNotes(hours: (p: TimelineParams) => number, busy: BusySteps): string {
  const base = { ...DEFAULT_PARAMS, seed: 0 };
  const at = (policy: Policy, window: number, more: Partial<TimelineParams> = {}) =>
    hours({
      ...base,
      policy,
      window,
      order: window === 0 ? 'list' : 'd',
      ...more,
    });
  const haList2 = at('ha', 2, { order: 'list' });
  const nfPos0 = at('nf', 0, { nextFitPointer: 'position' });
  const nfPos2 = at('nf', 2, { nextFitPointer: 'position' });
  const nfList2 = at('nf', 2, { order: 'list' });
  const split = (policy: Policy, scope: 'score' | 'rest') =>
    at(policy, 2, { durationError: 1, durationErrorScope: scope });
  const err = (policy: Policy, x: number) => at(policy, 2, { durationError: x });
  const mrdRatio = err('mrd', 0) / err('fmf', 0);
  return `## How the synthetic week was calibrated, and what does not match

- Tasks come in jobs, as in the Google trace: a job's tasks share one CPU request and about the same
  work (±50 %), and are submitted within ~1.5 s. 90 % of jobs arrive alone; the others come in
  submissions of up to 300 jobs of any class at once. Without those crowded submissions (every job
  alone) the 0 → 2 s gain of FMF was −6 %: a window helps only when tasks of different durations
  arrive together, so the paper's −17 % says its busy steps mix jobs. Earlier versions drew every
  task's size independently of its work and spread bursts over up to 60 s: online placement then
  mixed long and short tasks on every machine (−66 % from 0 to 2 s) and 30 s windows kept gaining
  (−21 % from 2 to 30 s).
- A job's request grows with its work (q ≈ 0.6·(w/10⁵ CPU·s)^0.3, ×/÷ 2): long tasks are larger and
  fill their machines, which lifts FMF's utilisation from ≈ 65 % to ≈ 86 % (paper 90.5 %).
- SS is the paper's rule (the change of Σ_{g≥1} N(g)², docs/conventions.md); the authors' score is
  \`--ss authors\`.

## The four trends that differ from the paper, and why

- **HA, 0 → 2 s (ours ${pct(at('ha', 2), at('ha', 0))}, paper −1.4 %): a reading of the paper.**
  Its 0 s column is "0*" with "* = undefined", and its text says only that it "simulate[s] the
  on-line context by considering an ordering heuristic based on the arrival time of the tasks". We
  read online as one task per batch at its arrival; then a = r / max r = 1 puts every task in
  interval 1, i.e. on the machine with the largest l_m or on a new one, which is why HA online is so
  poor here. Read instead as 2 s windows taken in arrival order (LIST): HA ${int(haList2)} h vs
  ${int(at('ha', 2))} h with order D, ${pct(at('ha', 2), haList2)} (paper −1.4 %).
- **NF, 0 → 2 s (ours ${pct(at('nf', 2), at('nf', 0))}, paper −51.6 %): partly a reading.** The paper
  says "the position of the pointer is maintained across the successive optimisation steps". Kept
  as a position in the list that every batch re-sorts by l_m (\`--nf-pointer position\`), NF online
  takes ${int(nfPos0)} h and ${int(nfPos2)} h at 2 s: ${pct(nfPos2, nfPos0)}. With the pointer on
  the machine and LIST order at 2 s, NF takes ${int(nfList2)} h (${pct(nfList2, at('nf', 2))} to
  D). Either reading moves NF toward the paper; neither gives its 13,032 h online (2.2× its FF),
  which we cannot explain from the text.
- **MRD ${err('mrd', 1) < err('mrd', 0) ? 'improves' : 'worsens'} with duration error (ours ${pct(err('mrd', 1), err('mrd', 0))} at 100 %, paper
  +6.7 %): MRD's own rule on this workload, not a defect.** The error reaches a policy in two
  places: the score that picks the machine (|l_m − d̂_a| for MRD and BFD) and everything else (the
  order D of the batch, the machines' l_m order that breaks ties, when a machine looks finished).
  Split (\`--error-scope\`, 100 % error, 2 s): with the error in MRD's score only, MRD takes
  ${int(split('mrd', 'score'))} h (${pct(split('mrd', 'score'), err('mrd', 0))} against no error);
  with the error everywhere but its score, ${int(split('mrd', 'rest'))} h
  (${pct(split('mrd', 'rest'), err('mrd', 0))}). BFD, whose score seeks the match MRD avoids:
  score only ${int(split('bfd', 'score'))} h (${pct(split('bfd', 'score'), err('bfd', 0))}), the rest
  only ${int(split('bfd', 'rest'))} h (${pct(split('bfd', 'rest'), err('bfd', 0))}). So the error
  costs MRD what it costs every policy, and it is the noise inside MRD's deliberate mismatch that
  pays: a task longer than the middle of the machines' l_m goes, without error, to the machine
  with the smallest l_m, the costliest place for a long task, every time; a noisy d̂_a or l_m
  breaks that choice often enough. How much each side weighs is the workload's: without error MRD
  takes ${mrdRatio.toFixed(2)}× FMF's machine-hours here against 1.24× in the paper${
    mrdRatio > 1.24
      ? ', so on this week the mismatch costs more, and undoing some of it gains more'
      : ''
  }.
- **Busy 2 s steps (ours ≈ ${int(busy.busy)} of ${int(busy.steps)}, paper ≈ 56,000): the
  workload.** ${((100 * busy.under10) / busy.busy).toFixed(0)} % of them get fewer than 10 tasks,
  ${int(busy.from20to100)} get 20–100 (paper > 700) and ${busy.over1000} more than 1,000 (paper 12),
  the shape of the paper's Fig. 6a. The synthetic week is calibrated on the window gains; spreading
  more tasks into lone steps, which would raise the count, shrinks them again (see above).
- Online FMF equals online FF here: with one incoming task the merge of semionline-notes §2.3 takes
  the running machine with the largest l_m that has room, which is FF on machines in l_m order; the
  paper's online FMF equals its BFD (6,076 h), which the notes' reconstruction does not explain, so
  we keep the notes' rule.
`;
}

/** The Markdown report from the runs of `trendRuns`, in order. */
export function trendsMarkdown(
  source: string,
  runs: readonly TimelineSummary[],
  command: string,
  arrivals: BusySteps,
): string {
  const hours = new Map<string, number>();
  for (const s of runs) hours.set(runKey(s.params), s.machineSeconds / 3600);
  const hoursOf = (p: TimelineParams) => {
    const found = hours.get(runKey(p));
    if (found === undefined) throw new Error(`the trends report has no run ${runKey(p)}`);
    return found;
  };
  const h = (policy: Policy, window: number, durationError = 0) =>
    hoursOf({
      ...DEFAULT_PARAMS,
      policy,
      window,
      durationError,
      order: window === 0 ? 'list' : 'd',
    });
  const first = runs[0];
  const lb = first.lowerBoundSeconds / 3600;
  const out: string[] = [
    '# The semi-online paper’s trends on our synthetic week',
    '',
    `Workload: ${source} (${first.tasks} tasks; area bound ${(first.areaBoundSeconds / 3600).toFixed(0)} machine-hours). Written by \`${command}\`.`,
    'Paper: Armant et al. (FGCS 2018), Tables 4 and 5, policies alone, on their one-week Google extract (221,140 tasks, 4,540 h of work); their data differ, so compare shapes, not numbers.',
    '',
    '## Machine-hours vs window tw (Table 4 / Fig. 9 shape; tw = 0: online, LIST order; else order D)',
    '',
    `| policy | ${TREND_WINDOWS.map((w) => `${w} s`).join(' | ')} | 0 → 2 s | paper 0 / 2 / 30 s | paper 0 → 2 s |`,
    `|---|${TREND_WINDOWS.map(() => '---:').join('|')}|---:|---:|---:|`,
  ];
  for (const p of POLICIES) {
    const paper = PAPER_WINDOWS[p];
    out.push(
      `| ${p.toUpperCase()} | ${TREND_WINDOWS.map((w) => h(p, w).toFixed(0)).join(' | ')} | ${pct(h(p, 2), h(p, 0))} | ${paper[0]} / ${paper[2]} / ${paper[30]} | ${pct(paper[2], paper[0])} |`,
    );
  }
  out.push(
    '',
    `Lower bound (semionline-notes §5.1 item 9) at tw = 0: ${lb.toFixed(0)} machine-hours.`,
    '',
  );
  out.push(
    '## Machine-hours vs duration-estimate error at tw = 2 s (Table 5 / Fig. 10 shape)',
    '',
    `| policy | ${TREND_ERRORS.map((x) => `${x * 100} %`).join(' | ')} | 0 → 100 % | 100 → 300 % | paper 0 / 100 / 300 % | paper 0 → 100 % | paper 100 → 300 % |`,
    `|---|${TREND_ERRORS.map(() => '---:').join('|')}|---:|---:|---:|---:|---:|`,
  );
  for (const p of POLICIES) {
    const paper = PAPER_ERRORS[p];
    out.push(
      `| ${p.toUpperCase()} | ${TREND_ERRORS.map((x) => h(p, 2, x).toFixed(0)).join(' | ')} | ${pct(h(p, 2, 1), h(p, 2, 0))} | ${pct(h(p, 2, 3), h(p, 2, 1))} | ${paper[0]} / ${paper[1]} / ${paper[3]} | ${pct(paper[1], paper[0])} | ${pct(paper[3], paper[1])} |`,
    );
  }
  const busy = TREND_WINDOWS.filter((w) => w > 0);
  const worst = (w: number) => POLICIES.reduce((a, b) => (h(b, w) > h(a, w) ? b : a));
  const best = (w: number) => POLICIES.reduce((a, b) => (h(b, w) < h(a, w) ? b : a));
  out.push(
    '',
    '## The paper’s claims, checked on these numbers',
    '',
    `- 0 → 2 s helps: FMF ${pct(h('fmf', 2), h('fmf', 0))} (paper −17.4 %), FF ${pct(h('ff', 2), h('ff', 0))} (paper −11.4 %).`,
    `- 2 → 30 s is flat: FMF ${pct(h('fmf', 30), h('fmf', 2))} (paper −1.5 %), FF ${pct(h('ff', 30), h('ff', 2))} (paper +0.7 %).`,
    `- FMF ≤ FF at every tw > 0: ${busy.every((w) => h('fmf', w) <= h('ff', w)) ? 'yes' : 'no'} (${busy.map((w) => `${w} s: ${pct(h('fmf', w), h('ff', w))}`).join(', ')}; paper 2 s: −4.0 %).`,
    `- Best policy per tw > 0: ${busy.map((w) => `${w} s ${best(w).toUpperCase()}`).join(', ')} (paper: FMF).`,
    `- Worst policy per tw: ${TREND_WINDOWS.map((w) => `${w} s ${worst(w).toUpperCase()}`).join(', ')} (paper: HA).`,
    `- Duration error, FMF: 0 → 100 % ${pct(h('fmf', 2, 1), h('fmf', 2, 0))}, 100 → 300 % ${pct(h('fmf', 2, 3), h('fmf', 2, 1))} (paper +15.0 %, +0.2 %: linear, then flat).`,
    `- FMF utilisation at 2 s (area bound ÷ machine-hours): ${((100 * first.areaBoundSeconds) / 3600 / h('fmf', 2)).toFixed(1)} % (paper 90.5 %); HA ÷ FMF at 2 s: ${(h('ha', 2) / h('fmf', 2)).toFixed(2)}× (paper 3.63×).`,
    '',
  );
  if (source.startsWith('synthetic week')) out.push(syntheticNotes(hoursOf, arrivals));
  return out.join('\n');
}

/** Runs the trend grid on the Node pool. */
export async function runTrends(
  workload: TimelineWorkload,
  seed: number,
): Promise<TimelineSummary[]> {
  const runner = createNodeRunner();
  try {
    const runs = [...trendRuns(seed), ...evidenceRuns(seed)];
    const out = await runner.runJob(null, 'timeline', { workload, runs });
    return out.map((o) => {
      if (o.detail !== 'summary') throw new Error('expected summaries');
      return o.summary;
    });
  } finally {
    runner.dispose();
  }
}
