/**
 * The assessment of the cluster as it is, as rows and Markdown (for the CLI's report and the page):
 * per node its pods, q now, p95/p99 utilisation, over the SLO or not; beside it what each fit test
 * would do with the same pods, in machines and in cores.
 */
import type { PlacementAssessment } from '../../engine/index.ts';
import { formatFixed } from '../format.ts';

export interface AssessHeader {
  /** The source without any token: URL, query, range. */
  readonly source?: { url: string; query: string; start: number; end: number; step: number };
  readonly coresFrom?: string;
  readonly notNumbers?: number;
}

const pct = (x: number) => `${formatFixed(x * 100, 1)} %`;
const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

/** One line saying what repacking would save, against the nodes as placed. */
export function assessHeadline(a: PlacementAssessment): string {
  const gpa = a.repacks[0];
  const over = a.overSlo.length
    ? `${a.overSlo.length} of ${a.nodes.length} nodes over the SLO (q > ${a.slo}): ${a.overSlo.join(', ')}`
    : `no node over the SLO (q > ${a.slo})`;
  return gpa
    ? `${over}. Repacked by ${gpa.fit}: ${gpa.machines} nodes of ${a.referenceCores} cores (${gpa.cores} cores) instead of ${a.nodes.length} (${a.cores} cores), worst node q ${formatFixed(gpa.worstQ, 4)}.`
    : `${over}.`;
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
    assessHeadline(a),
    '',
    '## Nodes as placed',
    '',
    '| node | cores | pods | q now | mean | p95 | p99 | peak | over SLO |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const n of a.nodes)
    lines.push(
      `| ${n.node} | ${n.cores} | ${n.tasks.length} | ${formatFixed(n.q, 4)} | ${pct(n.mean)} | ${pct(n.p95)} | ${pct(n.p99)} | ${pct(n.peak)} | ${n.overSlo ? 'yes' : 'no'} |`,
    );
  lines.push(
    '',
    `## Repacked (nodes of ${a.referenceCores} cores, judged on the same instants)`,
    '',
    '| fit test | nodes | cores | worst node q | nodes over SLO |',
    '|---|---:|---:|---:|---:|',
    `| as placed | ${a.nodes.length} | ${a.cores} | ${formatFixed(Math.max(0, ...a.nodes.map((n) => n.q)), 4)} | ${a.overSlo.length} |`,
  );
  for (const r of a.repacks)
    lines.push(
      `| ${r.fit} | ${r.machines} | ${r.cores} | ${formatFixed(r.worstQ, 4)} | ${r.machinesOverSlo} |`,
    );
  return lines.join('\n') + '\n';
}
