/**
 * Time-aligned data on the command line: the options every command that replays takes, and the
 * load that turns them into matrices (aligned, or a joint block bootstrap of the aligned columns,
 * optionally split into a learned and a judged part).
 */
import type { ClusterFacts } from '../../ingest/prometheusSource.ts';
import {
  alignDefaults,
  alignSamples,
  BLOCK_LENGTH,
  findFormat,
  blockBootstrap,
  REALIZATION_MODES,
  sliceColumns,
  timeSplit,
  type AbsentPolicy,
  type BelowCoverage,
  type AlignOptions,
  type AlignReport,
  type AlignedData,
  type RealizationMode,
  type RealizationMatrix,
  type TimeSplit,
} from '../../engine/index.ts';
import { UsageError, rangeOption, type OptionSpec, type Options } from '../args.ts';
import { asUsage } from './command.ts';
import { MIN_COVERAGE } from '../ranges.ts';
import { splitOptions } from '../clusterFlags.ts';
import { accessFromOptions, sourceFromOptions } from '../promOptions.ts';
import type { TaskSamples } from '../../engine/index.ts';
import type { PodIdentity } from '../../engine/rightsize/index.ts';
import { filtersPods, identitiesOf, keepTasks, keptPods, podKey } from './podFilter.ts';
import { podFacts, type PodFacts } from './rightsize/cluster.ts';
import { STEP_OPTION } from '../promOptions.ts';
import { loadFromOptions } from '../io.ts';
import { coresOfSpec, type CoreOptions } from '../../present/cores.ts';

export const replayOptions = {
  mode: {
    kind: 'string',
    help: 'independent draws per task (the paper’s), aligned instants, or a joint block bootstrap of them',
    default: 'independent',
    choices: REALIZATION_MODES,
  },
  block: rangeOption(BLOCK_LENGTH, '--mode blocks: instants per block B'),
  step: STEP_OPTION,
  absent: {
    kind: 'string',
    help: 'an instant where a task has no sample: drop the instant, or count it as 0 (default: zero for Google task_usage, else drop)',
    choices: ['drop', 'zero'],
  },
  'min-coverage': rangeOption(
    MIN_COVERAGE,
    'leave out tasks with samples at less than this share of the instants (default 0)',
  ),
  'below-coverage': {
    kind: 'string',
    help: 'a task under --min-coverage: leave it out, or keep it with its absent samples as 0 (the instants are then the well-covered tasks’)',
    choices: ['leave-out', 'zero'],
  },
  ...splitOptions,
} as const satisfies Record<string, OptionSpec>;

export interface Replay {
  /** The data's tasks as loaded, before aligning (an independent realization's rows). */
  readonly taskIds: readonly string[];
  readonly aligned: AlignedData;
  /** The matrices to pack (the learned part, or all; block-bootstrapped in blocks mode). */
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
  /** The judged part, aligned (null without --learn). */
  readonly judge: {
    readonly inst: RealizationMatrix;
    readonly avg: RealizationMatrix | null;
  } | null;
  readonly split: TimeSplit | null;
  /** The data's cores per machine, where they came in cores (machines then read as nodes). */
  readonly coresPerMachine?: number | null;
  /** What the Prometheus said of the pods, when `--selector` needed it. */
  readonly facts?: PodFacts | null;
  /** What a Prometheus source said of its cluster (node cores, pod requests); absent for files. */
  readonly cluster?: ClusterFacts | null;
}

/** The report of an alignment and a split as plain JSON. */
export function replayJson(r: Replay): Record<string, unknown> {
  const a: AlignReport = r.aligned.report;
  return {
    axis: a.axis,
    step_s: a.step,
    absent: a.absent,
    instants: a.instants,
    columns: a.columns,
    tasks: a.tasksKept,
    tasks_dropped: a.tasksDropped.length,
    tasks_dropped_first: a.tasksDropped.slice(0, 10),
    tasks_below_coverage_zero_filled: a.tasksSparse.slice(0, 10),
    absent_samples: a.absentSamples,
    zero_filled: a.zeroFilled,
    merged: a.merged,
    coverage: a.coverage,
    notes: a.notes,
    split: r.split,
  };
}

const noTimeColumn = () =>
  new UsageError(
    'a long CSV aligns by its timestamps: name their column with --time-column (e.g. timestamp_s)',
  );

/** The pods `--namespace` and `--selector` keep, before aligning; the facts fetched for them. */
async function podsKept(
  o: Options,
  samples: TaskSamples,
): Promise<{ samples: TaskSamples; facts: PodFacts | null }> {
  if (!filtersPods(o)) return { samples, facts: null };
  const source = sourceFromOptions(o);
  const facts =
    source && o.selector !== undefined ? await podFacts(source, accessFromOptions(o)) : null;
  const labelsOf = facts
    ? facts.labels.size
      ? (who: PodIdentity) => facts.labels.get(podKey(who))
      : null
    : () => undefined;
  const keep = keptPods(o, identitiesOf(samples.ids), labelsOf);
  return {
    samples: keep.length === samples.ids.length ? samples : keepTasks(samples, keep),
    facts,
  };
}

/** Loads `--data` and aligns it; the mode must be aligned or blocks. */
export async function loadReplay(
  o: Options,
  realizations: number,
  seed: number,
  shared = false,
): Promise<Replay> {
  const mode = o.mode as RealizationMode;
  if (mode === 'independent') throw new UsageError('loadReplay needs --mode aligned or blocks');
  if (mode === 'blocks' && o.block === undefined)
    throw new UsageError('--mode blocks needs --block B');
  if (mode !== 'blocks' && o.block !== undefined)
    throw new UsageError('--block is for --mode blocks');
  const timesFromColumn = (format: unknown) =>
    findFormat(String(format))?.timeAxis.kind === 'column';
  if (timesFromColumn(o.format) && o['time-column'] === undefined) throw noTimeColumn();
  const loaded = await loadFromOptions(o, {}, { times: true });
  if (loaded.kind !== 'samples')
    throw new UsageError(`--data ${String(o.data)} is a realization matrix: it has no time axis`);
  const format = loaded.spec.format;
  if (timesFromColumn(format) && !loaded.samples.times) throw noTimeColumn();
  const { samples, facts } = await podsKept(o, loaded.samples);
  const given: AlignOptions = {
    ...(o.step !== undefined ? { step: o.step as number } : {}),
    ...(o.absent !== undefined ? { absent: o.absent as AbsentPolicy } : {}),
    ...(o['min-coverage'] !== undefined ? { minCoverage: o['min-coverage'] as number } : {}),
    ...(o['below-coverage'] !== undefined
      ? { belowCoverage: o['below-coverage'] as BelowCoverage }
      : {}),
  };
  const aligned = asUsage(() =>
    alignSamples(samples, { ...alignDefaults(format), ...given }, shared),
  );
  const step = aligned.report.step ?? (o.step as number | undefined) ?? null;
  const instants =
    aligned.report.step === null && step !== null
      ? Float64Array.from(aligned.instants, (k) => k * step)
      : aligned.instants;
  const split = o.learn
    ? asUsage(() =>
        timeSplit(instants, step, o.learn as string, o.judge as string | undefined, aligned),
      )
    : null;
  if (!split && o.judge) throw new UsageError('--judge needs --learn');
  const part = (m: RealizationMatrix | null, r: TimeSplit['learn'] | null) =>
    m && r ? sliceColumns(m, r, shared) : m;
  let inst = part(aligned.inst, split?.learn ?? null)!;
  let avg = part(aligned.avg, split?.learn ?? null);
  if (mode === 'blocks') {
    const B = o.block as number;
    inst = asUsage(() => blockBootstrap(inst, realizations, B, seed, shared));
    avg = avg && blockBootstrap(avg, realizations, B, seed, shared);
  }
  const judge = split
    ? {
        inst: sliceColumns(aligned.inst, split.judge, shared),
        avg: aligned.avg && sliceColumns(aligned.avg, split.judge, shared),
      }
    : null;
  const coresPerMachine = coresOfSpec(loaded.spec as CoreOptions);
  const cluster = 'facts' in loaded ? (loaded.facts as ClusterFacts) : null;
  return {
    taskIds: samples.ids,
    aligned,
    inst,
    avg,
    judge,
    split,
    coresPerMachine,
    facts,
    cluster,
  };
}
