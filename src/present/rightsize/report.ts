/**
 * Right-sizing as people read it: the side-by-side table first (per strategy: requested cores,
 * nodes kube-default needs, the worst node's q out of sample, nodes over q*, how often workloads
 * use more than their request), then per workload its request. One report object, written as a
 * terminal table, JSON, CSV (one row per workload), YAML (one patch per workload,
 * `resources.requests`) and a single self-contained HTML file.
 */
import { stringify } from 'yaml';
import type {
  MemoryOutcome,
  RightsizeResult,
  StrategyName,
  Workload,
} from '../../engine/rightsize/index.ts';
import { formatFixed, formatPercent } from '../format.ts';

/** Every strategy's memory requests, in bytes (Prometheus) or in the data's machine units. */
export interface MemoryReport {
  readonly outcomes: readonly MemoryOutcome[];
  readonly bytes: boolean;
}

export interface ReportContext {
  readonly workloads: readonly Workload[];
  /** Per workload its container's name (for the patches). */
  readonly containers: readonly string[];
  /** Cores in one machine unit, or null when the data are not in cores (requests in machines). */
  readonly coresPerUnit: number | null;
  readonly target: number;
  readonly strategy: StrategyName;
  readonly learned: { readonly start: number; readonly end: number };
  readonly judged: { readonly start: number; readonly end: number };
  readonly step: number;
  readonly ungrouped: readonly string[];
  readonly notes: readonly string[];
  /** What was read (files or the source), for the heading. */
  readonly source: string;
  /** Memory requests where the history carries memory. */
  readonly memory?: MemoryReport | null;
  /**
   * Bytes the YAML reads a machine unit of memory as, when the requests are in machine units (the
   * page's nodes of one machine); without it such memory requests are not written.
   */
  readonly machineMemoryBytes?: number;
}

const memoryUnit = (m: MemoryReport) => (m.bytes ? 'bytes' : 'machines');
/** A memory request in its unit: whole bytes, or machines to 1e-6. */
const memoryValue = (m: MemoryReport, v: number) =>
  Number.isNaN(v) ? null : m.bytes ? Math.ceil(v) : Math.round(v * 1e6) / 1e6;
/** A memory request as people read it: MiB to one decimal, or machines. */
const memoryText = (m: MemoryReport, v: number) =>
  Number.isNaN(v) ? '–' : m.bytes ? `${formatFixed(v / 2 ** 20, 1)}Mi` : String(memoryValue(m, v));

const unitOf = (c: ReportContext) => (c.coresPerUnit === null ? 'machines' : 'cores');
/** A request in the data's unit (cores when known), to a millicore. */
const inUnit = (c: ReportContext, v: number) => {
  if (Number.isNaN(v)) return null;
  const scale = c.coresPerUnit ? 1e3 : 1e4;
  return Math.round(v * (c.coresPerUnit ?? 1) * scale) / scale;
};

export function reportJson(r: RightsizeResult, c: ReportContext): Record<string, unknown> {
  const chosen = r.outcomes.find((o) => o.strategy === c.strategy)!;
  return {
    source: c.source,
    unit: unitOf(c),
    target: c.target,
    strategy: c.strategy,
    step_s: c.step,
    learned: c.learned,
    judged: c.judged,
    workloads: c.workloads.map((w, k) => ({
      id: w.id,
      kind: w.kind,
      namespace: w.namespace,
      name: w.name,
      grouped_by: w.from,
      pods: w.pods.length,
      request: inUnit(c, chosen.requests[k]),
      requests: Object.fromEntries(r.outcomes.map((o) => [o.strategy, inUnit(c, o.requests[k])])),
      no_request: Object.fromEntries(
        r.outcomes.filter((o) => o.why[k] !== null).map((o) => [o.strategy, o.why[k]]),
      ),
      ...(c.memory ? memoryJson(c.memory, c.strategy, k) : {}),
    })),
    ...(c.memory ? { memory_unit: memoryUnit(c.memory) } : {}),
    comparison: r.outcomes.map((o) => ({
      strategy: o.strategy,
      requested: inUnit(c, o.requested),
      requests_raised_to_minimum: o.raised,
      workloads_exceeding: o.exceed.workloads,
      samples_over_request: o.exceed.overall,
      ...(o.memory
        ? {
            memory: {
              replays: o.memory.replays.map((p, k) => ({
                scenario: o.replays[k].scenario,
                worst: p.worst,
                nodes_over_target: p.over,
              })),
              workloads_exceeding: o.memory.exceed?.workloads ?? null,
              samples_over_request: o.memory.exceed?.overall ?? null,
            },
          }
        : {}),
      replays: o.replays.map((p) => ({
        scenario: p.scenario,
        nodes: p.nodes,
        nodes_added: p.nodesAdded,
        worst: p.worst,
        nodes_over_target: p.over,
        per_node: p.perNode,
        unschedulable: p.unschedulable,
      })),
    })),
    slopack: r.slopack && {
      lambda: r.slopack.lambda,
      z: r.slopack.z,
      met_on_every_fold: r.slopack.met,
      folds: r.slopack.folds,
    },
    ungrouped: c.ungrouped,
    notes: c.notes,
  };
}

/** One workload's memory requests in the JSON. */
function memoryJson(m: MemoryReport, strategy: StrategyName, k: number): Record<string, unknown> {
  const chosen = m.outcomes.find((o) => o.strategy === strategy);
  return {
    memory_request: chosen ? memoryValue(m, chosen.requests[k]) : null,
    memory_requests: Object.fromEntries(
      m.outcomes.map((o) => [o.strategy, memoryValue(m, o.requests[k])]),
    ),
    no_memory_request: Object.fromEntries(
      m.outcomes.filter((o) => o.why[k] !== null).map((o) => [o.strategy, o.why[k]]),
    ),
  };
}

const pct = (v: number) => formatPercent(v, 2);
/** A node's q, a decimal as every overflow frequency (docs/conventions.md); shares of samples over a request stay percents. */
const qCell = (q: number) => formatFixed(q, 4);

/** A strategy's memory judged on its replays, as the side-by-side table's cells. */
function memoryCells(
  m: RightsizeResult['outcomes'][number]['memory'],
  workloads: number,
): string[] {
  if (!m) return [];
  return [
    ...m.replays.flatMap((p) => [
      p.worst ? `${qCell(p.worst.q)} (${p.worst.name})` : '–',
      String(p.over),
    ]),
    m.exceed ? `${m.exceed.workloads} of ${workloads}` : '–',
    m.exceed ? pct(m.exceed.overall) : '–',
  ];
}

/** The side-by-side table's rows (header first), shared by the terminal, the HTML and the page. */
export function comparisonRows(r: RightsizeResult, c: ReportContext): string[][] {
  const scenarios = r.outcomes[0]?.replays.map((p) => p.scenario) ?? [];
  const withMemory = r.outcomes.some((o) => o.memory !== null);
  const head = [
    'strategy',
    `requested ${unitOf(c)}`,
    ...scenarios.flatMap((s) => [`nodes (${s})`, `worst q (${s})`, `nodes over q* (${s})`]),
    'workloads over request',
    'samples over request',
    ...(withMemory
      ? [
          ...scenarios.flatMap((s) => [`memory worst q (${s})`, `memory nodes over q* (${s})`]),
          'memory: workloads over request',
          'memory: samples over request',
        ]
      : []),
  ];
  const rows = r.outcomes.map((o) => [
    o.strategy,
    String(inUnit(c, o.requested)),
    ...o.replays.flatMap((p) => [
      String(p.nodes),
      p.worst ? `${qCell(p.worst.q)} (${p.worst.name})` : '–',
      String(p.over),
    ]),
    `${o.exceed.workloads} of ${c.workloads.length}`,
    pct(o.exceed.overall),
    ...(withMemory ? memoryCells(o.memory, c.workloads.length) : []),
  ]);
  return [head, ...rows];
}

/** Per workload each strategy's request (header first), shared by the terminal, the HTML and the page. */
export function workloadRows(r: RightsizeResult, c: ReportContext): string[][] {
  const m = c.memory;
  const head = [
    'workload',
    'kind',
    'pods',
    ...r.outcomes.map((o) => `${o.strategy} ${unitOf(c)}`),
    ...(m ? m.outcomes.map((o) => `${o.strategy} memory`) : []),
  ];
  return [
    head,
    ...c.workloads.map((w, k) => [
      w.id,
      w.kind,
      String(w.pods.length),
      ...r.outcomes.map((o) => String(inUnit(c, o.requests[k]) ?? '–')),
      ...(m ? m.outcomes.map((o) => memoryText(m, o.requests[k])) : []),
    ]),
  ];
}

function aligned(rows: string[][]): string[] {
  const widths = rows[0].map((_, j) => Math.max(...rows.map((row) => row[j].length)));
  return rows.map((row) =>
    row
      .map((cell, j) => cell.padEnd(widths[j]))
      .join('  ')
      .trimEnd(),
  );
}

export function reportTable(r: RightsizeResult, c: ReportContext): string[] {
  const lines = [
    `Requests that keep q ≤ ${c.target} under kube-default (LeastAllocated by requests, a node added when none fits), judged on instants ${c.judged.start}–${c.judged.end - 1}, learned on ${c.learned.start}–${c.learned.end - 1}:`,
    '',
    ...aligned(comparisonRows(r, c)),
    '',
    ...aligned(workloadRows(r, c)),
  ];
  if (r.slopack)
    lines.push(
      '',
      `slopack: λ = ${formatFixed(r.slopack.lambda, 3)} (z = ${formatFixed(r.slopack.z, 3)}) ${r.slopack.met ? 'meets q* on every walk-forward fold' : 'does not meet q* on every fold'} (${r.slopack.folds.length} folds)`,
    );
  for (const n of c.notes) lines.push(`note: ${n}`);
  return lines;
}

const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function reportCsv(r: RightsizeResult, c: ReportContext): string {
  const head = [
    'workload',
    'kind',
    'namespace',
    'name',
    'pods',
    ...r.outcomes.map((o) => `${o.strategy}_${unitOf(c)}`),
    ...(c.memory
      ? c.memory.outcomes.map((o) => `${o.strategy}_memory_${memoryUnit(c.memory!)}`)
      : []),
  ];
  const rows = c.workloads.map((w, k) => [
    w.id,
    w.kind,
    w.namespace ?? '',
    w.name,
    String(w.pods.length),
    ...r.outcomes.map((o) => {
      const v = inUnit(c, o.requests[k]);
      return v === null ? '' : String(v);
    }),
    ...(c.memory
      ? c.memory.outcomes.map((o) => String(memoryValue(c.memory!, o.requests[k]) ?? ''))
      : []),
  ]);
  return [head, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** A CPU quantity as Kubernetes writes it: whole millicores. */
function cpuQuantity(cores: number): string {
  return `${Math.max(1, Math.ceil(Math.round(cores * 1e6) / 1e3))}m`;
}

/** A memory quantity as people write it: whole MiB, rounded up. */
function memoryQuantity(bytes: number): string {
  return `${Math.max(1, Math.ceil(bytes / 2 ** 20))}Mi`;
}

const API_VERSION: Record<string, string> = {
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  Pod: 'v1',
};

/**
 * One strategic-merge patch per workload with a request (`kubectl patch --patch-file`), after a
 * comment naming the data they were learned on.
 */
export function reportYaml(r: RightsizeResult, c: ReportContext): string {
  const chosen = r.outcomes.find((o) => o.strategy === c.strategy)!;
  const docs: string[] = [];
  c.workloads.forEach((w, k) => {
    const v = chosen.requests[k];
    if (Number.isNaN(v)) return;
    const cores = v * (c.coresPerUnit ?? 1);
    const perUnit = c.memory?.bytes ? 1 : c.machineMemoryBytes;
    const chosenMemory = c.memory?.outcomes.find((o) => o.strategy === c.strategy)?.requests[k];
    const memory =
      perUnit === undefined || chosenMemory === undefined ? undefined : chosenMemory * perUnit;
    const requests = {
      cpu: cpuQuantity(cores),
      ...(memory !== undefined && !Number.isNaN(memory) ? { memory: memoryQuantity(memory) } : {}),
    };
    const containers = [{ name: c.containers[k], resources: { requests } }];
    // The name alone cannot tell a DaemonSet from a Job: the patch says DaemonSet, the comment says so.
    const kind = w.kind === 'DaemonSet/Job' ? 'DaemonSet' : w.kind;
    const podSpec = { containers };
    const spec =
      kind === 'Pod'
        ? podSpec
        : kind === 'CronJob'
          ? { jobTemplate: { spec: { template: { spec: podSpec } } } }
          : { template: { spec: podSpec } };
    const doc = {
      apiVersion: API_VERSION[kind],
      kind,
      metadata: { name: w.name, ...(w.namespace ? { namespace: w.namespace } : {}) },
      spec,
    };
    const why = [
      `# ${w.id}: ${c.strategy} request for ${w.pods.length} pod(s)${c.coresPerUnit === null ? ' (the data are in machines: one machine read as one core)' : ''}`,
      ...(c.memory && !c.memory.bytes
        ? [
            c.machineMemoryBytes === undefined
              ? '# memory requests are in machine units here, not in bytes: not written'
              : `# memory in machines, one machine read as ${memoryQuantity(c.machineMemoryBytes)}`,
          ]
        : []),
      ...(w.kind === 'DaemonSet/Job'
        ? ['# the pod names do not tell a DaemonSet from a Job: check the kind']
        : []),
    ];
    docs.push(`${why.join('\n')}\n${stringify(doc)}`);
  });
  const named = `# ${c.strategy} requests learned on ${c.source} (instants ${c.learned.start}–${c.learned.end - 1}), judged on ${c.judged.start}–${c.judged.end - 1} by kube-default's replay, q* = ${c.target}\n`;
  return named + docs.map((d) => `---\n${d}`).join('');
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function htmlTable(rows: string[][]): string {
  const [head, ...body] = rows;
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${body
    .map((row) => `<tr>${row.map((cell) => `<td>${esc(cell)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** One HTML file with its style inline: no script, no external resource. */
export function reportHtml(r: RightsizeResult, c: ReportContext): string {
  const style =
    'body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}th:first-child,td:first-child{text-align:left}thead{background:#f3f3f3}';
  const slopack = r.slopack
    ? `<p>slopack: λ = ${formatFixed(r.slopack.lambda, 3)} (z = ${formatFixed(r.slopack.z, 3)}), ${r.slopack.met ? 'meets' : 'does not meet'} q* on every one of ${r.slopack.folds.length} walk-forward folds.</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>slopack rightsize</title><style>${style}</style></head>
<body>
<h1>Requests that keep q ≤ ${c.target}</h1>
<p>${esc(c.source)}: kube-default (LeastAllocated by requests, a node added when none fits), judged on instants ${c.judged.start}–${c.judged.end - 1}, learned on ${c.learned.start}–${c.learned.end - 1} (step ${c.step} s).</p>
${htmlTable(comparisonRows(r, c))}
${slopack}
<h2>Per workload (${unitOf(c)})</h2>
${htmlTable(workloadRows(r, c))}
${c.notes.length ? `<h2>Notes</h2><ul>${c.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
