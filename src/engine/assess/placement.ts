/**
 * The cluster as it is, judged as a packing (SPEC §7's q on the time-aligned usage; SPEC is silent
 * on live placements, the choices are written here): each node is a machine holding the pods the
 * `node` label (or a pod→node map) puts on it; its total at instant t is the sum of its pods' usage
 * at t; its q now is the fraction of instants whose total exceeds the node's cores; its p95/p99
 * utilisation are percentiles of total / cores. A node is over the SLO when q > ρ. Beside it, what
 * each fit test would do with the same pods on machines of the reference size (the most common
 * node): machines used and the worst machine's q, measured on the same aligned instants (all
 * columns observed and evaluated: κ = 1, so the numbers are in-sample, as the placement's are).
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
}

export interface NodeAssessment {
  readonly node: string;
  readonly cores: number;
  readonly tasks: string[];
  /** Instants whose total exceeds the cores, and their share of all instants (q now). */
  readonly overflows: number;
  readonly q: number;
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
): NodeAssessment {
  let overflows = 0;
  let sum = 0;
  const util = new Float64Array(total.length);
  for (let t = 0; t < total.length; t++) {
    if (total[t] > cores) overflows++;
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
  const totals = nodeTotals(input.nodes, usage);
  const nodes = [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([node, e]) =>
      assessNode(
        node,
        input.nodeCores[node] ?? ref,
        e.rows.map((i) => input.ids[i]),
        e.total,
        input.slo,
      ),
    );
  // Repacking: the same usage in machines of the reference size (c = 1).
  const scaled = new Float32Array(usage.data.length);
  for (let k = 0; k < scaled.length; k++) scaled[k] = usage.data[k] / ref;
  const stats = new WorkloadStats({ inst: matrixFrom(usage.rows, usage.cols, scaled), avg: null });
  const rows = identityRows(usage.rows);
  const repacks = input.fits.map((fit): RepackAssessment => {
    const r = runPacking(stats, rows, {
      packer: input.packer ?? 'bf',
      fit,
      capacity: 1,
      clairvoyance: 1,
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
    instants: usage.cols,
    referenceCores: ref,
    slo: input.slo,
    nodes,
    overSlo: nodes.filter((n) => n.overSlo).map((n) => n.node),
    cores: nodes.reduce((a, n) => a + n.cores, 0),
    repacks,
  };
}
