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
  // Past k = a the terms only shrink: once b underflows to 0 it stays 0.
  for (let k = 1; k <= servers && b > 0; k++) b = (offeredLoad * b) / (k + offeredLoad * b);
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

/**
 * The largest offered load λ/μ `minContainers` takes: an Erlang C evaluation costs O(λ/μ), and the
 * search below makes O(log N) of them, so a million keeps the answer well under a second.
 */
const MAX_OFFERED_LOAD = 1e6;
/** The most containers `minContainers` answers with; a class needing more is refused. */
const MAX_CONTAINERS = 1e9;

/**
 * The smallest N with ρ < 1 and d(N) ≤ d̄ (harmony-notes.md §2 C). d(N) decreases in N above λ/μ,
 * so the search doubles the step from ⌊λ/μ⌋ + 1 until d(N) ≤ d̄, then bisects: the same N as a
 * count upwards, in O(log N) evaluations. Loads above `MAX_OFFERED_LOAD`, and answers above
 * `MAX_CONTAINERS`, are refused with a RangeError.
 */
export function minContainers(
  lambda: number,
  mu: number,
  cv2: number,
  targetDelay: number,
): number {
  checkQueue(lambda, mu, cv2);
  if (!(targetDelay > 0 && Number.isFinite(targetDelay)))
    throw new RangeError(`invalid target delay d̄: ${targetDelay} (need d̄ > 0)`);
  const load = lambda / mu;
  if (!(load <= MAX_OFFERED_LOAD))
    throw new RangeError(
      `offered load λ/μ = ${load} is above ${MAX_OFFERED_LOAD} containers' worth (the largest this computes)`,
    );
  const fits = (n: number) => allenCunneenDelay(n, lambda, mu, cv2) <= targetDelay;
  let below = Math.floor(load);
  let step = 1;
  let above = below + step;
  while (!fits(above)) {
    below = above;
    step *= 2;
    above = below + step;
    if (above > MAX_CONTAINERS)
      throw new RangeError(
        `more than ${MAX_CONTAINERS} containers would be needed for delay ${targetDelay} (λ ${lambda}, μ ${mu})`,
      );
  }
  while (above - below > 1) {
    const mid = Math.floor((below + above) / 2);
    if (fits(mid)) above = mid;
    else below = mid;
  }
  return above;
}
