/**
 * An overcommit ratio a project does not take as given is flagged, naming the project's rule and
 * the ratio it applies instead, in the advice's verdicts and in the snippet written for it.
 */
import { describe, expect, it } from 'vitest';
import { findScheduler, overcommitFlags, overcommitVerdicts } from '../../engine/index.ts';
import { schedulerSnippets } from './snippets.ts';

function snippets(ratio: number) {
  const scheduler = findScheduler('overcommit');
  return schedulerSnippets({
    scheduler,
    settings: scheduler.config([ratio]),
    status: 'tuned',
    machines: 7,
    judged: { mean: 0.001, worst: 0.004, p95: 0.003, over: 0 },
    target: 0.01,
    scope: 'every',
  });
}

describe('overcommit ratios in the range each project accepts', () => {
  it('a ratio below 1: Volcano applies 1.2, Katalyst keeps the allocatable, Nova takes it', () => {
    const v = overcommitVerdicts(0.7);
    expect(v.map((x) => [x.project, x.accepted, x.applied])).toEqual([
      ['Volcano', false, 1.2],
      ['Nova', true, 0.7],
      ['Katalyst', false, 1],
    ]);
    expect(overcommitFlags(0.7)).toEqual([
      expect.stringMatching(/^Volcano does not take ratio 0\.7: it applies 1\.2 \(overcommit\.go/),
      expect.stringMatching(
        /^Katalyst does not take ratio 0\.7: it applies 1 \(overcommitRatioValidate/,
      ),
    ]);
    const text = snippets(0.7).map((s) => `${s.title}\n${s.text}`);
    expect(text[0]).toMatch(/NOT TAKEN: Volcano applies 1\.2 instead/);
    expect(text[1]).not.toMatch(/NOT TAKEN/);
    expect(text[2]).toMatch(/NOT TAKEN: Katalyst applies 1 instead/);
  });

  it('ratios of 1 and above are taken by every project; 0 is Nova’s initial ratio', () => {
    for (const ratio of [1, 1.5, 4]) {
      expect(overcommitFlags(ratio)).toEqual([]);
      expect(snippets(ratio).some((s) => /NOT TAKEN/.test(s.text))).toBe(false);
    }
    expect(overcommitVerdicts(0).find((v) => v.project === 'Nova')!.applied).toBe(4);
  });
});
