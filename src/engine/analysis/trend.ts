/** Per-task moments and least-squares trend lines (GPA paper §3.3, Figs. 2–3). */

export interface TrendLine {
  readonly slope: number;
  readonly intercept: number;
  /** Coefficient of determination. */
  readonly r2: number;
  readonly points: number;
}

/** Ordinary least squares y ≈ slope·x + intercept over the pairs where both are finite. */
export function trendLine(x: ArrayLike<number>, y: ArrayLike<number>): TrendLine {
  if (x.length !== y.length)
    throw new RangeError(`trend line of ${x.length} x and ${y.length} y values`);
  let n = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) continue;
    n++;
    mx += (x[i] - mx) / n;
    my += (y[i] - my) / n;
  }
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) continue;
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const slope = sxx > 0 ? sxy / sxx : NaN;
  return {
    slope,
    intercept: my - slope * mx,
    r2: sxx > 0 && syy > 0 ? (sxy * sxy) / (sxx * syy) : NaN,
    points: n,
  };
}

/** Mean and population standard deviation of each series (SPEC §4 over all samples). */
export function seriesMoments(series: readonly ArrayLike<number>[]): {
  mean: Float64Array;
  sd: Float64Array;
} {
  const mean = new Float64Array(series.length);
  const sd = new Float64Array(series.length);
  series.forEach((s, i) => {
    const n = s.length;
    let m = 0;
    for (let t = 0; t < n; t++) m += s[t];
    m /= n;
    let v = 0;
    for (let t = 0; t < n; t++) v += (s[t] - m) * (s[t] - m);
    mean[i] = m;
    sd[i] = Math.sqrt(v / n);
  });
  return { mean, sd };
}
