/**
 * The page's one spelling of an overflow probability (docs/conventions.md): ρ, q and their kin (q_j,
 * q*, q_time, q(any), HARMONY’s ε, an overflow frequency, a share of samples over capacity) are decimals — ρ as
 * its field holds it (0.01), q as `formatQ` writes it (0.0167, 5.43·10⁻⁴) — and never percents, so a
 * screen cannot show one of them as "1.7 %" beside "0.0167".
 *
 * `percentProbabilities` finds where a shown text breaks the rule: a sentence (or a table cell, a
 * line) with a percent a few words from the name of such a probability. A confidence level (a "95 %
 * band") or a relative difference ("60 % above ρ", "+10 %") is no probability of overflow and is let through;
 * so are percents far from any (a utilisation, a saving, a share of tasks).
 */

/** Words and symbols naming an overflow probability. */
const PROBABILITY =
  /ρ|ε|(?<![\p{L}\p{N}_])q(?:_j|_time|\*|\(any\))?(?![\p{L}\p{N}])|[Oo]verflow|[Oo]ver (?:the )?capacity|more than (?:the |its )?capacity|[Aa]bove (?:the |its )?capacity|[Oo]verload/u;

/**
 * A number followed by a percent sign that is neither a confidence level ("95 % band") nor a
 * relative difference ("60 % above ρ", "+10 %", "−7 %").
 */
const PERCENT =
  /(?<![+−\d.,])\d(?:[\d.,]*\d)?\s?%(?!\s*(?:t )?(?:band|upper bound|lower bound|confidence|interval|above|below|more|less|fewer|higher|lower|off)\b)/gu;

/** How far (characters) a percent may lie from the probability it spells. */
const NEAR = 40;

/** Whether a percent of `sentence` lies within NEAR characters of a probability's name. */
function spellsProbability(sentence: string): boolean {
  for (const m of sentence.matchAll(PERCENT)) {
    const around = sentence.slice(Math.max(0, m.index - NEAR), m.index + m[0].length + NEAR);
    if (PROBABILITY.test(around)) return true;
  }
  return false;
}

/** Lines, table cells and sentences of a shown text. */
function sentences(text: string): string[] {
  return text
    .split(/[\n\t]|(?<=[.!?])\s+(?=\P{Ll})/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Each sentence of `text` that spells an overflow probability as a percent. */
export function percentProbabilities(text: string): string[] {
  return sentences(text).filter(spellsProbability);
}

/**
 * Each cell of a table (its header row first) that spells an overflow probability as a percent: a
 * percent in a column whose header names one ("worst q (fresh)"), or in a sentence of a cell that
 * names one itself.
 */
export function percentProbabilityCells(rows: readonly (readonly string[])[]): string[] {
  const [head = [], ...body] = rows;
  return body.flatMap((row) =>
    row.flatMap((cell, k) => {
      const column = head[k] ?? '';
      if (PROBABILITY.test(column) && cell.match(PERCENT)) return [`${column}: ${cell}`];
      return percentProbabilities(cell);
    }),
  );
}
