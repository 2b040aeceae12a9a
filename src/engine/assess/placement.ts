/**
 * The cluster as it is, judged as a packing (SPEC §7's q on the time-aligned usage; SPEC is silent
 * on live placements, the choices are written here): each node is a machine holding the pods the
 * `node` label (or a pod→node map) puts on it; its total at instant t is the sum of its pods' usage
 * at t; its q over the range is the fraction of instants whose total exceeds the node's cores, its
 * q now the same fraction over the last columns only (the last hour: `now`); its p95/p99
 * utilisation are percentiles of total / cores. A node is over the SLO when its q over the range
 * exceeds ρ. Beside it, what
 * each fit test would do with the same pods on machines of the reference size (the most common
 * node): machines used and the worst machine's q, measured on the same aligned instants (all
 * columns observed and evaluated: κ = 1, so the numbers are in-sample, as the placement's are),
 * or, given a learned and a judged part, learned on the one and every q counted on the other.
 */
import { formatFit, type FitSpec } from '../fit/index.ts';
import { runPacking } from '../experiment.ts';
import { matrixFrom, type RealizationMatrix } from '../matrix.ts';
import type { PackerKind } from '../pack/pack.ts';
import { identityRows, WorkloadStats } from '../workload.ts';

export interface PlacementInput {
  readonly ids: readonly string[];
  /** The node of each task (row of `usage`). */
  readonly nodes: readonly string[];
  /** Cores used, (tasks × instants), column t one instant. */
  readonly usage: RealizationMatrix;
  /** Cores of each node; nodes missing here take `referenceCores`. */
  readonly nodeCores: Readonly<Record<string, number>>;
  /** The machine size repacking uses (cores). */
  readonly referenceCores: number;
  /** The SLO ρ: a node is over it when its q exceeds ρ. */
  readonly slo: number;
  readonly fits: readonly FitSpec[];
  readonly packer?: PackerKind;
  /**
   * Columns the repacking's fit tests learn from and columns every q is counted on (the nodes as
   * placed and the repacked machines): out of sample when given, else every column for both.
   */
  readonly parts?: { readonly learn: ColumnRange; readonly judge: ColumnRange };
  /** The columns q now is counted on, within the judged part (default: the judged part). */
  readonly now?: ColumnRange;
}

interface ColumnRange {
  readonly start: number;
  readonly end: number;
}

/** Columns `parts` of `m`, side by side, each scaled by `scale`. */
function columnsOf(
  m: RealizationMatrix,
  parts: readonly ColumnRange[],
  scale = 1,
): RealizationMatrix {
  const cols = parts.reduce((n, r) => n + r.end - r.start, 0);
  const data = new Float32Array(m.rows * cols);
  for (let i = 0; i < m.rows; i++) {
    let at = i * cols;
    for (const r of parts)
      for (let t = r.start; t < r.end; t++) data[at++] = m.data[i * m.cols + t] / scale;
  }
  return matrixFrom(m.rows, cols, data);
}

export interface NodeAssessment {
  readonly node: string;
  readonly cores: number;
  readonly tasks: string[];
  /** Judged instants whose total exceeds the cores, and their share of them (q over the range). */
  readonly overflows: number;
  readonly q: number;
  /** The share of the last instants (`PlacementInput.now`) whose total exceeds the cores. */
  readonly qNow: number;
  /** Mean, p95, p99 and peak of total / cores. */
  readonly mean: number;
  readonly p95: number;
  readonly p99: number;
  readonly peak: number;
  readonly overSlo: boolean;
}

export interface RepackAssessment {
  readonly fit: string;
  readonly machines: number;
  /** machines × reference cores. */
  readonly cores: number;
  readonly worstQ: number;
  readonly machinesOverSlo: number;
}

export interface PlacementAssessment {
  readonly instants: number;
  /** The instants q now is counted on. */
  readonly nowInstants: number;
  readonly referenceCores: number;
  readonly slo: number;
  readonly nodes: NodeAssessment[];
  readonly overSlo: string[];
  /** Total cores of the nodes as placed. */
  readonly cores: number;
  readonly repacks: RepackAssessment[];
}

/** The fit tests an assessment repacks with: the SLO-aware ones at ρ, and the paper's fixed ones. */
export function assessFits(slo: number): FitSpec[] {
  return [
    { kind: 'gpa', rho: slo },
    { kind: 'cf', rho: slo },
    { kind: 'emp', rho: slo },
    { kind: 'cantelli', b: 1.7 },
    { kind: 'perc', p: 99 },
    { kind: 'perc', p: 95 },
    { kind: 'max' },
  ];
}

/** The value at quantile p of sorted `a` (nearest rank, as the percentile fit test reads it). */
function quantile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** The time-aligned total of each node: the sum of its tasks' rows, instant by instant. */
export function nodeTotals(
  nodes: readonly string[],
  usage: RealizationMatrix,
): Map<string, { rows: number[]; total: Float64Array }> {
  const out = new Map<string, { rows: number[]; total: Float64Array }>();
  const T = usage.cols;
  nodes.forEach((node, i) => {
    let e = out.get(node);
    if (!e) out.set(node, (e = { rows: [], total: new Float64Array(T) }));
    e.rows.push(i);
    const row = usage.data.subarray(i * T, (i + 1) * T);
    for (let t = 0; t < T; t++) e.total[t] += row[t];
  });
  return out;
}

function assessNode(
  node: string,
  cores: number,
  tasks: string[],
  total: Float64Array,
  slo: number,
  nowFrom: number,
): NodeAssessment {
  let overflows = 0;
  let overflowsNow = 0;
  let sum = 0;
  const util = new Float64Array(total.length);
  for (let t = 0; t < total.length; t++) {
    if (total[t] > cores) {
      overflows++;
      if (t >= nowFrom) overflowsNow++;
    }
    util[t] = total[t] / cores;
    sum += util[t];
  }
  util.sort();
  const q = total.length ? overflows / total.length : 0;
  return {
    node,
    cores,
    tasks,
    overflows,
    q,
    qNow: total.length > nowFrom ? overflowsNow / (total.length - nowFrom) : 0,
    mean: total.length ? sum / total.length : 0,
    p95: quantile(util, 0.95),
    p99: quantile(util, 0.99),
    peak: util.length ? util[util.length - 1] : NaN,
    overSlo: q > slo,
  };
}

export function assessPlacement(input: PlacementInput): PlacementAssessment {
  const { usage, referenceCores: ref } = input;
  if (input.ids.length !== usage.rows || input.nodes.length !== usage.rows)
    throw new RangeError(`${usage.rows} series but ${input.nodes.length} node names`);
  if (!(ref > 0)) throw new RangeError(`invalid reference cores: ${ref}`);
  const all = { start: 0, end: usage.cols };
  const learn = input.parts?.learn ?? all;
  const judge = input.parts?.judge ?? all;
  if (!(learn.end > learn.start && judge.end > judge.start && judge.end <= usage.cols))
    throw new RangeError(`empty or out-of-range learned or judged part of ${usage.cols} instants`);
  const now = input.now ?? judge;
  if (!(now.start >= judge.start && now.end === judge.end && now.start < now.end))
    throw new RangeError(`the columns of q now are not the judged part's last ones`);
  const judged = columnsOf(usage, [judge]);
  const totals = nodeTotals(input.nodes, judged);
  const nodes = [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([node, e]) =>
      assessNode(
        node,
        input.nodeCores[node] ?? ref,
        e.rows.map((i) => input.ids[i]),
        e.total,
        input.slo,
        now.start - judge.start,
      ),
    );
  // Repacking: the same usage in machines of the reference size (c = 1), learned on the learned
  // columns and judged on the judged ones (κ the learned share, the columns laid learned first).
  const outOfSample = input.parts !== undefined;
  const repackUsage = columnsOf(usage, outOfSample ? [learn, judge] : [all], ref);
  const clairvoyance = outOfSample ? (learn.end - learn.start) / repackUsage.cols : 1;
  const stats = new WorkloadStats({ inst: repackUsage, avg: null });
  const rows = identityRows(usage.rows);
  const repacks = input.fits.map((fit): RepackAssessment => {
    const r = runPacking(stats, rows, {
      packer: input.packer ?? 'bf',
      fit,
      capacity: 1,
      clairvoyance,
      source: 'inst',
      rebalance: 0,
    });
    const worstQ = r.machines.reduce((m, mc) => Math.max(m, mc.q), 0);
    return {
      fit: formatFit(fit),
      machines: r.machines.length,
      cores: r.machines.length * ref,
      worstQ,
      machinesOverSlo: r.machines.filter((mc) => mc.q > input.slo).length,
    };
  });
  return {
    instants: judged.cols,
    nowInstants: now.end - now.start,
    referenceCores: ref,
    slo: input.slo,
    nodes,
    overSlo: nodes.filter((n) => n.overSlo).map((n) => n.node),
    cores: nodes.reduce((a, n) => a + n.cores, 0),
    repacks,
  };
}
