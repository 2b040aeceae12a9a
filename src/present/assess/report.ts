/**
 * The assessment of the cluster as it is, as rows and Markdown (for the CLI's report and the page):
 * per node its pods, q over the range and q now (its last hour), p95/p99 utilisation, over the SLO
 * or not; beside it what each fit test
 * would do with the same pods, in machines and in cores.
 */
import type { NodeAssessment, PlacementAssessment } from '../../engine/index.ts';
import { utilisationText } from '../cores.ts';
import { formatFixed, formatNumber } from '../format.ts';

interface AssessHeader {
  /** The source without any token: URL, query, range. */
  readonly source?: { url: string; query: string; start: number; end: number; step: number };
  readonly coresFrom?: string;
  readonly notNumbers?: number;
  /** Seconds q now looks back (default: the last instants, counted). */
  readonly nowSeconds?: number;
}

const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

/** A node's usage in cores (its utilisation × its cores), for the JSON beside the fractions. */
function nodeUsageCores(n: NodeAssessment): {
  mean_cores: number;
  p95_cores: number;
  p99_cores: number;
  peak_cores: number;
} {
  return {
    mean_cores: n.mean * n.cores,
    p95_cores: n.p95 * n.cores,
    p99_cores: n.p99 * n.cores,
    peak_cores: n.peak * n.cores,
  };
}

/** The assessment as the command line's JSON: each node's usage also in cores. */
export function assessJson(a: PlacementAssessment): PlacementAssessment & {
  nodes: (NodeAssessment & ReturnType<typeof nodeUsageCores>)[];
} {
  return { ...a, nodes: a.nodes.map((n) => ({ ...n, ...nodeUsageCores(n) })) };
}

/** "the last hour", "the last 90 s", or the instants when the seconds are not known. */
function nowWindowText(a: PlacementAssessment, seconds?: number): string {
  if (seconds === undefined) return `the last ${a.nowInstants} instants`;
  if (seconds % 3600 === 0)
    return seconds === 3600 ? 'the last hour' : `the last ${seconds / 3600} h`;
  return seconds % 60 === 0 ? `the last ${seconds / 60} min` : `the last ${seconds} s`;
}

/** One line saying what repacking would save, against the nodes as placed. */
export function assessHeadline(a: PlacementAssessment, nowSeconds?: number): string {
  const gpa = a.repacks[0];
  const over = a.overSlo.length
    ? `${a.overSlo.length} of ${a.nodes.length} nodes over the SLO over the range (q > ${a.slo}): ${a.overSlo.join(', ')}`
    : `no node over the SLO over the range (q > ${a.slo})`;
  const overNow = a.nodes.filter((n) => n.qNow > a.slo).map((n) => n.node);
  const now = `; now (${nowWindowText(a, nowSeconds)}, ${a.nowInstants} instants) ${overNow.length ? `${overNow.length} over: ${overNow.join(', ')}` : 'none over'}`;
  return gpa
    ? `${over}${now}. Repacked by ${gpa.fit}: ${gpa.machines} nodes of ${a.referenceCores} cores (${gpa.cores} cores) instead of ${a.nodes.length} (${a.cores} cores), worst node q over the range ${formatFixed(gpa.worstQ, 4)}.`
    : `${over}${now}.`;
}

export function assessMarkdown(a: PlacementAssessment, h: AssessHeader = {}): string {
  const lines = ['# The cluster as it is', ''];
  if (h.source)
    lines.push(
      `Source: ${h.source.url}, \`${h.source.query}\`, ${iso(h.source.start)} to ${iso(h.source.end)}, step ${h.source.step} s.`,
      '',
    );
  lines.push(
    `${a.instants} aligned instants; node cores from ${h.coresFrom ?? 'the data'}; SLO ρ = ${a.slo}.${h.notNumbers ? ` ${h.notNumbers} samples that were not numbers dropped.` : ''}`,
    '',
    assessHeadline(a, h.nowSeconds),
    '',
    '## Nodes as placed',
    '',
    `| node | cores | pods | q over the range | q now (${nowWindowText(a, h.nowSeconds)}) | mean | p95 | p99 | peak | over SLO |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const n of a.nodes)
    lines.push(
      `| ${n.node} | ${formatNumber(n.cores)} | ${n.tasks.length} | ${formatFixed(n.q, 4)} | ${formatFixed(n.qNow, 4)} | ${utilisationText(n.mean, n.cores)} | ${utilisationText(n.p95, n.cores)} | ${utilisationText(n.p99, n.cores)} | ${utilisationText(n.peak, n.cores)} | ${n.overSlo ? 'yes' : 'no'} |`,
    );
  lines.push(
    '',
    `## Repacked (nodes of ${a.referenceCores} cores, judged on the same instants)`,
    '',
    '| fit test | nodes | cores | worst node q over the range | nodes over SLO |',
    '|---|---:|---:|---:|---:|',
    `| as placed | ${a.nodes.length} | ${a.cores} | ${formatFixed(Math.max(0, ...a.nodes.map((n) => n.q)), 4)} | ${a.overSlo.length} |`,
  );
  for (const r of a.repacks)
    lines.push(
      `| ${r.fit} | ${r.machines} | ${r.cores} | ${formatFixed(r.worstQ, 4)} | ${r.machinesOverSlo} |`,
    );
  return lines.join('\n') + '\n';
}
