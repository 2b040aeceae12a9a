/**
 * How the tuner picks the values it cross-validates. Both searches choose from the same candidate
 * set: each family's coarse grid, then per refinement round `refinePoints` values between the two
 * values that bracket each target's boundary. The exhaustive search cross-validates every candidate
 * of every round. The smart search cross-validates only the candidates a bisection needs: it takes
 * the CV upper bound as non-increasing from aggressive to conservative (machines and q move
 * monotonically with ρ, b, f, p), so that the boundary of a target (the most aggressive value that,
 * with every more conservative one, meets it) lies just after the most conservative value known to
 * fail and at the first value known to meet it beyond that one. Evaluated values are shared by all
 * targets (a value failing 0.01 fails 0.001: the second target starts from the first one's
 * bracket), and the refinement rounds are replayed on the same candidates as the exhaustive search.
 *
 * Where the bound is not monotone (noise between close values), three rules keep the exhaustive
 * choice: the boundary moves past every evaluated value that fails (the exhaustive rule applied to
 * what was evaluated); `verify` candidates past each tight bracket are evaluated; and once the
 * evaluated values cross the trend for a target, every candidate after its most conservative
 * failure is evaluated, as the exhaustive search does. A failing value the bisection skipped
 * farther out can still make the two searches differ (seen only at 2 instances × 80 tasks; the
 * tests check equality at 6 instances, the benchmark at 4 and 20). Ties need no special case:
 * "meets" is upper ≤ q* in both.
 */
/** Candidates checked beyond each bracket the bisection finds. */
const DEFAULT_VERIFY = 2;

import { between, byConservativeness, type FitFamily } from './families.ts';
import {
  coarseGrid,
  firstBatch,
  type CvChunk,
  type CvJob,
  type CvPoint,
  type TuneSpec,
} from './tuneSpec.ts';

/** Index of the most aggressive point that, with every more conservative one, meets q*. */
export function boundary(points: readonly { readonly upper: number }[], target: number): number {
  let i = points.length;
  while (i > 0 && points[i - 1].upper <= target) i--;
  return i;
}

/** The candidates of the next round: `candidates` plus the values between each bracket. */
function refined(
  spec: TuneSpec,
  family: FitFamily,
  candidates: readonly number[],
  boundaries: readonly number[],
): number[] {
  const have = new Set(candidates);
  const fresh = new Set<number>();
  for (const i of boundaries) {
    if (i === 0 || i === candidates.length) continue;
    for (const v of between(family, candidates[i - 1], candidates[i], spec.refinePoints))
      if (!have.has(v)) fresh.add(v);
  }
  return fresh.size ? byConservativeness(family, [...candidates, ...fresh]) : [...candidates];
}

/** Every candidate of every round, cross-validated round by round (the reference search). */
function exhaustiveJobs(
  spec: TuneSpec,
  round: number,
  points: (family: FitFamily) => CvPoint[],
): [FitFamily, number[]][] {
  return spec.families.map((family) => {
    if (round === 0) return [family, coarseGrid(spec, family)];
    const evaluated = points(family);
    const values = evaluated.map((p) => p.value);
    const next = refined(
      spec,
      family,
      values,
      spec.targets.map((t) => boundary(evaluated, t)),
    );
    const have = new Set(values);
    return [family, next.filter((v) => !have.has(v))];
  });
}

/**
 * Where a target's boundary lies among `candidates`, given the evaluated ones: a boundary index, or
 * the candidates to evaluate next. The bracket is (most conservative known failure, first known
 * value after it); while it holds unevaluated candidates, its middle is next (bisection); once it
 * is tight, the `verify` candidates after it are evaluated too, so that a failure there (a dip of
 * the bound against the monotone trend) moves the bracket as the exhaustive rule would. Once the
 * evaluated values themselves cross the trend (one meets q*, a more conservative one fails), the
 * target is settled as the exhaustive search settles it: every candidate after the most
 * conservative failure is evaluated.
 */
function locate(
  candidates: readonly number[],
  upper: ReadonlyMap<number, number>,
  target: number,
  verify: number,
): { boundary: number } | { next: number[] } {
  let fail = -1;
  let firstMet = candidates.length;
  for (let i = 0; i < candidates.length; i++) {
    const u = upper.get(candidates[i]);
    if (u === undefined) continue;
    if (u > target) fail = i;
    else firstMet = Math.min(firstMet, i);
  }
  const unknownAfter = (from: number, to: number) =>
    candidates.slice(from, to).filter((v) => !upper.has(v));
  if (firstMet < fail) {
    const rest = unknownAfter(fail + 1, candidates.length);
    return rest.length ? { next: rest } : { boundary: fail + 1 };
  }
  let meet = candidates.length;
  for (let i = fail + 1; i < candidates.length && meet === candidates.length; i++)
    if (upper.has(candidates[i])) meet = i;
  if (meet - fail > 1) return { next: [candidates[(fail + meet) >> 1]] };
  const unchecked = unknownAfter(meet + 1, meet + 1 + verify);
  return unchecked.length ? { next: unchecked } : { boundary: meet };
}

/** The values the smart search needs next for one family ([] once every round is settled). */
export function smartValues(
  spec: TuneSpec,
  family: FitFamily,
  points: readonly CvPoint[],
): number[] {
  const upper = new Map(points.map((p) => [p.value, p.upper]));
  let candidates = coarseGrid(spec, family);
  for (let round = 0; ; round++) {
    const next = new Set<number>();
    const boundaries: number[] = [];
    for (const target of spec.targets) {
      const where = locate(candidates, upper, target, spec.verify ?? DEFAULT_VERIFY);
      if ('next' in where) where.next.forEach((v) => next.add(v));
      else boundaries.push(where.boundary);
    }
    if (next.size) return byConservativeness(family, next);
    if (round === spec.refineRounds) return [];
    candidates = refined(spec, family, candidates, boundaries);
  }
}

/** Instances each value of a family has run on so far. */
function instancesRun(done: readonly CvChunk[], family: FitFamily): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const c of done) {
    if (c.family !== family) continue;
    for (const r of c.runs) {
      let set = out.get(r.value);
      if (!set) out.set(r.value, (set = new Set()));
      set.add(c.instance);
    }
  }
  return out;
}

/**
 * The next CV jobs of either search, given the chunks so far ([] when tuning has all it needs).
 * Smart search with early stopping: a new value runs on the first `firstBatch` instances, then the
 * step's values that did not fail every target there run on the rest before the search moves on,
 * so that it takes the same path as without stopping (a stopped value is a certain failure). The
 * most conservative candidate (the one reported when nothing meets q*) always runs on all.
 */
export function searchJobs(
  spec: TuneSpec,
  done: readonly CvChunk[],
  points: (family: FitFamily) => CvPoint[],
): CvJob[] {
  const round = done.reduce((r, c) => Math.max(r, c.round + 1), 0);
  const K = spec.instances;
  const all = Array.from({ length: K }, (_, i) => i);
  const perFamily: [FitFamily, number, number[]][] = [];
  if ((spec.search ?? 'smart') === 'exhaustive') {
    if (round > spec.refineRounds) return [];
    for (const [family, values] of exhaustiveJobs(spec, round, points))
      for (const value of values) perFamily.push([family, value, all]);
  } else {
    // Values run on some instances, neither complete nor stopped, finish first.
    for (const family of spec.families) {
      const known = new Set(points(family).map((p) => p.value));
      for (const [value, ran] of instancesRun(done, family))
        if (!known.has(value)) perFamily.push([family, value, all.filter((i) => !ran.has(i))]);
    }
    if (perFamily.length === 0) {
      const batch = all.slice(0, firstBatch(spec));
      for (const family of spec.families) {
        const last = coarseGrid(spec, family).at(-1);
        for (const value of smartValues(spec, family, points(family)))
          perFamily.push([family, value, value === last ? all : batch]);
      }
    }
  }
  const jobs: CvJob[] = [];
  for (const family of spec.families)
    for (let instance = 0; instance < K; instance++) {
      const values = perFamily
        .filter(([f, , on]) => f === family && on.includes(instance))
        .map(([, v]) => v);
      if (values.length) jobs.push({ family, instance, round, values });
    }
  return jobs;
}
