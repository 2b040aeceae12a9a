/** Runs an allocation of `bytes`, turning the platform's failure into a message that says how much. */
export function allocate<T>(bytes: number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new Error(
      `cannot allocate ${(bytes / 2 ** 20).toFixed(0)} MiB for the realization matrices (${(e as Error).message}); try fewer tasks or realizations`,
      { cause: e },
    );
  }
}
