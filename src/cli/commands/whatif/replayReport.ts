/**
 * `replay-report`: the one-shot advice beside the replay's, written as Markdown
 * (docs/replay-results.md). On every bundled history with a time axis (correlationReport's
 * `datasets`) and on a Prometheus history generated here (Debian's Prometheus, a backfilled
 * history of Bitbrains VMs as pods on labelled nodes, with requests and allocatable: the fixture of
 * `testing/prometheus.ts`), each load-aware scheduler's knob is advised one-shot (`adviseAll`, the
 * static packing judged on the judged part) and by the replay (`adviseByReplay`) under `fresh` and
 * `rollout:1`; the one-shot value, the replay's tuned value and the project's defaults are each
 * replayed on the judged part and judged per node.
 */
import {
  REQUEST_PERCENTILE,
  SCHEDULERS,
  TaskStats,
  type AlignedTuneConfig,
  type SchedulerAdvice,
} from '../../../engine/index.ts';
import {
  REPLAY_KNOBS,
  adviseByReplay,
  defaultSettings,
  parseScenario,
  replayMissesOn,
  replayWindow,
  type ReplayAdvice,
  type ReplayBase,
  type ReplayTuneConfig,
  type ReplayedSetting,
} from '../../../engine/whatif/index.ts';
import { parseOptions, type Options } from '../../args.ts';
import { writeOutput } from '../../files.ts';
import { HISTORY_START, startPrometheus } from '../../testing/prometheus.ts';
import { asUsage, type Command } from '../command.ts';
import { REPORT_OPTIONS, datasets } from '../correlationReport.ts';
import { loadReplay, type Replay } from '../replayData.ts';
import { advise } from '../schedulers/advise.ts';
import { adviseAll, stepOf } from '../schedulers/adviseRun.ts';
import { prepareFrom, replayBase } from './prepare.ts';

const TARGET = 0.01;
const SCENARIOS = ['fresh', 'rollout:1'] as const;
const KNOBS = ['koordinator', 'trimaran-tlp', 'trimaran-lvrb', 'crane'] as const;
const PROM = { pods: 48, nodes: 4, nodeCores: 16, days: 4, scrape: 60 } as const;

interface Case {
  readonly title: string;
  readonly command: string;
  readonly note: string;
  readonly options: Options;
  /** The cluster's own requests and placement (Prometheus); else requests are the learned p95. */
  readonly ownCluster: boolean;
}

interface KnobRow {
  readonly name: string;
  readonly oneShot: SchedulerAdvice;
  readonly oneShotValue: number;
  readonly oneShotReplayed: ReplayedSetting;
  readonly replay: ReplayAdvice;
}

interface ScenarioOutcome {
  readonly scenario: string;
  readonly notes: readonly string[];
  readonly kubeDefault: ReplayedSetting;
  readonly rows: readonly KnobRow[];
  /** The schedulers the replay refuses on this history, with its message. */
  readonly refused: readonly { readonly name: string; readonly why: string }[];
}

interface Outcome {
  readonly c: Case;
  readonly r: Replay;
  readonly scenarios: readonly ScenarioOutcome[];
}

const f4 = (v: number) => (v === 0 ? '0' : v < 1e-3 ? v.toExponential(1) : v.toFixed(4));

/** Each pod's p95 (type 7) over the learned part, in machine units: the one-shot's assumed request. */
function learnedRequests(r: Replay): Float64Array {
  const stats = new TaskStats(r.inst, 0, r.inst.cols);
  return Float64Array.from({ length: r.inst.rows }, (_, i) =>
    stats.percentile(i, REQUEST_PERCENTILE),
  );
}

function judgeScenario(
  c: Case,
  r: Replay,
  oneShot: readonly SchedulerAdvice[],
  text: string,
  log: (line: string) => void,
): ScenarioOutcome {
  const scenario = asUsage(() => parseScenario(text));
  const prepared = prepareFrom(r, c.options, scenario.kind !== 'fresh');
  const notes = c.ownCluster
    ? prepared.notes
    : [
        ...prepared.notes.filter((n) => !n.startsWith('requests assumed')),
        `requests: each pod's p${REQUEST_PERCENTILE} over the learned part (the one-shot advice's assumption), from the first instant`,
      ];
  const base: ReplayBase = replayBase(
    c.ownCluster ? prepared : { ...prepared, requests: learnedRequests(r) },
  );
  const split = r.split!;
  const config: ReplayTuneConfig = {
    scenario,
    seed: 1,
    target: TARGET,
    scope: 'every',
    validation: 'walk',
    learn: split.learn,
    judge: split.judge,
  };
  const kubeDefault = replayWindow(base, defaultSettings('kube-default'), config, split.judge);
  const rows: KnobRow[] = [];
  const refused: { name: string; why: string }[] = [];
  for (const a of oneShot) {
    const name = a.scheduler.name;
    const knob = REPLAY_KNOBS[name];
    const oneShotValue = (a.tuned ?? a.closest ?? a.defaults).values[0];
    log(`${c.title}, ${text}: ${name}`);
    try {
      const replay = adviseByReplay(base, knob, config);
      const oneShotReplayed = replayWindow(base, knob.at(oneShotValue), config, split.judge);
      rows.push({ name, oneShot: a, oneShotValue, oneShotReplayed, replay });
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      refused.push({ name, why: e.message });
    }
  }
  return { scenario: text, notes, kubeDefault, rows, refused };
}

async function judgeCase(c: Case, log: (line: string) => void): Promise<Outcome> {
  const r = await loadReplay({ ...c.options, mode: 'aligned', 'memory-budget': 0 }, 0, 1);
  const step = stepOf(r, c.options.step as number | undefined);
  const tune: AlignedTuneConfig = {
    packer: 'bf',
    capacity: 1,
    rebalance: 5,
    target: TARGET,
    scope: 'every',
    validation: 'walk',
    step,
  };
  const infos = SCHEDULERS.filter((s) => (KNOBS as readonly string[]).includes(s.name));
  log(`${c.title}: one-shot advice`);
  const oneShot = adviseAll(r, infos, tune, step);
  const scenarios = SCENARIOS.map((s) => judgeScenario(c, r, oneShot, s, log));
  return { c, r, scenarios };
}

const replayed = (s: ReplayedSetting) =>
  `${s.nodes} | ${f4(s.slo.worst)} | ${s.slo.over} of ${s.nodes}`;

const VERDICT_TEXT = {
  learned: 'misses (no value keeps q* on every fold; the closest)',
  judged: 'misses (on the judged part)',
} as const;

const verdict = (a: ReplayAdvice) => {
  const missesOn = replayMissesOn(a);
  return `${a.value ?? a.closest} ${missesOn === null ? 'tuned' : VERDICT_TEXT[missesOn]}`;
};

/** The knob's value in a replayed setting (the scheduler's own field names). */
function knobValue(a: ReplayAdvice, s: ReplayedSetting): string {
  const v = s.settings;
  switch (a.scheduler) {
    case 'koordinator':
      return String(v['usageThresholds.cpu']);
    case 'trimaran-tlp':
      return String(v.targetUtilization);
    case 'trimaran-lvrb':
      return `${v.safeVarianceMargin} (sensitivity ${v.safeVarianceSensitivity})`;
    default:
      return String(v['predicate.cpu_usage_avg_5m.maxLimitPecent']);
  }
}

function scenarioTable(o: ScenarioOutcome, out: string[]): void {
  out.push(
    `#### Scenario \`${o.scenario}\``,
    '',
    ...o.notes.map((n) => `- ${n}`),
    '',
    '| scheduler (knob) | one-shot: value | nodes (static) | worst q (static) | one-shot value replayed: nodes | worst q | over q* | replay-tuned value | nodes | worst q | over q* | defaults | nodes | worst q | over q* |',
    '|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|',
  );
  for (const k of o.rows) {
    const a = k.oneShot;
    const shot = a.tuned ?? a.closest ?? a.defaults;
    out.push(
      `| ${k.name} (${k.replay.field}) | ${k.oneShotValue}${a.tuned ? '' : ' (misses)'} | ${shot.machines} | ${f4(shot.judged.worst)} | ${replayed(k.oneShotReplayed)} | ${verdict(k.replay)} | ${replayed(k.replay.chosen)} | ${knobValue(k.replay, k.replay.defaults)} | ${replayed(k.replay.defaults)} |`,
    );
  }
  out.push(
    `| kube-default (LeastAllocated on requests; no knob) | | | | | | | | | | | defaults | ${replayed(o.kubeDefault)} |`,
    '',
    ...o.refused.map((f) => `${f.name}: not replayed here, the replay refuses it: ${f.why}.`),
    ...(o.refused.length ? [''] : []),
  );
  perNode(o, out);
}

const names = (rows: readonly KnobRow[]) => rows.map((k) => k.name).join(', ');

/** Where the one-shot advice and the replay's part, one sentence per scenario. */
function differences(o: ScenarioOutcome): string {
  const inert = o.rows.filter((k) => new Set(k.replay.foldFigures).size === 1);
  const live = o.rows.filter((k) => !inert.includes(k));
  const misses = o.rows.filter((k) => k.oneShotReplayed.slo.worst > TARGET);
  const moved = live.filter((k) => (k.replay.value ?? k.replay.closest) !== k.oneShotValue);
  const parts: string[] = [];
  if (inert.length)
    parts.push(
      `no value of the knob changes a fold's worst node for ${names(inert)}${o.scenario === 'fresh' ? ': every pod arrives at the part’s start on nodes with no usage yet, which the load-aware filters pass and score alike (upstream, without metrics), so requests alone decide' : ''}`,
    );
  parts.push(
    misses.length
      ? `the one-shot value misses q* = ${TARGET} when replayed for ${misses.map((k) => `${k.name} (worst node q ${f4(k.oneShotReplayed.slo.worst)}, ${k.oneShotReplayed.slo.over} of ${k.oneShotReplayed.nodes} nodes over)`).join(', ')}`
      : `the one-shot value keeps q* = ${TARGET} on every node when replayed, for every scheduler`,
  );
  if (moved.length)
    parts.push(
      `the replay chooses another value for ${moved.map((k) => `${k.name} (${k.oneShotValue} → ${verdict(k.replay)}: ${k.oneShotReplayed.nodes} → ${k.replay.chosen.nodes} nodes, worst q ${f4(k.oneShotReplayed.slo.worst)} → ${f4(k.replay.chosen.slo.worst)})`).join(', ')}`,
    );
  else if (live.length) parts.push(`the replay keeps the one-shot value for ${names(live)}`);
  return `Under \`${o.scenario}\`, ${parts.join('; ')}.`;
}

/** Each node's q, where a setting has few nodes enough to list them. */
function perNode(o: ScenarioOutcome, out: string[]): void {
  const few = (s: ReplayedSetting) => s.nodes <= 8;
  const line = (label: string, s: ReplayedSetting) =>
    `- ${label}: ${s.result.nodes.map((n) => `${n.name} ${f4(n.q)}`).join(', ')}`;
  const lines: string[] = [];
  for (const k of o.rows) {
    if (few(k.oneShotReplayed)) lines.push(line(`${k.name}, one-shot value`, k.oneShotReplayed));
    if (few(k.replay.chosen)) lines.push(line(`${k.name}, replay-tuned`, k.replay.chosen));
    if (few(k.replay.defaults)) lines.push(line(`${k.name}, defaults`, k.replay.defaults));
  }
  if (few(o.kubeDefault)) lines.push(line('kube-default', o.kubeDefault));
  if (lines.length) out.push('Per node q on the judged part:', '', ...lines, '');
}

function caseSection(o: Outcome, out: string[]): void {
  const split = o.r.split!;
  out.push(
    `### ${o.c.title}`,
    '',
    `\`${o.c.command}\``,
    '',
    `${o.c.note} ${o.r.aligned.ids.length} pods; learned: instants [${split.learn.start}, ${split.learn.end}), judged: [${split.judge.start}, ${split.judge.end}).`,
    '',
    `**Where they differ.** ${o.scenarios.map(differences).join(' ')}`,
    '',
  );
  for (const s of o.scenarios) scenarioTable(s, out);
}

function bundledCases(root: string): Case[] {
  return datasets(root).map((d) => ({
    title: d.title,
    command: `npm run cli -- advise --scheduler all --data ${String(d.options.data).replace(root, 'public/data')} … --scenario fresh|rollout:1`,
    note: d.note,
    options: { ...d.options, learn: '0:0.5' },
    ownCluster: false,
  }));
}

async function promOutcome(log: (line: string) => void): Promise<Outcome> {
  log('starting the generated Prometheus history');
  const seconds = PROM.days * 86400;
  const prom = await startPrometheus({
    pods: PROM.pods,
    nodes: PROM.nodes,
    nodeCores: PROM.nodeCores,
    seconds,
    scrape: PROM.scrape,
  });
  try {
    const range = { start: HISTORY_START + 600, end: HISTORY_START + seconds };
    return await judgeCase(
      {
        title: `Generated Prometheus history: ${PROM.pods} Bitbrains VMs as pods on ${PROM.nodes} nodes of ${PROM.nodeCores} cores, ${PROM.days} days`,
        command: `npm run cli -- advise --scheduler all --prometheus http://127.0.0.1:PORT --start ${range.start} --end ${range.end} --step 300 --scenario fresh|rollout:1`,
        note: `Scraped every ${PROM.scrape} s, read at 300 s; pod i on node-(i mod ${PROM.nodes} + 1) by its series' node label, requests its mean usage (kube_pod_container_resource_requests), nodes' kube_node_status_allocatable. The cluster as it is: rollout starts from those nodes.`,
        options: parseOptions(
          [
            ...['--prometheus', prom.url, '--start', String(range.start)],
            ...['--end', String(range.end), '--step', '300', '--learn', '0:0.5'],
          ],
          advise.options,
        ),
        ownCluster: true,
      },
      log,
    );
  } finally {
    await prom.stop();
  }
}

export const replayReport: Command = {
  usage: 'npm run cli -- replay-report --out docs/replay-results.md',
  summary:
    'The one-shot scheduler advice beside the replay’s: on every bundled history with a time axis and on a generated Prometheus history, each scheduler’s knob advised one-shot and tuned by the replay under fresh and rollout:1, each replayed on the judged part against the defaults, judged per node (Markdown).',
  options: REPORT_OPTIONS,
  async run(o, write) {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const outcomes: Outcome[] = [];
    for (const c of bundledCases(o['data-root'] as string)) outcomes.push(await judgeCase(c, log));
    outcomes.push(await promOutcome(log));
    const out: string[] = [
      '# One-shot advice against the replay: results',
      '',
      'Written by `npm run cli -- replay-report --out docs/replay-results.md`; every number below is computed by that command (deterministic: seed 1). The replay and its assumptions: [replay.md](replay.md); the one-shot advice: [schedulers.md](schedulers.md).',
      '',
      `Target: q ≤ ${TARGET} on every node, on the judged part (the second half of each history). **One-shot**: \`advise\`'s static model, every task placed at once at the end of the learned part by the rule as a fit test (Best Fit, rebalancing 5), the knob tuned by walk-forward folds, judged on the judged part. **Replay**: the cluster run instant by instant, the scheduler placing each pod with only what it knew then (\`engine/whatif\`); the knob tuned on the same folds by replaying every grid value, each fold's scenario played at its start, and labelled "tuned" only when it also keeps q* on the judged part. Each row replays on the judged part, under the scenario, the one-shot value, the replay's tuned value (or its closest) and the project's defaults; "over q*" counts nodes with q > ${TARGET}. kube-default (no knob) is the baseline.`,
      '',
      `- \`fresh\`: an empty cluster filled at the judged part's start in the data's order, the autoscaler adding a node (of one machine, or the most common allocatable) when none fits.`,
      `- \`rollout:1\`: the cluster as it stands, every pod re-created once, in a seeded order, over the first hour of the judged part. The Prometheus history stands on its nodes' labels; the bundled histories have no placement, so theirs is the one the scheduler under test built at the first instant, when no usage was known yet (requests alone).`,
      `- Requests: on the bundled histories each pod's p${REQUEST_PERCENTILE} over the learned part, the one-shot advice's own assumption, given from the first instant; on the Prometheus history the server's.`,
      `- Crane's default policy reads a one-day window: on the one-day histories (GCD, PlanetLab) the first learned fold has less history before it and the replay refuses Crane, saying so.`,
      '- Nothing is reduced to keep the run short: every grid value, every walk-forward fold (a fold a day on the four-week histories and the Prometheus one, four blocks on the one-day histories); the whole report takes about three minutes on one core.',
      '',
    ];
    for (const oc of outcomes) caseSection(oc, out);
    const text = out.join('\n');
    if (o.out) writeOutput(o.out as string, text + '\n');
    else write(text);
  },
};
