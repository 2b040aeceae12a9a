/** `simulate`: the cluster over time (SPEC §12) on a task list, a Google trace, VMs or a synthetic week. */
import { TIMELINE_SLO, parseSlo, presetById, presetSpec } from '../../../engine/index.ts';
import {
  DEFAULT_PARAMS,
  DURATION_ERROR_SCOPES,
  ORDERS,
  exactWindowGaps,
  POLICIES,
  googleTimeline,
  parseTaskList,
  simulateTimeline,
  syntheticWeek,
  vmTimeline,
  type DurationErrorScope,
  type Policy,
  type TaskOrder,
  type TimelineParams,
  type TimelineResult,
  type TimelineTasks,
  TIMELINE_CAPACITY,
  DURATION_ERROR,
  EXACT_WINDOW_TASKS,
  SIMULATE_WINDOW,
  TIMELINE_SEED,
  TIMELINE_TASKS,
} from '../../../engine/timeline/index.ts';
import { loadDataset } from '../../../ingest/load.ts';
import { toCsv } from '../../../present/csv.ts';
import { loadLpSolver } from '../../../runtime/lp.ts';
import { UsageError, rangeOption, wordedRangeOption } from '../../args.ts';
import { presetInputs, readText } from '../../io.ts';
import { asUsage, type Command } from '../command.ts';
import { busySteps, runTrends, trendsMarkdown } from './simulateTrends.ts';
import type { TimelineWorkload } from '../../../runtime/jobs/index.ts';
import { writeOutput } from '../../files.ts';

const VM_PRESETS = ['planetlab-20110303', 'planetlab-10days', 'azure-v1', 'bitbrains-rnd'];
const VM_STEP_S = 300;

/** The JSON summary of a run (snake_case keys, as the issue names them). */
function timelineJson(t: TimelineTasks, r: TimelineResult): Record<string, unknown> {
  let active = 0;
  let overflow = 0;
  if (r.overflow)
    for (let m = 0; m < r.overflow.activeSteps.length; m++) {
      active += r.overflow.activeSteps[m];
      overflow += r.overflow.overflowSteps[m];
    }
  return {
    source: t.source,
    policy: r.params.policy,
    order: r.params.order,
    window_s: r.params.window,
    tasks: r.tasks,
    batches: r.batches,
    machines: r.machineOpen.length,
    machine_seconds: r.machineSeconds,
    machine_hours: r.machineSeconds / 3600,
    lower_bound_seconds: r.lowerBoundSeconds,
    area_bound_seconds: r.areaBoundSeconds,
    waste_seconds: r.machineSeconds - r.areaBoundSeconds,
    utilization: r.machineSeconds > 0 ? r.areaBoundSeconds / r.machineSeconds : 0,
    peak_machines: r.peakMachines,
    start_delay: { max: r.startDelayMax, mean: r.startDelayMean },
    overflow_steps: r.overflow ? overflow : null,
    active_steps: r.overflow ? active : null,
    q_time: r.qTime,
  };
}

/** `task_id,machine,start_s,end_s`, one line per task in input order (the project's CSV writer). */
function placementsTable(t: TimelineTasks, r: TimelineResult): string {
  return toCsv(
    Array.from({ length: t.count }, (_, i) => ({
      task_id: t.ids[i],
      machine: r.machineOf[i],
      start_s: r.start[i],
      end_s: r.end[i],
    })),
  );
}

async function loadTasks(o: Record<string, unknown>): Promise<TimelineTasks> {
  const sources = ['tasks', 'google-events', 'vms', 'synthetic-week'].filter((k) => o[k]);
  if (sources.length !== 1)
    throw new UsageError('give exactly one of --tasks, --google-events, --vms or --synthetic-week');
  if (o['google-usage'] && !o['google-events'])
    throw new UsageError('--google-usage needs --google-events');
  if (o.tasks) return parseTaskList(readText(o.tasks as string), o.tasks as string);
  if (o['google-events']) {
    const file = o['google-events'] as string;
    const usage = o['google-usage'] as string | undefined;
    return googleTimeline(
      { text: readText(file), file },
      usage ? { text: readText(usage), file: usage } : undefined,
    ).tasks;
  }
  if (o.vms) {
    const preset = presetById(o.vms as string);
    if (!preset || preset.kind !== 'files' || !VM_PRESETS.includes(preset.id))
      throw new UsageError(`invalid --vms "${o.vms}" (expected ${VM_PRESETS.join(' or ')})`);
    const loaded = await loadDataset(await presetInputs(preset), presetSpec(preset));
    if (loaded.kind !== 'samples') throw new UsageError(`--vms ${preset.id} has no per-VM series`);
    return vmTimeline(loaded.samples, VM_STEP_S, preset.id);
  }
  return asUsage(() =>
    syntheticWeek({
      seed: o.seed as number,
      tasks: (o['synthetic-tasks'] as number | undefined) ?? undefined,
    }),
  );
}

export const simulate: Command = {
  usage:
    'npm run cli -- simulate (--tasks FILE.csv | --google-events FILE [--google-usage FILE] | --vms PRESET | --synthetic-week --seed S) [options]',
  summary:
    'Simulates the cluster over time (SPEC §12): tasks arrive, are placed window by window by a policy, run and leave; prints machine-time, bounds, delays and q_time.',
  options: {
    tasks: { kind: 'string', help: 'task list CSV: id,arrival_s,duration_s,cpu_frac[,...]' },
    'google-events': { kind: 'string', help: 'Google 2011 task_events CSV' },
    'google-usage': { kind: 'string', help: 'Google 2011 task_usage CSV (usage series)' },
    vms: { kind: 'string', help: `per-VM trace preset: ${VM_PRESETS.join(', ')}` },
    'synthetic-week': { kind: 'flag', help: 'a seeded synthetic week (221,140 tasks)' },
    'synthetic-tasks': wordedRangeOption(
      TIMELINE_TASKS,
      'tasks in the synthetic week',
      undefined,
      (v) =>
        `invalid --synthetic-tasks: synthetic tasks must be a positive integer up to ${TIMELINE_TASKS.max}, got ${v}`,
    ),
    seed: rangeOption(TIMELINE_SEED, 'seed (synthetic week, duration error, RAND)', 1),
    policy: { kind: 'string', help: 'policy', default: 'fmf', choices: POLICIES },
    order: { kind: 'string', help: 'task order in a window', default: 'd', choices: ORDERS },
    window: wordedRangeOption(
      SIMULATE_WINDOW,
      'window tw, s (0: online)',
      2,
      (v) => `invalid --window: window must be in [0, ${SIMULATE_WINDOW.max}] s, got ${v}`,
    ),
    fit: { kind: 'string', help: 'fit test: size or gpa:ρ', default: 'size' },
    'duration-error': rangeOption(DURATION_ERROR, 'duration-estimate error x (1 = 100 %)', 0),
    capacity: rangeOption(TIMELINE_CAPACITY, 'machine capacity c', 1),
    'remaining-floor': {
      kind: 'string',
      help: 'floor of expected remaining durations',
      default: 'zero',
      choices: ['zero', 'window'],
    },
    ss: {
      kind: 'string',
      help: 'SS score: paper (the change of Σ_{g≥1} N(g)²) or authors (their code: +1 on the new class, no −1 on the old)',
      default: 'paper',
      choices: ['paper', 'authors'],
    },
    'nf-pointer': {
      kind: 'string',
      help: 'NF pointer between windows: the machine last used, or a position in the re-sorted list',
      default: 'machine',
      choices: ['machine', 'position'],
    },
    'error-scope': {
      kind: 'string',
      help: 'which uses of the estimates see --duration-error: all, only BFD’s/MRD’s score, or all but it',
      default: 'all',
      choices: DURATION_ERROR_SCOPES,
    },
    json: { kind: 'flag', help: 'print one JSON object' },
    placements: { kind: 'string', help: 'write task_id,machine,start_s,end_s here' },
    exact: rangeOption(
      EXACT_WINDOW_TASKS,
      'solve windows of ≤ N tasks exactly (ODBP MIP, HiGHS; first 200) and print the gap',
    ),
    trends: {
      kind: 'string',
      help: 'run the paper’s window and error grids (9 policies) on the pool; write Markdown here',
    },
  },
  async run(o, out) {
    const params: TimelineParams = asUsage(() => ({
      ...DEFAULT_PARAMS,
      policy: o.policy as Policy,
      order: o.order as TaskOrder,
      window: o.window as number,
      capacity: o.capacity as number,
      fit: parseSlo(o.fit as string, TIMELINE_SLO),
      durationError: o['duration-error'] as number,
      seed: o.seed as number,
      remainingFloor: o['remaining-floor'] as 'zero' | 'window',
      sumOfSquares: o.ss as 'paper' | 'authors',
      nextFitPointer: o['nf-pointer'] as 'machine' | 'position',
      durationErrorScope: o['error-scope'] as DurationErrorScope,
    }));
    const tasks = await loadTasks(o);
    const solver = o.exact !== undefined ? await loadLpSolver() : null;
    if (o.trends) {
      const workload: TimelineWorkload = o['synthetic-week']
        ? { kind: 'synthetic', week: { seed: o.seed as number, tasks: tasks.count } }
        : { kind: 'tasks', tasks };
      const runs = await runTrends(workload, params.seed);
      const command = `npm run cli -- simulate ${process.argv.slice(3).join(' ')}`;
      writeOutput(
        o.trends as string,
        trendsMarkdown(tasks.source, runs, command, busySteps(tasks)),
      );
      return out(`wrote ${o.trends} (${runs.length} runs)`);
    }
    const result = asUsage(() => simulateTimeline(tasks, params));
    if (o.placements) writeOutput(o.placements as string, placementsTable(tasks, result));
    const json = timelineJson(tasks, result);
    if (o.exact !== undefined) {
      const maxTasks = o.exact as number;
      const g = asUsage(() => exactWindowGaps(tasks, params, solver!, { maxTasks }));
      json.exact = {
        windows: g.windows,
        policy_seconds: g.policyObjective,
        exact_seconds: g.exactObjective,
        gap_seconds: g.policyObjective - g.exactObjective,
      };
    }
    if (o.json) return out(JSON.stringify(json));
    out(`${tasks.source}: ${result.tasks} tasks, ${result.batches} windows with arrivals`);
    out(
      `${params.policy.toUpperCase()} (${params.order}, tw = ${params.window} s): ${(json.machine_hours as number).toFixed(3)} machine-hours on ${json.machines} machines, peak ${result.peakMachines}`,
    );
    out(
      `lower bound ${(result.lowerBoundSeconds / 3600).toFixed(3)} h, area ${(result.areaBoundSeconds / 3600).toFixed(3)} h, utilization ${((json.utilization as number) * 100).toFixed(1)} %`,
    );
    out(
      `start delay max ${result.startDelayMax.toFixed(3)} s, mean ${result.startDelayMean.toFixed(3)} s; q_time ${result.qTime === null ? 'n/a (no usage series)' : result.qTime.toFixed(4)}`,
    );
    const exact = json.exact as Record<string, number> | undefined;
    if (exact)
      out(
        `exact ODBP on ${exact.windows} small windows: policy ${exact.policy_seconds.toFixed(1)} s, optimum ${exact.exact_seconds.toFixed(1)} s of Σ e_m (gap ${exact.gap_seconds.toFixed(1)} s)`,
      );
  },
};
