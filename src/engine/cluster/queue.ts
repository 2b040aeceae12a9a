/**
 * Containers per class (HARMONY §VI, harmony-notes.md §1.4; SPEC §14): M/G/N queue, Erlang C by the
 * stable Erlang-B recurrence, Allen–Cunneen delay d = π/(1−ρ) · (1+CV²)/2 · 1/(Nμ).
 */

/** Erlang C: the probability that an arrival waits, with `servers` servers and offered load a = λ/μ. */
export function erlangC(servers: number, offeredLoad: number): number {
  if (!(Number.isInteger(servers) && servers >= 1))
    throw new RangeError(`invalid server count: ${servers}`);
  if (!(offeredLoad >= 0 && Number.isFinite(offeredLoad)))
    throw new RangeError(`invalid offered load: ${offeredLoad}`);
  const rho = offeredLoad / servers;
  if (rho >= 1) return 1;
  let b = 1;
  for (let k = 1; k <= servers; k++) b = (offeredLoad * b) / (k + offeredLoad * b);
  return b / (1 - rho * (1 - b));
}

/** Allen–Cunneen mean waiting time (HARMONY Eq. 1); Infinity when ρ ≥ 1. */
export function allenCunneenDelay(
  servers: number,
  lambda: number,
  mu: number,
  cv2: number,
): number {
  checkQueue(lambda, mu, cv2);
  const rho = lambda / (servers * mu);
  if (rho >= 1) return Infinity;
  return (erlangC(servers, lambda / mu) / (1 - rho)) * ((1 + cv2) / 2) * (1 / (servers * mu));
}

function checkQueue(lambda: number, mu: number, cv2: number): void {
  if (!(lambda > 0 && Number.isFinite(lambda)))
    throw new RangeError(`invalid arrival rate λ: ${lambda} (need λ > 0)`);
  if (!(mu > 0 && Number.isFinite(mu)))
    throw new RangeError(`invalid service rate μ: ${mu} (need μ > 0)`);
  if (!(cv2 >= 0 && Number.isFinite(cv2)))
    throw new RangeError(`invalid CV²: ${cv2} (need CV² ≥ 0)`);
}

/** The smallest N with ρ < 1 and d(N) ≤ d̄ (harmony-notes.md §2 C). */
export function minContainers(
  lambda: number,
  mu: number,
  cv2: number,
  targetDelay: number,
): number {
  checkQueue(lambda, mu, cv2);
  if (!(targetDelay > 0 && Number.isFinite(targetDelay)))
    throw new RangeError(`invalid target delay d̄: ${targetDelay} (need d̄ > 0)`);
  let n = Math.floor(lambda / mu) + 1;
  while (allenCunneenDelay(n, lambda, mu, cv2) > targetDelay) n++;
  return n;
}
