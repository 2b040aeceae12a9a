import { describe, expect, it } from 'vitest';
import {
  compareToTarget,
  headlineSentence,
  qText,
  type HeadlineFacts,
} from './headlineSentence.ts';

const planetLab: HeadlineFacts = {
  dataset: 'PlanetLab, one day (3 March 2011)',
  test: 'GPA',
  rho: 0.01,
  gaussian: true,
  independent: { q: 0.0167, samples: 41 * 10_000 },
  replayed: { q: 0.0204, samples: 41 * 288 },
};

describe('the sentence under the headline', () => {
  it('says what GPA promised, what it gets on independent draws and in time, and why', () => {
    const s = headlineSentence(planetLab);
    expect(s).toContain(
      'GPA promised a machine over capacity in at most a share ρ = 0.01 of samples',
    );
    expect(s).toContain(
      'on PlanetLab, one day (3 March 2011) it gets q = 0.0167 on independent draws',
    );
    expect(s).toContain('heavier tail than the Gaussian');
    expect(s).toContain('tail plot');
    expect(s).toContain('replayed in time it gets q = 0.0204, more still');
  });

  it('gives no reason when the test keeps its promise, and says so', () => {
    const s = headlineSentence({
      ...planetLab,
      independent: { q: 0.0098, samples: 4e5 },
      replayed: null,
    });
    expect(s).toMatch(/it gets q = 0\.0098, about what it asked\.$/);
    expect(s).not.toContain('tail');
    const safer = headlineSentence({
      ...planetLab,
      independent: { q: 0.002, samples: 4e5 },
      replayed: null,
    });
    expect(safer).toContain('safer than asked');
  });

  it('names the bound, not the Gaussian, for a test that is not Gaussian', () => {
    const s = headlineSentence({ ...planetLab, test: 'Cantelli', gaussian: false, replayed: null });
    expect(s).not.toContain('Gaussian');
    expect(s).toContain('its bound does not hold');
  });

  it('does not call "more still" a replay within the sampling noise of the draws', () => {
    const s = headlineSentence({ ...planetLab, replayed: { q: 0.0172, samples: 41 * 288 } });
    expect(s).not.toContain('more still');
  });

  it('gives the tail no blame for a packing judged in time', () => {
    const s = headlineSentence({ ...planetLab, inTime: true, replayed: null });
    expect(s).toMatch(/it gets q = 0\.0167\.$/);
  });

  it('speaks of no promise for a test without ρ', () => {
    const s = headlineSentence({ ...planetLab, test: 'av', rho: null, gaussian: false });
    expect(s).toBe(
      'On PlanetLab, one day (3 March 2011), av sets no overflow rate; a share q = 0.0167 of samples is over capacity on independent draws, q = 0.0204 replayed in time.',
    );
  });

  it('compares within two standard errors', () => {
    // ρ = 0.01 over 10,000 samples: one standard error is 0.000995.
    expect(compareToTarget(0.0119, 0.01, 10_000)).toBe(0);
    expect(compareToTarget(0.0121, 0.01, 10_000)).toBe(1);
    expect(compareToTarget(0.0079, 0.01, 10_000)).toBe(-1);
    expect(qText(0.000543)).toBe('5.43·10⁻⁴');
  });
});
