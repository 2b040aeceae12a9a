/** Histogram bins with density (so that a probability density can be drawn over them). */
interface Bin {
  readonly x0: number;
  readonly x1: number;
  readonly count: number;
  readonly density: number;
}

export function histogram(
  values: ArrayLike<number>,
  bins: number,
  lo?: number,
  hi?: number,
): Bin[] {
  if (!(Number.isInteger(bins) && bins >= 1)) throw new RangeError(`invalid bin count: ${bins}`);
  const n = values.length;
  if (n === 0) return [];
  let min = lo ?? Infinity;
  let max = hi ?? -Infinity;
  if (lo === undefined || hi === undefined)
    for (let i = 0; i < n; i++) {
      if (lo === undefined && values[i] < min) min = values[i];
      if (hi === undefined && values[i] > max) max = values[i];
    }
  if (max <= min) max = min + 1e-9;
  const width = (max - min) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v < min || v > max) continue;
    counts[Math.min(bins - 1, Math.floor((v - min) / width))]++;
  }
  return counts.map((count, b) => ({
    x0: min + b * width,
    x1: min + (b + 1) * width,
    count,
    density: count / (n * width),
  }));
}

/** Empirical P(X > x) at each distinct sorted value (down to 1/n), for a log-scale survival plot. */
export function survival(values: ArrayLike<number>): { x: number; p: number }[] {
  const s = Float64Array.from(values).sort();
  const n = s.length;
  const out: { x: number; p: number }[] = [];
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && s[i + 1] === s[i]) continue;
    const above = n - 1 - i;
    if (above > 0) out.push({ x: s[i], p: above / n });
  }
  return out;
}
