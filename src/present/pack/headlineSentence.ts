/**
 * The sentence under Pack's headline: what the fit test promised, what it gets on these data, and
 * why, in words, for a newcomer who reads the numbers for the first time.
 *
 * A q is said to miss (or beat) the promise only when it lies more than two binomial standard
 * errors from ρ over the samples it was measured on (machines × columns), so a difference the
 * sampling could make by itself is called "about" the promise. The reason given for a miss follows
 * what can be known from the numbers alone: a Gaussian test missing on independent draws (where
 * its mean and variance are the tasks' own when κ = 1) is missed by the shape of the tail, which
 * the machine's tail plot shows; a replay in time further above the draws is the tasks moving
 * together.
 */
import { formatFixed } from '../format.ts';

export interface HeadlineFacts {
  /** The dataset's name, as the panel shows it ("PlanetLab, one day (3 March 2011)"). */
  readonly dataset: string;
  /** The fit test's short name ("GPA"). */
  readonly test: string;
  /** The fit test's ρ, or null for a test without a promised overflow rate. */
  readonly rho: number | null;
  /** Whether the test reads a Gaussian at ρ (GPA and its kin). */
  readonly gaussian: boolean;
  /** The independent-draw q and the samples it was measured on (machines × columns). */
  readonly independent: { readonly q: number; readonly samples: number };
  /** Whether `independent` was measured in time instead (an aligned or block packing). */
  readonly inTime?: boolean;
  /** The same machines replayed at the data's instants, when the data have a time axis. */
  readonly replayed: { readonly q: number; readonly samples: number } | null;
}

/**
 * An overflow frequency as the headline's q cell writes it (docs/conventions.md, one spelling of a
 * probability): "0.0167", "5.43·10⁻⁴", "0".
 */
export function qText(q: number): string {
  return formatFixed(q, 4);
}

/** -1, 0 or 1: below, within two standard errors of, or above `target`, over `samples`. */
export function compareToTarget(q: number, target: number, samples: number): -1 | 0 | 1 {
  const se = Math.sqrt((target * (1 - target)) / Math.max(1, samples));
  if (q > target + 2 * se) return 1;
  if (q < target - 2 * se) return -1;
  return 0;
}

function promise(f: HeadlineFacts): string {
  return `${f.test} promised a machine over capacity in at most a share ρ = ${f.rho} of samples`;
}

function verdict(q: number, side: -1 | 0 | 1): string {
  if (side > 0) return `gets q = ${qText(q)}`;
  if (side < 0) return `gets q = ${qText(q)}, safer than asked`;
  return `gets q = ${qText(q)}, about what it asked`;
}

/** Why independent draws miss the promise, from what the numbers can tell. */
function tailReason(f: HeadlineFacts): string {
  return f.gaussian
    ? 'because real usage has a heavier tail than the Gaussian the test assumes (select a machine: its tail plot shows where)'
    : 'because its bound does not hold on these data (select a machine: its tail plot shows where)';
}

/** The sentence, with a trailing full stop. */
export function headlineSentence(f: HeadlineFacts): string {
  const { independent, replayed } = f;
  if (f.rho === null) {
    const over = `On ${f.dataset}, ${f.test} sets no overflow rate; a share q = ${qText(independent.q)} of samples is over capacity`;
    return replayed
      ? `${over} on independent draws, q = ${qText(replayed.q)} replayed in time.`
      : `${over}.`;
  }
  const drawSide = compareToTarget(independent.q, f.rho, independent.samples);
  const drawsClause =
    `${verdict(independent.q, drawSide)}${replayed ? ' on independent draws' : ''}` +
    (drawSide > 0 && !f.inTime ? `, ${tailReason(f)}` : '');
  let sentence = `${promise(f)}; on ${f.dataset} it ${drawsClause}`;
  if (replayed) {
    const moreInTime = compareToTarget(replayed.q, independent.q, replayed.samples) > 0;
    sentence += moreInTime
      ? `; replayed in time it gets q = ${qText(replayed.q)}, more still, because these tasks rise and fall together`
      : `; replayed in time it gets q = ${qText(replayed.q)}`;
  }
  return `${sentence}.`;
}
