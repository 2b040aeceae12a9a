/** One benchmark figure: a value, its unit, and the baseline measured in the same run. */
export interface BenchFigure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The same quantity for the baseline (e.g. NumPy), measured in the same run; null if none. */
  readonly baseline: number | null;
  /** value ÷ baseline, oriented so that > 1 means better than the baseline; null without one. */
  readonly ratio: number | null;
  readonly note?: string;
}

export interface BenchSuite {
  readonly name: string;
  readonly description: string;
  run(): Promise<BenchFigure[]>;
}

/** Median of repeated timings in milliseconds, after one warm-up call. */
export async function medianMs(f: () => unknown | Promise<unknown>, repeats = 5): Promise<number> {
  await f();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
