/** `assess`: the placement a cluster has now, judged as a packing, and what repacking would do. */
import { basename } from 'node:path';
import {
  assessSeries,
  assessSource,
  collectSeries,
  parsePodNodes,
} from '../../ingest/assessSource.ts';
import { assessJson, assessMarkdown } from '../../present/assess/report.ts';
import { UsageError, rangeOption } from '../args.ts';
import { ASSESS_SLO, CORES_PER_MACHINE } from '../ranges.ts';
import { expandPaths, pathInput, readText } from '../io.ts';
import { promOptions, sourceFromOptions, accessFromOptions } from '../promOptions.ts';
import type { Command } from './command.ts';
import { writeOutput } from '../files.ts';

export const assess: Command = {
  usage:
    'npm run cli -- assess (--prometheus URL [--range 7d | --start T --end T] [--step 60s] | --data answers.json) [--nodes pods.csv] [--slo 0.01] [--json] [--report FILE.md]',
  summary:
    'Judges the current placement (pods on nodes, from the node label or a pod,node CSV) as a packing: per node q now, p95/p99 utilisation, nodes over the SLO; and what each fit test would do with the same pods.',
  options: {
    ...promOptions,
    data: {
      kind: 'string',
      help: 'exported query_range answers (.json), comma-separated or a glob',
    },
    nodes: { kind: 'string', help: 'pod,node CSV for series without a node label' },
    slo: rangeOption(ASSESS_SLO, 'SLO ρ: a node is over it when its q exceeds ρ', 0.01),
    'cores-per-machine': rangeOption(
      CORES_PER_MACHINE,
      'cores of every node (default: kube_node_status_allocatable or machine_cpu_cores)',
    ),
    json: { kind: 'flag', help: 'print one JSON object' },
    report: { kind: 'string', help: 'write the Markdown report here' },
  },
  async run(o, out) {
    const slo = o.slo as number;
    const source = sourceFromOptions(o);
    if (!source && !o.data) throw new UsageError('give --prometheus URL or --data answers.json');
    const podNodes = o.nodes
      ? parsePodNodes(readText(o.nodes as string), basename(o.nodes as string))
      : undefined;
    const options = {
      slo,
      ...(o['cores-per-machine'] !== undefined
        ? { coresPerMachine: o['cores-per-machine'] as number }
        : {}),
      ...(podNodes ? { podNodes } : {}),
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
