/**
 * `replay`: the cluster replayed as it runs (engine/whatif): pods arriving, leaving and re-created
 * by a scenario, one scheduler deciding online with only what it knew then, from the placement the
 * cluster has now; per node its pods and q on the judged part, the worst node, the settings used.
 */
import { basename } from 'node:path';
import { SEED } from '../../../engine/index.ts';
import {
  defaultSettings,
  matrixColumns,
  onlineScheduler,
  parseScenario,
  recreations,
  runWhatIf,
  scenarioText,
  ONLINE_SCHEDULERS,
  ASSUMED_REQUEST_PERCENTILE,
  START_NODES,
  type OnlineSettings,
  type WhatIfResult,
} from '../../../engine/whatif/index.ts';
import { UsageError, rangeOption, repeatedValues, type Options } from '../../args.ts';
import { comparisonJson, comparisonText } from './compare.ts';
import { asUsage, type Command } from '../command.ts';
import { dataOptions, readText } from '../../io.ts';
import { replayJson, replayOptions } from '../replayData.ts';
import { clusterOptions } from '../../clusterFlags.ts';
import { podSpans, prepare, type Prepared } from './prepare.ts';
import { Reader, readSchedulerConfig } from './config.ts';
import { readDeschedulerPolicy } from './deschedulerConfig.ts';
import { descheduler, type DeschedulerSettings } from '../../../engine/whatif/index.ts';
import { decimalOrNull } from '../../../engine/numberText.ts';

function resultJson(r: WhatIfResult, ids: readonly string[]): Record<string, unknown> {
  return {
    scheduler: r.scheduler,
    settings: r.settings,
    descheduler: r.descheduler,
    instants: r.instants,
    judged: { start: r.judged.start, end: r.judged.end, instants: r.judged.end - r.judged.start },
    nodes: r.nodes.map((n) => ({
      name: n.name,
      capacity: n.capacity,
      since: n.since,
      pods: n.pods,
      q: n.q,
      overloads: n.overloads,
      peak: n.peak,
    })),
    worst: r.worst,
    decisions: r.decisions,
    migrations: r.migrations,
    evictions: r.evictions,
    nodes_added: r.nodesAdded,
    unschedulable: r.unschedulable,
    residences: Object.fromEntries(
      ids.map((id, p) => [
        id,
        r.residences[p].map((s) => ({ node: r.nodes[s.node].name, from: s.from, to: s.to })),
      ]),
    ),
  };
}

const SCHEDULER_WORDS = ONLINE_SCHEDULERS.join(', ');

/** --descheduler FILE with its interval (the file's, or --descheduling-interval: 300, 5m, 1h). */
function deschedulerOf(o: Options): DeschedulerSettings | null {
  const flag = o['descheduling-interval'] as string | undefined;
  if (!o.descheduler) {
    if (flag !== undefined)
      throw new UsageError('--descheduling-interval needs --descheduler FILE');
    return null;
  }
  const seconds =
    flag === undefined
      ? null
      : (decimalOrNull(flag) ?? new Reader('--descheduling-interval').duration(flag, 'value'));
  const file = o.descheduler as string;
  return readDeschedulerPolicy(readText(file), basename(file), seconds);
}

function runOne(
  o: Options,
  p: Prepared,
  settings: OnlineSettings,
  evictor: DeschedulerSettings | null,
): WhatIfResult {
  const scenario = asUsage(() => parseScenario(o.scenario as string));
  if (scenario.kind === 'fresh' && o.placement)
    throw new UsageError(
      '--scenario fresh starts from an empty cluster: drop --placement (or use history, rollout:H, restart:p)',
    );
  const aligned = p.replay.aligned;
  const T = aligned.inst.cols;
  const { first, last } = podSpans(p);
  const scheduler = asUsage(() => onlineScheduler(settings, p.step));
  if (scheduler.window && scheduler.window.instants > T)
    throw new UsageError(
      `${scheduler.name}: ${scheduler.window.what} needs ${scheduler.window.seconds} s (${scheduler.window.instants} instants of ${p.step} s); the history has ${T} instants`,
    );
  const events = asUsage(() =>
    recreations(scenario, first, last, T, p.step, (o.seed as number) ?? 1),
  );
  return runWhatIf(
    {
      ids: aligned.ids,
      usage: matrixColumns(aligned.inst),
      step: p.step,
      milliPerUnit: p.milliPerUnit,
      first,
      last,
      nodes: p.nodes,
      newNodeCapacity: p.capacity,
      placement: p.placement,
      requests: p.requests,
      recreations: events,
      judged: p.judged,
      descheduler: evictor && descheduler(evictor, p.step),
    },
    scheduler,
  );
}

function resultText(r: WhatIfResult): string[] {
  const lines = [
    `== ${r.scheduler} (${Object.entries(r.settings)
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ')})`,
    ...(r.descheduler
      ? [
          `descheduler ${r.descheduler.name} (${Object.entries(r.descheduler.settings)
            .map(([k, v]) => `${k} = ${v}`)
            .join(', ')})`,
        ]
      : []),
    `${r.nodes.length} nodes (${r.nodesAdded} added), ${r.decisions} decisions, ${r.migrations} migrations, ${r.evictions} evictions${r.unschedulable.length ? `, ${r.unschedulable.length} unschedulable` : ''}`,
    `worst node: ${r.worst ? `${r.worst.name}, q ${r.worst.q.toFixed(4)}` : 'none'}`,
  ];
  for (const n of r.nodes)
    lines.push(
      `  ${n.name}: ${n.pods.length} pods, q ${n.q.toFixed(4)} (${n.overloads} instants over), peak ${n.peak.toFixed(3)}`,
    );
  return lines;
}

export const replay: Command = {
  usage:
    'npm run cli -- replay (--data FILES | --prometheus URL …) --scheduler NAME [--config FILE [--config FILE2 …]] [--descheduler POLICY [--descheduling-interval 5m]] [--placement pod_node.csv] [--requests pod_cpu.csv] [--nodes N] [--cores-per-machine C | --capacity c] --scenario fresh|rollout:H|restart:p|history [--learn … --judge …] [--seed S] [--json]',
  summary:
    'Replays the cluster as it runs: pods arriving, leaving and re-created by a scenario, a scheduler (kube-default, koordinator, trimaran-tlp, trimaran-lvrb, crane) deciding each placement online with only what it knew then, from the current placement; per node its pods and q on the judged part, and the worst node.',
  options: {
    ...dataOptions,
    ...replayOptions,
    ...clusterOptions,
    mode: { ...replayOptions.mode, default: 'aligned', choices: ['aligned'] },
    scheduler: { kind: 'string', help: `the scheduler: ${SCHEDULER_WORDS}` },
    config: {
      kind: 'string',
      repeatable: true,
      help: 'the scheduler’s configuration in its project’s format (a KubeSchedulerConfiguration YAML, as advise writes); twice or more: the replays side by side',
    },
    descheduler: {
      kind: 'string',
      help: 'a descheduler policy run at its interval: a DeschedulerPolicy (LowNodeUtilization) or Koordinator’s DeschedulerConfiguration (LowNodeLoad); evicted pods are scheduled again',
    },
    'descheduling-interval': {
      kind: 'string',
      help: 'the descheduler’s interval (seconds, or a duration such as 5m); Koordinator’s file may give deschedulingInterval',
    },
    placement: {
      kind: 'string',
      help: 'pod,node CSV: the pods on each node when the replay starts',
    },
    requests: {
      kind: 'string',
      help: 'id,cpu CSV: each pod’s CPU request in the data’s unit (cores with --cores-per-machine)',
    },
    nodes: rangeOption(START_NODES, 'nodes at the start (default: those of the placement)'),
    scenario: {
      kind: 'string',
      help: 'fresh, history, rollout:H (every pod re-created over H hours) or restart:p (a share p restarted)',
    },
    seed: rangeOption(SEED, 'random seed of the scenario', 1),
    json: { kind: 'flag', help: 'print one JSON object' },
  },
  async run(o, out) {
    if (!o.scheduler && !o.config)
      throw new UsageError(`--scheduler is required (${SCHEDULER_WORDS})`);
    if (!o.scenario)
      throw new UsageError('--scenario is required (fresh, history, rollout:H, restart:p)');
    if (!o.data && o.prometheus === undefined)
      throw new UsageError('--data FILES (or --prometheus URL) is required');
    const scenario = scenarioText(asUsage(() => parseScenario(o.scenario as string)));
    const configs = repeatedValues(o.config);
    const settings: { label: string; settings: OnlineSettings }[] = configs.length
      ? configs.map((file) => ({
          label: basename(file),
          settings: asUsage(() =>
            readSchedulerConfig(readText(file), basename(file), o.scheduler as string | undefined),
          ),
        }))
      : [
          {
            label: String(o.scheduler),
            settings: asUsage(() => defaultSettings(o.scheduler as string)),
          },
        ];
    const evictor = deschedulerOf(o);
    const p = await prepare(o, o.scenario !== 'fresh');
    const runs = settings.map((s) => ({
      label: s.label,
      result: runOne(o, p, s.settings, evictor),
    }));
    const target = o.target as number;
    const head = {
      scenario,
      seed: o.seed,
      step_s: p.step,
      capacity: p.capacity,
      millicores_per_unit: p.milliPerUnit,
      requests: p.requests ? 'given' : `assumed p${ASSUMED_REQUEST_PERCENTILE} of earlier usage`,
      alignment: replayJson(p.replay),
      notes: p.notes,
    };
    if (o.json) {
      for (const n of p.notes) process.stderr.write(`note: ${n}\n`);
      const ids = p.replay.aligned.ids;
      out(
        JSON.stringify(
          runs.length === 1
            ? { ...head, ...resultJson(runs[0].result, ids) }
            : {
                ...head,
                comparison: comparisonJson(runs, p.step, target),
                replays: runs.map((c) => ({ config: c.label, ...resultJson(c.result, ids) })),
              },
        ),
      );
      return;
    }
    for (const n of p.notes) out(`note: ${n}`);
    const lines =
      runs.length === 1 ? resultText(runs[0].result) : comparisonText(runs, p.step, target);
    for (const line of lines) out(line);
  },
};
