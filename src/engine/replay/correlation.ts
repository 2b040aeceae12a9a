/**
 * Correlation measured on a time-aligned matrix (column t one instant for every task).
 * - Per machine: var(total) / Σ var(task), population variances over the columns. 1 when the
 *   tasks are uncorrelated; above 1 when they move together (the Gaussian of GPA, which adds
 *   variances, then underestimates the machine's spread by its square root).
 * - Per dataset: Pearson correlations of task pairs, every pair up to `maxPairs`, else that many
 *   pairs drawn uniformly (seeded, stream 'analysis'); a constant task has no correlation and its
 *   pairs are left out (counted). With groups (a Google job, a Prometheus namespace), the pairs
 *   within a group and across groups are summarised apart.
 */
import type { RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';

export interface Distribution {
  readonly pairs: number;
  readonly mean: number;
  /** Quantiles 5, 25, 50, 75, 95 %. */
  readonly quantiles: readonly number[];
}

export interface CorrelationSummary {
  readonly tasks: number;
  readonly columns: number;
  /** Pairs of the dataset, and whether they were sampled. */
  readonly totalPairs: number;
  readonly sampled: boolean;
  readonly constantTasks: number;
  readonly all: Distribution;
  readonly withinGroups: Distribution | null;
  readonly acrossGroups: Distribution | null;
  readonly groups: number;
}

/** Centred rows scaled to unit norm (zero rows for constant tasks): a dot product is Pearson's r. */
export function standardizedRows(m: RealizationMatrix, start = 0, end = m.cols): Float64Array[] {
  const width = end - start;
  return Array.from({ length: m.rows }, (_, i) => {
    const base = i * m.cols + start;
    let mean = 0;
    for (let t = 0; t < width; t++) mean += m.data[base + t];
    mean /= width;
    const out = new Float64Array(width);
    let ss = 0;
    for (let t = 0; t < width; t++) {
      out[t] = m.data[base + t] - mean;
      ss += out[t] * out[t];
    }
    const norm = Math.sqrt(ss);
    if (norm > 0) for (let t = 0; t < width; t++) out[t] /= norm;
    else out.fill(0);
    return out;
  });
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let t = 0; t < a.length; t++) s += a[t] * b[t];
  return s;
}

function distribution(values: number[]): Distribution {
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => {
    if (s.length === 0) return NaN;
    const h = (s.length - 1) * p;
    const lo = Math.floor(h);
    return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
  };
  return {
    pairs: s.length,
    mean: s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN,
    quantiles: [0.05, 0.25, 0.5, 0.75, 0.95].map(q),
  };
}

/** The pairwise correlation distribution of `m`'s tasks (see the file's comment). */
export function pairwiseCorrelation(
  m: RealizationMatrix,
  options: { groups?: ArrayLike<number> | null; maxPairs?: number; seed?: number } = {},
): CorrelationSummary {
  const n = m.rows;
  const maxPairs = options.maxPairs ?? 200_000;
  const rows = standardizedRows(m);
  const constant = rows.map((r) => r.every((v) => v === 0));
  const totalPairs = (n * (n - 1)) / 2;
  const sampled = totalPairs > maxPairs;
  const groups = options.groups ?? null;
  const all: number[] = [];
  const within: number[] = [];
  const across: number[] = [];
  const take = (i: number, j: number) => {
    if (constant[i] || constant[j]) return;
    const r = dot(rows[i], rows[j]);
    all.push(r);
    if (groups) (groups[i] === groups[j] ? within : across).push(r);
  };
  if (!sampled) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) take(i, j);
  } else {
    const rng = Rng.stream(options.seed ?? 1, 'analysis', 0x636f72);
    for (let k = 0; k < maxPairs; k++) {
      const i = rng.nextInt(n);
      let j = rng.nextInt(n - 1);
      if (j >= i) j++;
      take(i, j);
    }
  }
  return {
    tasks: n,
    columns: m.cols,
    totalPairs,
    sampled,
    constantTasks: constant.filter(Boolean).length,
    all: distribution(all),
    withinGroups: groups ? distribution(within) : null,
    acrossGroups: groups ? distribution(across) : null,
    groups: groups ? new Set(Array.from(groups)).size : 0,
  };
}

/** var(Σ tasks) / Σ var(task) over columns [start, end) for one machine (NaN: all constant). */
export function varianceRatio(
  m: RealizationMatrix,
  rows: ArrayLike<number>,
  start = 0,
  end = m.cols,
): number {
  const width = end - start;
  const total = new Float64Array(width);
  let sumVar = 0;
  for (let k = 0; k < rows.length; k++) {
    const base = rows[k] * m.cols + start;
    let mean = 0;
    for (let t = 0; t < width; t++) {
      total[t] += m.data[base + t];
      mean += m.data[base + t];
    }
    mean /= width;
    let ss = 0;
    for (let t = 0; t < width; t++) ss += (m.data[base + t] - mean) ** 2;
    sumVar += ss / width;
  }
  let mean = 0;
  for (let t = 0; t < width; t++) mean += total[t];
  mean /= width;
  let ss = 0;
  for (let t = 0; t < width; t++) ss += (total[t] - mean) ** 2;
  return sumVar > 0 ? ss / width / sumVar : NaN;
}

/**
 * Group numbers from task ids: `job` takes what precedes the first ':' (a Google task "job:index"),
 * `label:NAME` the value of NAME in Prometheus-style ids "k=v,k=v", and `auto` the first of these
 * that names more than one group and fewer groups than tasks (null: the ids name none).
 */
export function groupsFromIds(ids: readonly string[], rule = 'auto'): Int32Array | null {
  const number = (keys: (string | null)[]): Int32Array | null => {
    if (keys.some((k) => k === null)) return null;
    const index = new Map<string, number>();
    return Int32Array.from(keys, (k) => {
      let g = index.get(k!);
      if (g === undefined) index.set(k!, (g = index.size));
      return g;
    });
  };
  const job = () =>
    number(ids.map((id) => (/^[^:]+:/.test(id) ? id.slice(0, id.indexOf(':')) : null)));
  const label = (name: string) =>
    number(
      ids.map((id) => {
        const m = new RegExp(`(?:^|,)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^,]*)`).exec(
          id,
        );
        return m ? m[1] : null;
      }),
    );
  if (rule === 'job') return job();
  if (rule.startsWith('label:')) return label(rule.slice(6));
  if (rule !== 'auto')
    throw new RangeError(`invalid group rule "${rule}" (expected auto, job or label:NAME)`);
  for (const g of [job(), label('namespace'), label('deployment'), label('node'), label('app')]) {
    if (!g) continue;
    const count = new Set(g).size;
    if (count > 1 && count < ids.length) return g;
  }
  return null;
}
