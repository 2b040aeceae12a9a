/** `assess`: the placement a cluster has now, judged as a packing, and what repacking would do. */
import { basename } from 'node:path';
import { timeSplit, type PromSource } from '../../engine/index.ts';
import { podIdentity } from '../../engine/rightsize/index.ts';
import {
  assessSeries,
  assessSource,
  collectSeries,
  parsePodNodes,
  type AssessOptions,
} from '../../ingest/assessSource.ts';
import { assessJson, assessMarkdown } from '../../present/assess/report.ts';
import { UsageError, rangeOption, type Options } from '../args.ts';
import { clusterOptions } from '../clusterFlags.ts';
import { ASSESS_SLO, NOW_WINDOW } from '../ranges.ts';
import { expandPaths, pathInput, readText } from '../io.ts';
import {
  accessFromOptions,
  durationOption,
  promOptions,
  sourceFromOptions,
} from '../promOptions.ts';
import { asUsage, type Command } from './command.ts';
import { filtersPods, keptPods, podKey } from './podFilter.ts';
import { podFacts } from './rightsize/cluster.ts';
import { writeOutput } from '../files.ts';

/** The series `--namespace` and `--selector` keep (kube_pod_labels read for a selector). */
async function seriesKept(
  o: Options,
  source: PromSource | null,
): Promise<AssessOptions['keep'] | undefined> {
  if (!filtersPods(o)) return undefined;
  const facts =
    source && o.selector !== undefined ? await podFacts(source, accessFromOptions(o)) : null;
  const labelsOf = facts
    ? facts.labels.size
      ? (who: ReturnType<typeof podIdentity>) => facts.labels.get(podKey(who))
      : null
    : () => undefined;
  return (labels) =>
    keptPods(
      o,
      labels.map((l) => ({
        namespace: l.namespace ?? null,
        pod: l.pod ?? Object.values(l).join(','),
        labels: l,
      })),
      labelsOf,
    );
}

/** The learned and judged parts `--learn` and `--judge` name, on the aligned instants. */
function partsOf(o: Options): AssessOptions['parts'] | undefined {
  if (o.learn === undefined) {
    if (o.judge !== undefined) throw new UsageError('--judge needs --learn');
    return undefined;
  }
  return (instants) => {
    const step = instants.length > 1 ? instants[1] - instants[0] : null;
    const split = asUsage(() =>
      timeSplit(instants, step, o.learn as string, o.judge as string | undefined),
    );
    return { learn: split.learn, judge: split.judge };
  };
}

export const assess: Command = {
  usage:
    'npm run cli -- assess (--prometheus URL [--range 7d | --start T --end T] [--step 60s] | --data answers.json) [--nodes pods.csv] [--target 0.01] [--namespace NS] [--selector app=web] [--learn … --judge …] [--now 1h] [--json] [--report FILE.md]',
  summary:
    'Judges the current placement (pods on nodes, from the node label or a pod,node CSV) as a packing: per node q over the range and q now (the last hour), p95/p99 utilisation, nodes over the SLO; and what each fit test would do with the same pods.',
  options: {
    ...promOptions,
    ...clusterOptions,
    data: {
      kind: 'string',
      help: 'exported query_range answers (.json), comma-separated or a glob',
    },
    nodes: { kind: 'string', help: 'pod,node CSV for series without a node label' },
    slo: rangeOption(ASSESS_SLO, 'the older spelling of --target'),
    now: durationOption(
      NOW_WINDOW,
      'how far back q now looks from the range’s (or judged part’s) end: 1h (default), 15m, 3600',
    ),
    json: { kind: 'flag', help: 'print one JSON object' },
    report: { kind: 'string', help: 'write the Markdown report here' },
  },
  async run(o, out) {
    const slo = (o.slo as number | undefined) ?? (o.target as number);
    const source = sourceFromOptions(o);
    if (!source && !o.data) throw new UsageError('give --prometheus URL or --data answers.json');
    const podNodes = o.nodes
      ? parsePodNodes(readText(o.nodes as string), basename(o.nodes as string))
      : undefined;
    const keep = await seriesKept(o, source);
    const parts = partsOf(o);
    const options: AssessOptions = {
      slo,
      ...(o['cores-per-machine'] !== undefined
        ? { coresPerMachine: o['cores-per-machine'] as number }
        : {}),
      ...(o.capacity !== undefined ? { capacity: o.capacity as number } : {}),
      ...(podNodes ? { podNodes } : {}),
      ...(keep ? { keep } : {}),
      ...(parts ? { parts } : {}),
      ...(o.now !== undefined ? { nowSeconds: o.now as number } : {}),
    };
    let a;
    try {
      if (source) a = await assessSource(source, accessFromOptions(o), options);
      else {
        const inputs = await Promise.all(expandPaths(o.data as string).map((p) => pathInput(p)));
        a = assessSeries(await collectSeries(inputs), null, options);
      }
    } catch (e) {
      if (e instanceof RangeError) throw new UsageError(e.message);
      throw e;
    }
    const markdown = assessMarkdown(a, {
      ...(source ? { source } : {}),
      coresFrom: a.coresFrom,
      notNumbers: a.notNumbers,
      nowSeconds: a.now.seconds,
    });
    if (o.report) writeOutput(o.report as string, markdown);
    for (const note of a.notes) process.stderr.write(`${note}\n`);
    out(
      o.json
        ? JSON.stringify({ ...(source ? { source } : {}), ...assessJson(a), notes: a.notes })
        : markdown,
    );
  },
};
