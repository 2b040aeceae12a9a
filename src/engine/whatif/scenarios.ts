/**
 * Which pods are (re)scheduled and when. Every pod lives from its first sample to its last (the
 * series' own span); the scenario adds the re-creations:
 * - `history`: none: pods arrive at their first sample and leave after their last, nodes as placed;
 * - `fresh`: the same from an empty cluster (no starting placement): pods arriving at one instant
 *   come in the data's order;
 * - `rollout:H`: every pod re-created once, one by one in a seeded order, evenly over the first H
 *   hours (pod k of n at instant ⌊k·W / n⌋, W the instants in H hours); a pod not running then is
 *   skipped;
 * - `restart:p`: a seeded share p of the pods (round(p·n) of them) each re-created once at a seeded
 *   instant uniform over its life after its first instant (a pod with one instant is not restarted).
 * A re-creation deletes the pod and schedules it again at once, the scheduler seeing the cluster
 * without it.
 */
import { numberRange, checkRange } from '../ranges.ts';
import { Rng, sampleWithoutReplacement, streamKey } from '../random/rng.ts';
import { decimalOrNull } from '../numberText.ts';
import { setting } from '../settings.ts';

export type Scenario =
  | { readonly kind: 'history' }
  | { readonly kind: 'fresh' }
  | { readonly kind: 'rollout'; readonly hours: number }
  | { readonly kind: 'restart'; readonly share: number };

export const ROLLOUT_HOURS = numberRange('rollout hours', 'H', { min: 0, minOpen: true });
export const RESTART_SHARE = numberRange('restart share', 'p', { min: 0, max: 1 });

/** The seeded streams of the scenarios (sub-purposes of `synthetic`). */
const WHATIF_STREAM = 0x3a1f;

const SCENARIO_WORDS = 'fresh, history, rollout:H (hours) or restart:p (a share 0–1)';

export function parseScenario(text: string): Scenario {
  if (text === 'fresh' || text === 'history') return { kind: text };
  const m = /^(rollout|restart):(.+)$/.exec(text);
  if (!m)
    throw new RangeError(
      `${setting('scenario', 'the scenario')} "${text}": expected ${SCENARIO_WORDS}`,
    );
  const value = decimalOrNull(m[2]);
  if (value === null)
    throw new RangeError(
      `${setting('scenario', 'the scenario')} ${m[1]}: "${m[2]}" is not a number`,
    );
  if (m[1] === 'rollout') return { kind: 'rollout', hours: checkRange(ROLLOUT_HOURS, value) };
  return { kind: 'restart', share: checkRange(RESTART_SHARE, value) };
}

export function scenarioText(s: Scenario): string {
  if (s.kind === 'rollout') return `rollout:${s.hours}`;
  if (s.kind === 'restart') return `restart:${s.share}`;
  return s.kind;
}

/** A re-creation: pod `pod` deleted and scheduled again at instant `at`. */
export interface Recreation {
  readonly at: number;
  readonly pod: number;
}

/**
 * The re-creations of `scenario` for pods living over instants [first[p], last[p]], sorted by
 * instant (then by their order of decision). Throws a RangeError when the scenario is longer than
 * the history.
 */
export function recreations(
  scenario: Scenario,
  first: Int32Array,
  last: Int32Array,
  instants: number,
  step: number,
  seed: number,
): Recreation[] {
  const n = first.length;
  if (scenario.kind === 'rollout') {
    const span = Math.round((scenario.hours * 3600) / step);
    if (span < 1)
      throw new RangeError(
        `${setting('scenario', 'the scenario')} rollout:${scenario.hours}: ${scenario.hours} h is shorter than one step of the data (${step} s)`,
      );
    if (span > instants)
      throw new RangeError(
        `${setting('scenario', 'the scenario')} rollout:${scenario.hours} lasts ${span} instants of ${step} s; the history has ${instants}`,
      );
    const order = sampleWithoutReplacement(
      new Rng(streamKey(seed, 'synthetic', WHATIF_STREAM, 1)),
      n,
      n,
    );
    const out: Recreation[] = [];
    for (let k = 0; k < n; k++) {
      const pod = order[k];
      const at = Math.floor((k * span) / n);
      if (at >= first[pod] && at <= last[pod]) out.push({ at, pod });
    }
    return out;
  }
  if (scenario.kind === 'restart') {
    const rng = new Rng(streamKey(seed, 'synthetic', WHATIF_STREAM, 2));
    const chosen = sampleWithoutReplacement(rng, n, Math.round(scenario.share * n));
    const out: Recreation[] = [];
    for (const pod of chosen) {
      const life = last[pod] - first[pod];
      if (life < 1) continue;
      out.push({ at: first[pod] + 1 + rng.nextInt(life), pod });
    }
    return out.sort((a, b) => a.at - b.at || a.pod - b.pod);
  }
  return [];
}
