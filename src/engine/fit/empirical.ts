/**
 * emp(ρ): the empirical sum test, i.e. direct Monte Carlo over the observed columns. Formula: with
 * S_j[t] the machine's summed observed realizations in column t ∈ O, the task fits iff
 * k/|O| ≤ ρ where k = #{t ∈ O : exceeds(S_j[t] + x[t], c)}; slack = ρ − k/|O|.
 */
import { capacityLimit } from '../capacity.ts';
import { checkRho } from './entries/gpa.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest, type MachineState, type MachineSums } from './fitTest.ts';
import { LEVELS, LEVEL_RATIO, allowedColumns } from './entries/empirical.ts';

/**
 * One machine's column totals over O, with its columns indexed by how close they are to c: a task
 * whose values are all ≤ θ_ℓ can only overflow columns of level ℓ, since elsewhere
 * fl(S + x) ≤ fl(S + θ_ℓ) ≤ c. With non-negative data totals only grow as tasks arrive, so a column
 * joins a level once and stays; counting a level's columns counts exactly. `order` holds the
 * columns by depth (levels joined), shallow to deep, so that level ℓ is the suffix from
 * `start[ℓ + 1]` and the columns over c are the last segment: every task overflows those (x ≥ 0),
 * and a count read backwards meets the likeliest overflows first.
 */
class ColumnTotals {
  readonly totals: Float64Array;
  /** Levels each column has joined so far, and θ of the next one (−∞ past the last). */
  private readonly depth: Uint8Array;
  private readonly nextTheta: Float64Array;
  readonly order: Int32Array;
  private readonly position: Int32Array;
  /** start[d]: where columns of depth ≥ d begin in `order` (start[levels + 1] = width). */
  readonly start: Int32Array;

  constructor(
    width: number,
    private readonly theta: Float64Array,
    private readonly capacity: number,
  ) {
    this.totals = new Float64Array(width);
    this.depth = new Uint8Array(width);
    this.nextTheta = new Float64Array(width);
    this.order = new Int32Array(width);
    this.position = new Int32Array(width);
    this.start = new Int32Array(theta.length + 2);
    this.clear();
  }

  clear(): void {
    const width = this.totals.length;
    this.totals.fill(0);
    this.depth.fill(0);
    this.nextTheta.fill(this.theta.length ? this.theta[0] : -Infinity);
    for (let col = 0; col < width; col++) this.order[col] = this.position[col] = col;
    this.start.fill(width);
    this.start[0] = 0;
    for (let col = 0; col < width; col++) this.deepen(col, 0);
  }

  add(data: Float32Array, base: number): void {
    const s = this.totals;
    const { nextTheta, capacity } = this;
    const width = s.length;
    for (let col = 0; col < width; col++) s[col] += data[base + col];
    for (let col = 0; col < width; col++)
      if (s[col] + nextTheta[col] > capacity) this.deepen(col, s[col]);
  }

  /** Moves a column down the levels it now belongs to, one segment of `order` at a time. */
  private deepen(col: number, v: number): void {
    const { theta, depth, capacity, order, position, start } = this;
    let d = depth[col];
    while (d < theta.length && v + theta[d] > capacity) {
      // Swap the column to the end of its segment, which then becomes the next segment's first.
      const last = --start[d + 1];
      const other = order[last];
      const at = position[col];
      order[at] = other;
      position[other] = at;
      order[last] = col;
      position[col] = last;
      d++;
    }
    depth[col] = d;
    this.nextTheta[col] = d < theta.length ? theta[d] : -Infinity;
  }
}

function empirical(rho: number): FitTest {
  checkRho(rho);
  return {
    spec: { kind: 'emp', rho },
    usesVariance: false,
    sizes(stats, rows) {
      const { min, max } = stats.ensureShape(rows);
      const n = rows.length;
      const size = new Float64Array(n);
      const taskMax = new Float64Array(n);
      let lowest = Infinity;
      let highest = -Infinity;
      for (let k = 0; k < n; k++) {
        const r = rows[k];
        size[k] = stats.mean[r];
        taskMax[k] = max[r];
        lowest = Math.min(lowest, min[r]);
        highest = Math.max(highest, max[r]);
      }
      const { data, cols } = stats.matrix;
      const width = stats.width;
      const base = Int32Array.from(rows, (r) => r * cols + stats.start);
      const allowed = allowedColumns(rho, width);
      const machineState = (_sums: MachineSums, c: number): MachineState => {
        const capacity = capacityLimit(c);
        // Negative values would let totals shrink: then (or for a task above c) scan every column.
        const every = !(lowest >= 0) || highest > capacity;
        const theta = Float64Array.from({ length: every ? 0 : LEVELS + 1 }, (_, l) =>
          l === LEVELS ? 0 : l === 0 ? highest : highest * LEVEL_RATIO ** l,
        );
        // The deepest level whose θ still bounds the task's values.
        const level = Int32Array.from(taskMax, (m) => {
          let l = 0;
          while (l + 1 < theta.length && theta[l + 1] >= m) l++;
          return l;
        });
        const machines: ColumnTotals[] = [];
        /** #{columns where the machine plus the task exceed c}, counted up to `stop` at most. */
        const overflowColumns = (j: number, t: number, stop: number): number => {
          const b0 = base[t];
          let count = 0;
          if (j < 0) {
            for (let col = 0; col < width && count < stop; col++)
              if (data[b0 + col] > capacity) count++;
          } else if (every) {
            const s = machines[j].totals;
            for (let col = 0; col < width && count < stop; col++)
              if (s[col] + data[b0 + col] > capacity) count++;
          } else {
            const m = machines[j];
            const s = m.totals;
            const order = m.order;
            const over = m.start[LEVELS + 1];
            count = width - over;
            for (let k = over - 1, end = m.start[level[t] + 1]; k >= end && count < stop; k--) {
              const col = order[k];
              if (s[col] + data[b0 + col] > capacity) count++;
            }
          }
          return count;
        };
        return {
          open(j, t) {
            machines[j] = new ColumnTotals(width, theta, capacity);
            machines[j].add(data, base[t]);
          },
          add(j, t) {
            machines[j].add(data, base[t]);
          },
          remove(j, _t, remaining) {
            machines[j].clear();
            for (const r of remaining) machines[j].add(data, base[r]);
          },
          slack: (j, t) => rho - overflowColumns(j, t, width) / width,
          quickSlack: (j, t) => rho - overflowColumns(j, t, allowed + 1) / width,
        };
      };
      return { size, variance: new Float64Array(n), machineState };
    },
    slack: stateOnlySlack('emp'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    emp: { readonly kind: 'emp'; readonly rho: number };
  }
}

export const EMP_CODE: FitCode = { kind: 'emp', create: ([rho]) => empirical(rho) };
