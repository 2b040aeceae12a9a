/**
 * One spelling of an overflow probability (docs/conventions.md): the checker refuses a percent that
 * spells ρ or q and lets other percents through; what the present layer writes for the first screens
 * (Pack's static headline, the sentence under it, the draws filling a histogram, lesson 1's
 * prediction, the Requests table) passes it. The page's every view is checked by the same functions
 * in `e2e/everyView.spec.ts`.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { percentProbabilities, percentProbabilityCells } from './probabilitySpelling.ts';
import { firstScreenHtml } from './pack/firstScreen.ts';
import { headlineSentence, type HeadlineFacts } from './pack/headlineSentence.ts';
import { fillCaption, fillFrame } from './pack/drawsFill.ts';
import { averagesPrediction } from './learn/predictions.ts';

describe('the checker', () => {
  it('refuses a probability written as a percent beside its decimal', () => {
    const screen = [
      'SLO ρ 0.01 (99 %)',
      'overflow frequency (q)\t0.0167',
      'GPA promised at most 1 % of samples over capacity (ρ = 0.01); on PlanetLab it gets 1.7 %.',
      'Per machine: worst q_j 2.9 %.',
      'Overflow frequency over both machines: 25.1 %',
      'Over capacity in 50.1 % of the draws; mean usage 1.003.',
      'pooling fits 16 (measured overflow 0.64 %, target ε = 1.00 %)',
    ].join('\n');
    expect(percentProbabilities(screen)).toEqual([
      'SLO ρ 0.01 (99 %)',
      'GPA promised at most 1 % of samples over capacity (ρ = 0.01); on PlanetLab it gets 1.7 %.',
      'Per machine: worst q_j 2.9 %.',
      'Overflow frequency over both machines: 25.1 %',
      'Over capacity in 50.1 % of the draws; mean usage 1.003.',
      'pooling fits 16 (measured overflow 0.64 %, target ε = 1.00 %)',
    ]);
  });

  it('lets through percents that are no overflow probability, and decimals', () => {
    const screen = [
      'Task size (scale, machines per 100 %)',
      'Blue: mean q over instances with its 95 % t band; grey: each run’s q.',
      'q 0.0152, worst 0.0417 (machine 13); 95 % upper bound (for autocorrelation) worst 0.2676',
      'FMF\t183.14\t18.1 %\t66',
      'Adding percentiles fits 10 tasks; a saving of 16 % (15,001 → 12,603 machine-seconds).',
      'GPA promised a machine over capacity in at most a share ρ = 0.01 of samples.',
      'Sequence 12 % done. The q is 5.43·10⁻⁴.',
      'GPA at ρ = 0.001 measures q ≈ 1.6·10⁻³ (60 % above ρ); sums of 100 tasks fail a test.',
      'emp:0.01 on the learned part: machines, judged worst q_j: 98 (−7 %), worst 0.9583',
      'the pick takes 24 machines (+20 %) and its worst q_j is 0.0093',
      'A machine filled exactly to c is not an overflow: realizations are float32, each within 2⁻²⁴ of its own value, so PlanetLab’s integer percents add up to 400 % at scale 0.25.',
    ].join('\n');
    expect(percentProbabilities(screen)).toEqual([]);
  });

  it('refuses a percent in a table column that names a probability', () => {
    const rows = [
      ['strategy', 'worst q (fresh)', 'samples over request'],
      ['slopack', '0.12 % (node-9)', '6.49 %'],
      ['krr', '0.0005 (node-4)', '5.69 %'],
    ];
    expect(percentProbabilityCells(rows)).toEqual(['worst q (fresh): 0.12 % (node-9)']);
    expect(percentProbabilityCells([rows[0], rows[2]])).toEqual([]);
  });
});

const planetLab: HeadlineFacts = {
  dataset: 'PlanetLab, one day (3 March 2011)',
  test: 'GPA',
  rho: 0.01,
  gaussian: true,
  independent: { q: 0.0167, samples: 41 * 10_000 },
  replayed: { q: 0.0204, samples: 41 * 288 },
};

describe('what the present layer writes for the first screens', () => {
  it("Pack's static headline and every form of the sentence under it", () => {
    const { document } = parseHTML('<!doctype html><html><body></body></html>');
    const host = document.createElement('div');
    host.innerHTML = firstScreenHtml({
      result: { mAbs: 41, mNorm: 31, m: 41 / 31, oversized: [3], moves: 0 },
      rho: 0.01,
      views: [{ label: 'Pack', help: 'Tasks packed onto machines.', open: true }],
      lessons: 10,
    });
    const sentences = [
      planetLab,
      { ...planetLab, independent: { q: 0.0098, samples: 4e5 }, replayed: null },
      { ...planetLab, independent: { q: 5.4e-4, samples: 4e5 } },
      { ...planetLab, test: 'Cantelli', gaussian: false },
      { ...planetLab, inTime: true, replayed: null },
      { ...planetLab, test: 'av', rho: null, gaussian: false },
    ].map(headlineSentence);
    expect(percentProbabilities([host.textContent, ...sentences].join('\n'))).toEqual([]);
  });

  it('the draws filling a histogram and lesson 1’s prediction', () => {
    const totals = Float64Array.from({ length: 400 }, (_, k) => (k % 10) / 8);
    const caption = fillCaption(fillFrame(totals, 200, 1), 400);
    const lesson1 = averagesPrediction({ overflow: 0.501, draws: 10_000 });
    // Each choice read as the answer to its question, as the student reads it.
    const answers = lesson1.choices.map((choice) => `${lesson1.question} ${choice}`);
    const text = [caption, ...answers, `${lesson1.question} ${lesson1.answer}`, lesson1.why];
    expect(percentProbabilities(text.join('\n'))).toEqual([]);
    expect(caption).toMatch(/\(q = 0\.\d{4}\)$/);
  });
});
