/**
 * `rightsize`: per workload a CPU request such that the default kube-scheduler, placing by those
 * requests, keeps every node's q ≤ q* on the judged part (engine/rightsize, docs/rightsize.md),
 * side by side with krr `simple`, the VPA recommender and today's requests on the same history and
 * the same replay.
 */
import { SEED } from '../../../engine/index.ts';
import {
  outcomeNotes,
  rightsize as rightsizeRun,
  STRATEGIES,
  type StrategyName,
  SMALLEST_CPU_QUANTITY,
} from '../../../engine/rightsize/index.ts';
import { numberRange } from '../../../engine/ranges.ts';
import { parseScenario, type Scenario } from '../../../engine/whatif/index.ts';
import {
  reportCsv,
  reportHtml,
  reportJson,
  reportTable,
  reportYaml,
  type ReportContext,
} from '../../../present/rightsize/report.ts';
import { UsageError, rangeOption, type Options } from '../../args.ts';
import { writeOutput } from '../../files.ts';
import { dataOptions } from '../../io.ts';
import { asUsage, type Command } from '../command.ts';
import { replayOptions } from '../replayData.ts';
import { clusterOptions, memoryOptions, memoryPerMachine } from '../../clusterFlags.ts';
import { containerNames, loadHistory } from './history.ts';
import { memoryOf } from './memory.ts';

const ROLLOUT_HOURS_DEFAULT = 1;
const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'csv', 'html'] as const;

/** The smallest request the cluster allows, in the data's unit (cores with --cores-per-machine). */
const MIN_REQUEST = numberRange('min-request', 'request', {
  min: 0,
  flag: 'min-request',
});
const ROLLOUT = numberRange('rollout-hours', 'H', { min: 0, minOpen: true, flag: 'rollout-hours' });

function scenariosOf(o: Options): Scenario[] {
  return [
    { kind: 'fresh' },
    asUsage(() =>
      parseScenario(`rollout:${(o['rollout-hours'] as number) ?? ROLLOUT_HOURS_DEFAULT}`),
    ),
  ];
}

const { format: dataFormat, ...otherDataOptions } = dataOptions;

export const rightsize: Command = {
  usage:
    'npm run cli -- rightsize (--data FILES | --prometheus URL …) --target Q [--learn … --judge …] [--strategy slopack|krr|vpa] [--format table|json|yaml|csv|html] [--json] [--out FILE] [--namespace NS] [--selector app=web] [--requests pod_cpu.csv] [--min-request R] [--cores-per-machine C | --capacity c]',
  summary:
    'Per workload a CPU request such that kube-default, placing by requests, keeps every node’s q ≤ q* on the judged part (replayed: fresh and a rollout, a node added when none fits; walk-forward folds), side by side with krr simple (p95), the VPA recommender (p90 × 1.15) and today’s requests.',
  options: {
    ...otherDataOptions,
    'data-format': { ...dataFormat, help: `input ${dataFormat.help}` },
    ...replayOptions,
    ...clusterOptions,
    ...memoryOptions,
    mode: { ...replayOptions.mode, default: 'aligned', choices: ['aligned'] },
    strategy: {
      kind: 'string',
      help: 'whose requests the workloads, YAML and CSV carry (the table compares all)',
      default: 'slopack',
      choices: STRATEGIES,
    },
    format: {
      kind: 'string',
      help: 'output: a terminal table, JSON, YAML patches, CSV or one HTML file',
      default: 'table',
      choices: OUTPUT_FORMATS,
    },
    json: { kind: 'flag', help: 'the same as --format json' },
    out: { kind: 'string', help: 'write the output to this file instead of standard output' },
    requests: {
      kind: 'string',
      help: 'id,cpu CSV: today’s requests in the data’s unit (with --prometheus: kube_pod_container_resource_requests)',
    },
    'min-request': rangeOption(
      MIN_REQUEST,
      'the smallest request the cluster allows (a LimitRange’s min), in the data’s unit; smaller ones are raised to it (default 1 m)',
    ),
    memory: {
      kind: 'string',
      help: 'memory file(s) beside --data, read with the same format options (memory requests too; with --prometheus the working set is read)',
    },
    'memory-query': {
      kind: 'string',
      help: 'with --prometheus: PromQL of each pod’s memory in bytes (default: its containers’ container_memory_working_set_bytes)',
    },
    container: {
      kind: 'string',
      help: 'the container the YAML patches name when the series carry no container label (default: the workload’s name)',
    },
    'rollout-hours': rangeOption(
      ROLLOUT,
      'the rollout scenario re-creates every pod over H hours',
      ROLLOUT_HOURS_DEFAULT,
    ),
    seed: rangeOption(SEED, 'random seed of the rollout’s order', 1),
  },
  async run(o, out) {
    if (!o.data && o.prometheus === undefined)
      throw new UsageError('--data FILES (or --prometheus URL) is required');
    if (o['cores-per-machine'] !== undefined && o.capacity !== undefined)
      throw new UsageError(
        'give --cores-per-machine C (nodes of C cores) or --capacity c (nodes of c machine units), not both',
      );
    memoryPerMachine(o);
    const format = o.json ? 'json' : (o.format as string);
    const loaded = await loadHistory(o);
    const cores = loaded.coresPerUnit;
    const minGiven = o['min-request'] as number | undefined;
    const minRequest = minGiven !== undefined ? minGiven / (cores ?? 1) : 0.001 / (cores ?? 1);
    const target = o.target as number;
    const memory = await memoryOf(o, loaded);
    const memoryRequests = Object.fromEntries(
      (memory.outcomes?.outcomes ?? []).map((m) => [m.strategy, m.requests]),
    );
    const result = asUsage(() =>
      rightsizeRun({
        history: loaded.history,
        workloads: loaded.grouping.workloads,
        learned: loaded.learned,
        judged: loaded.judged,
        target,
        scenarios: scenariosOf(o),
        seed: (o.seed as number) ?? 1,
        minRequest,
        today: loaded.today,
        strategies: STRATEGIES,
        memory: memory.usage && { usage: memory.usage, requests: memoryRequests },
      }),
    );
    const notes = [
      ...loaded.notes,
      ...result.notes,
      ...memory.notes,
      ...outcomeNotes(
        result,
        minGiven === undefined ? SMALLEST_CPU_QUANTITY : `${minGiven} (--min-request)`,
        loaded.grouping.workloads,
      ),
    ];
    const context: ReportContext = {
      workloads: loaded.grouping.workloads,
      containers: containerNames(loaded, o.container as string | undefined),
      coresPerUnit: cores,
      target,
      strategy: o.strategy as StrategyName,
      learned: loaded.learned,
      judged: loaded.judged,
      step: loaded.history.step,
      ungrouped: loaded.grouping.ungrouped,
      notes,
      source: loaded.source,
      memory: memory.outcomes,
      ...(memory.machineBytes !== undefined ? { machineMemoryBytes: memory.machineBytes } : {}),
    };
    const text =
      format === 'json'
        ? JSON.stringify(reportJson(result, context))
        : format === 'yaml'
          ? reportYaml(result, context)
          : format === 'csv'
            ? reportCsv(result, context)
            : format === 'html'
              ? reportHtml(result, context)
              : reportTable(result, context).join('\n');
    if (format !== 'table') for (const n of notes) process.stderr.write(`note: ${n}\n`);
    if (o.out) writeOutput(o.out as string, text.endsWith('\n') ? text : `${text}\n`);
    else out(text.replace(/\n$/, ''));
  },
};
