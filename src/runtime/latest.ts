/**
 * Latest wins, for slider-driven runs: each call aborts the one before it (which then rejects with
 * the runner's CancelledError), so only the newest parameters are computed and shown.
 */
interface LatestWins<A extends unknown[], T> {
  (...args: A): Promise<T>;
  /** Aborts the call in flight, if any. */
  cancel(): void;
}

export function latestWins<A extends unknown[], T>(
  run: (signal: AbortSignal, ...args: A) => Promise<T>,
): LatestWins<A, T> {
  let current: AbortController | null = null;
  const call = (...args: A): Promise<T> => {
    current?.abort();
    const mine = new AbortController();
    current = mine;
    return run(mine.signal, ...args).finally(() => {
      if (current === mine) current = null;
    });
  };
  return Object.assign(call, { cancel: () => current?.abort() });
}
