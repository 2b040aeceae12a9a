/**
 * Configuration snippets for each scheduler: the exact field names and units of its project (the
 * files are cited in engine/schedulers/entries.ts and below), its settings from the catalog's
 * `config`, and comments with the nodes and the worst node's q the setting gives on the user's
 * data, the request assumed and the caveats. Every snippet is YAML (a Kubernetes object, a scheduler
 * configuration, Volcano's scheduler conf, openstack-helm values for nova.conf, a recommender's
 * container args), written with the `yaml` package so that it parses back.
 */
import { stringify } from 'yaml';
import {
  normalSurvivalQuantile,
  type MachineSlo,
  type SchedulerAdvice,
  type SchedulerInfo,
  type SloScope,
} from '../../engine/index.ts';
import type { SnippetBody } from './body.ts';
import { descheduler, koordinator, koordinatorNode } from './kubeSnippets.ts';
import { crane, overcommit, trimaran, vpa } from './projectSnippets.ts';
import { formatNumber } from '../format.ts';

export interface Snippet {
  /** What it configures, e.g. "KubeSchedulerConfiguration pluginConfig". */
  readonly title: string;
  /** The YAML text, comments first. */
  readonly text: string;
}

/** A setting to export and what it gave when packed on the learned part and judged on the rest. */
export interface SnippetFacts {
  readonly scheduler: SchedulerInfo;
  readonly settings: Readonly<Record<string, number>>;
  /**
   * tuned: keeps q*; closest: nothing kept q*, this is nearest; default: the project's own; set: a
   * value the user set by hand (the page's Schedulers view).
   */
  readonly status: 'tuned' | 'closest' | 'default' | 'set';
  readonly machines: number;
  readonly judged: Pick<MachineSlo, 'mean' | 'worst' | 'p95' | 'over'>;
  readonly target: number;
  readonly scope: SloScope;
  /** The data it was tuned on, by name (default "your data"). */
  readonly data?: string;
  /** The knob tuned by the replay: its figures replace the packing's, which become the screen. */
  readonly replay?: ReplayFacts;
}

/** The replay's tuning as the snippet quotes it (engine/whatif/tuneByReplay.ts). */
export interface ReplayFacts {
  readonly scenario: string;
  readonly seed: number;
  readonly verdict: 'tuned' | 'misses';
  readonly missesOn: 'learned' | 'judged' | null;
  readonly nodes: number;
  readonly worst: { readonly name: string; readonly q: number } | null;
  readonly mean: number;
  readonly over: number;
  /** The one-shot fit test's value for the knob, tuned or (missing q*) the closest. */
  readonly screen: { readonly value: number; readonly tuned: boolean };
}

const SCOPE_TEXT: Record<SloScope, string> = {
  mean: 'the mean q over nodes',
  every: 'every node',
  p95: '95 % of nodes',
};

const q4 = (v: number) => formatNumber(v, 3);

const settingsText = (settings: Readonly<Record<string, number>>) =>
  Object.entries(settings)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');

/** The replay's verdict and figures, then the one-shot packing as the fast screen. */
function replayLines(f: SnippetFacts, r: ReplayFacts): string[] {
  const goal = `q* = ${f.target} on ${SCOPE_TEXT[f.scope]}`;
  const verdict =
    r.verdict === 'tuned'
      ? `tuned by the replay to keep ${goal}`
      : r.missesOn === 'learned'
        ? `misses: NO value keeps ${goal} on every learned fold of the replay: this is the closest`
        : `misses ${goal} on the judged part (kept it on every learned fold of the replay)`;
  const worst = r.worst ? `${r.worst.name} q ${q4(r.worst.q)}` : 'none';
  return [
    `${verdict}: ${settingsText(f.settings)}`,
    `on ${f.data ?? 'your data'}, replayed as the cluster runs (${r.scenario}, seed ${r.seed}; tuned on the learned part's folds, judged on the judged part):`,
    `  ${r.nodes} nodes, worst node ${worst} on the judged part, mean q ${q4(r.mean)}, ${r.over} of ${r.nodes} nodes over ${f.target}; verdict: ${r.verdict}`,
    `the replay's requests assumed = each pod's p95 of its own usage before it is placed`,
    `fast screen, the one-shot fit test (packed on the learned part, judged on the judged part): ${f.scheduler.knob.field} = ${r.screen.value} ${r.screen.tuned ? 'tuned' : 'closest (misses)'}, ${f.machines} nodes,`,
    `  worst-node q ${q4(f.judged.worst)}, mean q ${q4(f.judged.mean)}, ${f.judged.over} of ${f.machines} nodes over ${f.target}`,
  ];
}

function header(f: SnippetFacts): string[] {
  const s = f.scheduler;
  const knob = s.knob.field;
  if (f.replay)
    return [
      `slopack advise: ${s.title}; knob ${knob} (${s.knob.unit})`,
      ...replayLines(f, f.replay),
      `rule: ${s.rule}`,
      ...(s.requests ? [`the fast screen's ${s.requests}`] : []),
      ...s.caveats.map((c) => `caveat: ${c}`),
    ];
  const status =
    f.status === 'tuned'
      ? `tuned on the learned part to keep q* = ${f.target} on ${SCOPE_TEXT[f.scope]}`
      : f.status === 'closest'
        ? `NO value keeps q* = ${f.target} on ${SCOPE_TEXT[f.scope]}: this is the closest`
        : f.status === 'set'
          ? `set by hand, judged against q* = ${f.target} on ${SCOPE_TEXT[f.scope]}`
          : `the project's default settings (${s.defaultsNote})`;
  const settings = settingsText(f.settings);
  return [
    `slopack advise: ${s.title}; knob ${knob} (${s.knob.unit})`,
    `${status}: ${settings}`,
    `on ${f.data ?? 'your data'} (packed on the learned part, judged on the judged part): ${f.machines} nodes,`,
    `  worst-node q ${q4(f.judged.worst)}, mean q ${q4(f.judged.mean)}, 95th percentile ${q4(f.judged.p95)}, ${f.judged.over} of ${f.machines} nodes over ${f.target}`,
    `rule: ${s.rule}`,
    ...(s.requests ? [s.requests] : []),
    ...s.caveats.map((c) => `caveat: ${c}`),
  ];
}

const comment = (lines: readonly string[]) =>
  lines
    .flatMap((l) => l.split('\n'))
    .map((l) => `# ${l}`.trimEnd())
    .join('\n');

function write(f: SnippetFacts, b: SnippetBody): Snippet {
  return {
    title: b.title,
    text: `${comment([...header(f), ...(b.notes ?? [])])}\n${stringify(b.body, { lineWidth: 0 })}`,
  };
}

const RENDERERS: Record<string, (settings: Readonly<Record<string, number>>) => SnippetBody[]> = {
  koordinator: (s) => [koordinator(s), koordinatorNode(s)],
  'trimaran-tlp': (s) => [trimaran('TargetLoadPacking', s)],
  'trimaran-lvrb': (s) => [trimaran('LoadVariationRiskBalancing', s)],
  crane: (s) => crane(s),
  overcommit: (s) => overcommit(s),
  vpa: (s) => vpa(s),
  descheduler: (s) => [descheduler(s.z ?? normalSurvivalQuantile(s.rho))],
};

/** The names with a snippet writer. */
export const SNIPPET_SCHEDULERS: readonly string[] = Object.keys(RENDERERS);

/** The snippets of one setting (several when the project takes it in several places). */
export function schedulerSnippets(f: SnippetFacts): Snippet[] {
  const render = RENDERERS[f.scheduler.name];
  if (!render) throw new RangeError(`no configuration snippet for scheduler "${f.scheduler.name}"`);
  return render(f.settings).map((b) => write(f, b));
}

/** The facts of an advice's tuned setting, else its closest one. */
export function adviceFacts(a: SchedulerAdvice): SnippetFacts {
  const chosen = a.tuned ?? a.closest!;
  return {
    scheduler: a.scheduler,
    settings: chosen.settings,
    status: a.tuned ? 'tuned' : 'closest',
    machines: chosen.machines,
    judged: chosen.judged,
    target: a.target,
    scope: a.scope,
  };
}
