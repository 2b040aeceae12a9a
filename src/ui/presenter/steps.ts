/**
 * Presenter mode's steps: links of this page, in order, kept in the tab's session storage (they
 * outlive the app's own rewrites of the address) and read like any input: a line that is not a
 * link of this page is left out and counted. The default sequence walks a 50-minute class: the
 * first screen, the lessons that carry it, and the trade-off.
 */

/** The steps of a class when the presenter has given none. */
export const DEFAULT_STEPS: readonly string[] = [
  '?',
  '?view=learn&lesson=1',
  '?view=learn&lesson=4',
  '?view=learn&lesson=7',
  '?view=learn&lesson=9',
  '?view=tradeoff',
];

/** The query of a step (a whole link of this page, or its "?…" part), or null. */
export function stepQuery(line: string, origin: string, path: string): string | null {
  const text = line.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text, `${origin}${path}`);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname !== path) return null;
  return `?${url.searchParams.toString()}${url.hash}`;
}

/** The steps in `text` (one a line) and how many lines were left out. */
export function readSteps(
  text: string,
  origin: string,
  path: string,
): { steps: string[]; skipped: number } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const steps = lines.flatMap((l) => {
    const q = stepQuery(l, origin, path);
    return q === null ? [] : [q];
  });
  return { steps, skipped: lines.length - steps.length };
}

/** The step `by` away from `at` (−1, +1), kept within the sequence. */
export function stepFrom(at: number, by: number, count: number): number {
  return Math.max(0, Math.min(count - 1, at + by));
}

/**
 * The step the page is on: the step whose every parameter the address holds (the app adds its own
 * around a lesson's or a view's), the one naming the most if several do; null if none. A page
 * opened by a step's link, or moved by Back, is so on that step, not on the step last stored.
 */
export function stepOfAddress(steps: readonly string[], search: string): number | null {
  const here = new URLSearchParams(search);
  let best: number | null = null;
  let named = -1;
  steps.forEach((step, i) => {
    const params = [...new URLSearchParams(step.split('#')[0])];
    if (params.some(([k, v]) => here.get(k) !== v) || params.length <= named) return;
    best = i;
    named = params.length;
  });
  return best;
}

/** The link a phone opens for what the page shows now: its address, without presenter mode. */
export function phoneLink(origin: string, path: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete('present');
  const query = params.toString();
  return `${origin}${path}${query ? `?${query}` : ''}${hash}`;
}
