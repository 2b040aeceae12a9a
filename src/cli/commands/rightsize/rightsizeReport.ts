/**
 * `rightsize-report`: the side-by-side table of `rightsize` on every bundled history with a time axis
 * and on a Prometheus history generated here (Debian's Prometheus, a backfilled day of Bitbrains VMs
 * named as Deployment and StatefulSet replicas with their owners and requests), written as Markdown
 * (docs/rightsize-results.md). Each run is the command line's own, in-process, with `--json`.
 */
import { dataPath } from '../../../ingest/testing.ts';
import { formatFixed } from '../../../present/format.ts';
import { parseOptions } from '../../args.ts';
import { rightsize } from './rightsize.ts';
import { writeOutput } from '../../files.ts';
import { HISTORY_START, startPrometheus } from '../../testing/prometheus.ts';
import type { Command } from '../command.ts';

const DATA = dataPath('.');

interface Run {
  readonly name: string;
  readonly args: string[];
}

const BUNDLED: Run[] = [
  {
    name: 'Azure V1, 100 VMs, 27.8 days (max per 5 min, a VM a quarter machine)',
    args: [
      '--data',
      `${DATA}/azure-v1-datacentersim/microsoft_max_100.csv.gz`,
      '--data-format',
      'columns',
      '--scale',
      '0.25',
      '--step',
      '300',
      '--learn',
      'days:1-14',
      '--judge',
      'days:15-27',
    ],
  },
  {
    name: 'Bitbrains Rnd, the VMs sampled at 90 % of the instants or more, 28 days (absent samples as 0, a VM a quarter machine)',
    args: [
      '--data',
      `${DATA}/bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz`,
      '--data-format',
      'long',
      '--id-column',
      'vm_id',
      '--time-column',
      'timestamp_s',
      '--value-column',
      'cpu_usage_pct',
      '--scale',
      '0.25',
      '--clamp',
      '--step',
      '300',
      '--absent',
      'zero',
      '--min-coverage',
      '0.9',
      '--learn',
      'days:1-14',
      '--judge',
      'days:15-28',
    ],
  },
  {
    name: 'Google 2011 jobs, 1,600 series, 1 day',
    args: [
      '--data',
      `${DATA}/google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv`,
      '--memory',
      `${DATA}/google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz`,
      '--clamp',
      '--scale',
      '0.25',
    ],
  },
  {
    name: 'PlanetLab, 2011-03-03, 1 day',
    args: ['--data', `${DATA}/planetlab-cloudsim/planetlab_20110303.csv`, '--scale', '0.25'],
  },
];

interface Comparison {
  strategy: string;
  requested: number;
  workloads_exceeding: number;
  samples_over_request: number;
  replays: {
    scenario: string;
    nodes: number;
    worst: { q: number } | null;
    nodes_over_target: number;
    unschedulable: string[];
  }[];
  memory?: {
    replays: { scenario: string; worst: { q: number } | null; nodes_over_target: number }[];
    workloads_exceeding: number | null;
    samples_over_request: number | null;
  };
}

/** Pods no node could take (a request above an empty node), which the table's nodes leave out. */
function unplaced(rows: Comparison[]): string[] {
  const counts = rows.flatMap((c) =>
    c.replays
      .filter((r) => r.unschedulable.length)
      .map((r) => `${c.strategy} ${r.unschedulable.length} (${r.scenario})`),
  );
  return counts.length
    ? [
        `Pods left unplaced, their requests (CPU or memory) above an empty node, their usage not counted: ${counts.join(', ')}.`,
        '',
      ]
    : [];
}

/** Memory judged on each strategy's nodes, where the history carries it. */
function memoryTable(rows: Comparison[], workloads: number): string[] {
  if (!rows.some((c) => c.memory)) return [];
  const scenarios = rows.find((c) => c.memory)!.memory!.replays.map((r) => r.scenario);
  const share = (v: number | null) => (v === null ? '–' : pct(v));
  return [
    'Memory on the same nodes (working set over the node’s memory, judged part; the requests’ memory as `memory_requests`):',
    '',
    `| strategy | ${scenarios.map((s) => `memory worst q (${s}) | memory nodes over q* (${s})`).join(' | ')} | workloads over memory request | samples over memory request |`,
    `|---|${scenarios.map(() => '---:|---:').join('|')}|---:|---:|`,
    ...rows
      .filter((c) => c.memory)
      .map(
        (c) =>
          `| ${c.strategy} | ${c.memory!.replays.map((r) => `${r.worst ? formatFixed(r.worst.q, 4) : '–'} | ${r.nodes_over_target}`).join(' | ')} | ${c.memory!.workloads_exceeding === null ? '–' : `${c.memory!.workloads_exceeding} of ${workloads}`} | ${share(c.memory!.samples_over_request)} |`,
      ),
    '',
  ];
}

/** A share of samples over a request; a node's q is a decimal (docs/conventions.md). */
const pct = (v: number) => `${(100 * v).toFixed(2)} %`;

function table(name: string, command: string, report: Record<string, unknown>): string[] {
  const rows = report.comparison as Comparison[];
  const unit = report.unit as string;
  const workloads = (report.workloads as unknown[]).length;
  const slopack = report.slopack as {
    lambda: number;
    met_on_every_fold: boolean;
    folds: unknown[];
  } | null;
  const scenarios = rows[0].replays.map((r) => r.scenario);
  const lines = [
    `## ${name}`,
    '',
    `\`${command}\``,
    '',
    `| strategy | requested ${unit} | ${scenarios.map((s) => `nodes (${s}) | worst q (${s}) | nodes over q* (${s})`).join(' | ')} | workloads over request | samples over request |`,
    `|---|---:|${scenarios.map(() => '---:|---:|---:').join('|')}|---:|---:|`,
    ...rows.map(
      (c) =>
        `| ${c.strategy} | ${c.requested} | ${c.replays.map((r) => `${r.nodes} | ${r.worst ? formatFixed(r.worst.q, 4) : '–'} | ${r.nodes_over_target}`).join(' | ')} | ${c.workloads_exceeding} of ${workloads} | ${pct(c.samples_over_request)} |`,
    ),
    '',
    ...unplaced(rows),
    ...memoryTable(rows, workloads),
  ];
  if (slopack)
    lines.push(
      `slopack: λ = ${slopack.lambda.toFixed(3)}, ${slopack.met_on_every_fold ? 'meets' : 'does not meet'} q* on every one of ${slopack.folds.length} walk-forward folds.`,
      '',
    );
  return lines;
}

export const rightsizeReport: Command = {
  usage: 'npm run cli -- rightsize-report [--out docs/rightsize-results.md]',
  summary:
    'Runs rightsize on every bundled history with a time axis and on a generated Prometheus history, and writes the side-by-side tables as Markdown.',
  options: {
    out: {
      kind: 'string',
      help: 'the Markdown file to write',
      default: 'docs/rightsize-results.md',
    },
  },
  async run(o, out) {
    const once = async (args: string[]) => {
      const lines: string[] = [];
      const o = parseOptions(['--target', '0.01', ...args, '--json'], rightsize.options);
      await rightsize.run(o, (l) => lines.push(l));
      return JSON.parse(lines.join('\n')) as Record<string, unknown>;
    };
    const shown = (args: string[]) =>
      `npm run cli -- rightsize --target 0.01 ${args.map((a) => a.replace(DATA, '../shared/data')).join(' ')}`;
    const parts: string[] = [
      '# rightsize: slopack, krr, the VPA and today’s requests on the same replay',
      '',
      `Generated by \`npm run cli -- rightsize-report\`. Every table: the requests learned on the learned part, placed by kube-default (LeastAllocated by requests, a node added when none fits) in a fresh cluster and in a one-hour rollout, q counted on the judged part; q* = 0.01, nodes of one machine (docs/rightsize.md).`,
      '',
    ];
    for (const run of BUNDLED) {
      out(`running ${run.name}`);
      parts.push(...table(run.name, shown(run.args), await once(run.args)));
    }
    out('running the generated Prometheus history');
    const prom = await startPrometheus({
      pods: 30,
      nodes: 4,
      nodeCores: 8,
      // 8 GiB a core, a memory-optimized shape (8 cores, 64 GiB): the Bitbrains VMs' working sets
      // reach 20 GB, more than a node of 16 GiB holds once memory requests place the pods.
      nodeMemoryBytes: 64 * 2 ** 30,
      seconds: 2 * 86400,
      scrape: 60,
      workloads: true,
    });
    try {
      const args = [
        '--prometheus',
        prom.url,
        '--start',
        String(HISTORY_START + 600),
        '--end',
        String(HISTORY_START + 2 * 86400),
        '--step',
        '300',
        '--learn',
        '0:0.5',
      ];
      const report = await once(args);
      parts.push(
        ...table(
          'Generated Prometheus history: 30 Bitbrains VMs as Deployment and StatefulSet replicas, 2 days, nodes of 8 cores and 64 GiB',
          shown(args).replace(prom.url, 'http://127.0.0.1:PORT'),
          report,
        ),
      );
    } finally {
      await prom.stop();
    }
    writeOutput(o.out as string, parts.join('\n'));
    out(`wrote ${String(o.out)}`);
  },
};
