/**
 * conv(ρ, w): the exact convolution test. Formula: each task's observed values, rounded to the
 * nearest multiple of the bin width w, give a histogram h_i; a machine's total has the pmf
 * h_1 ∗ h_2 ∗ … (independent tasks; direct convolution, truncated above B = ⌊c/w⌋ with the mass
 * beyond kept exactly); P = P(S + X > B) = Σ_b h(b)·P(S > B − b), slack = ρ − P. On data that lie on
 * the w-grid (PlanetLab percent × scale, w = scale/100) this is exact, without Monte Carlo noise.
 */
import type { TaskHistogram } from '../stats/taskStats.ts';
import type { FitCode } from './entry.ts';
import { checkRho } from './entries/gpa.ts';
import { stateOnlySlack, type FitTest, type MachineState, type MachineSums } from './fitTest.ts';
import { MAX_BINS, checkBin } from './entries/convolution.ts';

/** B = ⌊c/w⌋: the largest total, in bins, that does not overflow c. */
export function capacityBins(capacity: number, bin: number): number {
  checkBin(bin);
  const B = Math.floor(capacity / bin + 1e-9);
  if (B > MAX_BINS)
    throw new RangeError(
      `invalid bin width: ${bin} (c/w = ${B} bins; at most ${MAX_BINS}, use a wider bin)`,
    );
  return B;
}

/**
 * The distribution of one machine's total, in bins 0..B: `pmf[s]` = P(S = s) and
 * `tail[s]` = P(S > s); `tail[B]` is the overflow probability, accumulated as a sum of positive terms
 * so that it keeps its relative precision far below 1/|E|.
 */
export class MachineDistribution {
  readonly pmf: Float64Array;
  readonly tail: Float64Array;
  private readonly next: Float64Array;

  constructor(readonly bins: number) {
    this.pmf = new Float64Array(bins + 1);
    this.tail = new Float64Array(bins + 1);
    this.next = new Float64Array(bins + 1);
    this.clear();
  }

  /** An empty machine: S = 0. */
  clear(): void {
    this.pmf.fill(0);
    this.pmf[0] = 1;
    this.tail.fill(0);
  }

  get overflow(): number {
    return this.tail[this.bins];
  }

  /** P(S + X > B) for a task X with histogram h. */
  overflowWith(h: TaskHistogram): number {
    const B = this.bins;
    const { lo, pmf } = h;
    let p = 0;
    for (let k = 0; k < pmf.length; k++) {
      const s = B - (lo + k);
      p += pmf[k] * (s >= 0 ? this.tail[s] : 1);
    }
    return p;
  }

  /**
   * S ← S + X. Each new pmf[s] = Σ_a pmf[a]·h[s − lo − a], its terms added in order of a ascending
   * (direct convolution's row-by-row order), so the bits are those of direct convolution. Here the
   * sum runs over the non-zero bins of h (about half of a PlanetLab task's range; zero terms add
   * nothing), k descending, i.e. a ascending, four bins per pass over the output; only pmf's
   * non-zero range [first, top] is read.
   */
  add(h: TaskHistogram): void {
    const B = this.bins;
    const { bins: nz, values } = nonZeroBins(h);
    const over = this.overflowWith(h);
    const cur = this.pmf;
    const out = this.next;
    let first = 0;
    while (cur[first] === 0 && first < B) first++;
    let top = B;
    while (cur[top] === 0 && top > first) top--;
    out.fill(0);
    let i = nz.length - 1;
    for (; i >= 3; i -= 4) {
      // Bins k0 > k1 > k2 > k3: pmf[a] lands on s = a + shift, for a in [first, top], s in [0, B].
      const sh0 = h.lo + nz[i];
      const sh1 = h.lo + nz[i - 1];
      const sh2 = h.lo + nz[i - 2];
      const sh3 = h.lo + nz[i - 3];
      const v0 = values[i];
      const v1 = values[i - 1];
      const v2 = values[i - 2];
      const v3 = values[i - 3];
      const from = Math.max(0, first + sh3);
      const to = Math.min(B, top + sh0);
      // Where all four land: s − sh0 ≥ first and s − sh3 ≤ top.
      const fullFrom = Math.max(from, first + sh0);
      const fullTo = Math.min(to, top + sh3);
      if (fullFrom > fullTo) {
        // No bin where all four land: bin by bin, each of the four in turn.
        for (let j = 0; j < 4; j++)
          axpy(out, cur, h.lo + nz[i - j], values[i - j], from, to, first, top);
        continue;
      }
      // The edges where only some land, each of the four in turn (a ascending per bin), then the middle.
      for (let j = 0; j < 4; j++) {
        const shift = h.lo + nz[i - j];
        axpy(out, cur, shift, values[i - j], from, fullFrom - 1, first, top);
      }
      for (let s = fullFrom; s <= fullTo; s++) {
        let x = out[s];
        x += cur[s - sh0] * v0;
        x += cur[s - sh1] * v1;
        x += cur[s - sh2] * v2;
        x += cur[s - sh3] * v3;
        out[s] = x;
      }
      for (let j = 0; j < 4; j++) {
        const shift = h.lo + nz[i - j];
        axpy(out, cur, shift, values[i - j], fullTo + 1, to, first, top);
      }
    }
    for (; i >= 0; i--) axpy(out, cur, h.lo + nz[i], values[i], 0, B, first, top);
    cur.set(out);
    this.tail[B] = over;
    for (let s = B - 1; s >= 0; s--) this.tail[s] = this.tail[s + 1] + cur[s + 1];
  }
}

/** out[s] += cur[s − shift]·v for s in [from, to] where s − shift lies in [first, top]. */
function axpy(
  out: Float64Array,
  cur: Float64Array,
  shift: number,
  v: number,
  from: number,
  to: number,
  first: number,
  top: number,
): void {
  const end = Math.min(to, top + shift);
  for (let s = Math.max(from, first + shift); s <= end; s++) out[s] += cur[s - shift] * v;
}

const nonZeroCache = new WeakMap<TaskHistogram, { bins: Int32Array; values: Float64Array }>();

/** The bins k where h.pmf[k] ≠ 0, ascending, and their values (cached per histogram). */
function nonZeroBins(h: TaskHistogram): { bins: Int32Array; values: Float64Array } {
  let sparse = nonZeroCache.get(h);
  if (!sparse) {
    const list: number[] = [];
    for (let k = 0; k < h.pmf.length; k++) if (h.pmf[k] !== 0) list.push(k);
    const bins = Int32Array.from(list);
    sparse = { bins, values: Float64Array.from(bins, (k) => h.pmf[k]) };
    nonZeroCache.set(h, sparse);
  }
  return sparse;
}

function convolution(rho: number, bin: number): FitTest {
  checkRho(rho);
  checkBin(bin);
  return {
    spec: { kind: 'conv', rho, bin },
    usesVariance: false,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      const n = rows.length;
      const size = new Float64Array(n);
      for (let k = 0; k < n; k++) size[k] = stats.mean[rows[k]];
      const hist = Array.from(rows, (r) => stats.histogram(r, bin));
      const machineState = (_sums: MachineSums, capacity: number): MachineState => {
        const B = capacityBins(capacity, bin);
        const dist: MachineDistribution[] = [];
        const empty = new MachineDistribution(B);
        return {
          open(j, t) {
            dist[j] = new MachineDistribution(B);
            dist[j].add(hist[t]);
          },
          add(j, t) {
            dist[j].add(hist[t]);
          },
          remove(j, _t, remaining) {
            dist[j].clear();
            for (const r of remaining) dist[j].add(hist[r]);
          },
          slack: (j, t) => rho - (j < 0 ? empty : dist[j]).overflowWith(hist[t]),
        };
      };
      return { size, variance: new Float64Array(n), machineState };
    },
    slack: stateOnlySlack('conv'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    conv: { readonly kind: 'conv'; readonly rho: number; readonly bin: number };
  }
}

export const CONV_CODE: FitCode = { kind: 'conv', create: ([rho, bin]) => convolution(rho, bin) };
