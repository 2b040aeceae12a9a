/** The knob lesson's entry in the lesson list (its component: KnobLesson.tsx). */
export const KNOB_LESSON = {
  title: 'What one knob means in probability',
  text: 'A load-aware scheduler exposes one threshold and leaves its meaning to you. Trimaran’s LoadVariationRiskBalancing rates a node by risk = [μ + margin·σ^(1/sensitivity)] / 2, from the node’s mean usage μ (with the new pod’s request) and its deviation σ, as fractions of the capacity. Read as a filter at risk ≤ ½, a node fits iff μ + margin·σ^(1/sensitivity) ≤ 1: it keeps margin·σ^(1/sensitivity) / σ deviations of room above its mean. At the documented setting (margin 1, sensitivity 2) that is z = σ^(−1/2), so a node at the boundary overflows, under a Gaussian, with probability ρ = 1 − Φ(σ^(−1/2)). GPA keeps one ρ on every node.',
  tryThis:
    'Slide σ from 0.04 to 0.25: where does LVRB promise less overflow than GPA at ρ = 0.01, and where more? Then set the sensitivity to 1, the code’s default: what risk does every node get?',
} as const;
