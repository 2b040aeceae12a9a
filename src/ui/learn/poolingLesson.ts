/** The pooling lesson's entry in the lesson list (its component: Lesson8Pooling.tsx). */
export const POOLING_LESSON = {
  title: 'Pooling beats adding percentiles',
  text: 'HARMONY sizes a container per task at its own percentile, μ + Zσ, and packs the sizes as if they were fixed. GPA asks instead whether the machine’s whole sum stays under its capacity with probability 1 − ε: the means add, but the deviations of independent tasks add in quadrature, so n tasks need nμ + Zσ√n, not n(μ + Zσ). Take tasks of μ = 0.05 and σ = 0.02 on a machine of capacity 1 at ε = 0.01 (Z = 2.326).',
  tryThis:
    'Play the machine filling up, then raise σ: which rule loses more tasks per machine? Set σ to 0: do the rules still differ?',
} as const;
