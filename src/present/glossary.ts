/**
 * Short explanations of the model's terms, shown on hover and focus beside the numbers and
 * controls that use them (the paper's notation). "Model §N" in a text links to section N of the
 * Model page (docs/model.md).
 */
export const GLOSSARY = {
  mAbs: 'm_abs: how many machines the packing opened (non-empty machines).',
  mNorm:
    'm_norm = ⌈Σ task means / c⌉: the machines the tasks would need if each used exactly its mean. It is the yardstick for m, not a hard lower bound: a fit test that lets machines overflow often (e.g. perc:50 or av) can pack into fewer.',
  m: 'm = m_abs / m_norm: machines used relative to the mean-load size; 1 means packed as tightly as the means allow.',
  q: 'q: the share of (machine, evaluation column) pairs whose total demand exceeds the capacity c, measured on samples the packer did not see (Model §7).',
  qVsRho:
    'How far the measured overflow frequency q is from the requested ρ, relative to ρ: red when q exceeds ρ (the SLO is missed), green when q stays below it.',
  realizations:
    'R: how many sampled columns (realizations of every task’s usage) the workload has; the packer estimates from some of them and q is measured on the rest (Model §3, §7).',
  clairvoyance:
    'κ: the share of the R columns the packer may look at when it estimates each task (1: all of them, as in the paper); q is measured on the columns it did not see.',
  maxFailures:
    'max_failures: rebalancing after packing tries to move the earliest tasks to the last machine and stops after this many failed moves (0 turns it off; the paper uses 5).',
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY;

/**
 * The headline's plain names, each shown before its symbol (the first screen, Pack) and listed with
 * it under the Model page's "Words" (docs/model.md §1).
 */
export const PLAIN_NAMES = {
  mAbs: { name: 'machines used', symbol: 'm_abs' },
  mNorm: { name: 'mean-load machines', symbol: 'm_norm' },
  m: { name: 'used per mean-load machine', symbol: 'm' },
  q: { name: 'overflow frequency', symbol: 'q' },
  rho: { name: 'promised overflow', symbol: 'ρ' },
} as const;

/** "plain name (symbol)", as a headline's label reads. */
export const plainLabel = (term: keyof typeof PLAIN_NAMES) =>
  `${PLAIN_NAMES[term].name} (${PLAIN_NAMES[term].symbol})`;

/** The Timeline's placement policies (the semi-online paper's codes), spelled out (Model §12). */
export const TIMELINE_POLICY_NAMES = {
  fmf: 'First Merged Fit',
  ff: 'First Fit',
  nf: 'Next Fit',
  bfr: 'Best Fit on Requirements',
  bfd: 'Best Fit on Duration',
  mrr: 'Max Rest on Requirements',
  mrd: 'Max Rest on Duration',
  ss: 'Sum of Squares',
  ha: 'Harmonic',
} as const;

/** The Timeline's task orders within a batch, spelled out (Model §12). */
export const TIMELINE_ORDER_NAMES = {
  list: 'as listed',
  d: 'decreasing duration',
  dreq: 'decreasing request',
  ddtr: 'decreasing duration × request',
  rand: 'random (seeded)',
} as const;

/** "FMF (First Merged Fit)": a code and its name, for first use in a text. */
export const spelledOut = (code: string, name: string) => `${code.toUpperCase()} (${name})`;
