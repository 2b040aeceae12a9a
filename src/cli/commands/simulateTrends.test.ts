import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  simulateTimeline,
  simulateTimelineSummary,
  syntheticWeek,
  type TimelineParams,
  type TimelineResult,
} from '../../engine/timeline/index.ts';
import { trendRuns } from './simulateTrends.ts';

/**
 * The trends grid's figures on a small synthetic day, as the simulator gave them before it was
 * tuned for speed (fixtures/trends-grid.json). Speed work must leave every number and every
 * placement as it was; a deliberate change of the model rewrites the file with
 * `WRITE_TRENDS_GRID=1 npx vitest run src/cli/commands/simulateTrends.test.ts` and says why.
 */
const FIXTURE = new URL('../../engine/timeline/fixtures/trends-grid.json', import.meta.url);
const week = syntheticWeek({ seed: 3, tasks: 6000, days: 1 });

/** FNV-1a over each task's machine and start: equal hashes, equal placements (up to collisions). */
function placementHash(r: TimelineResult): string {
  let h = 0x811c9dc5;
  const mix = (x: number) => {
    h = Math.imul(h ^ (x >>> 0), 0x01000193) >>> 0;
  };
  for (let i = 0; i < r.machineOf.length; i++) {
    mix(r.machineOf[i]);
    const start = new Float64Array([r.start[i]]);
    const words = new Uint32Array(start.buffer);
    mix(words[0]);
    mix(words[1]);
  }
  return h.toString(16);
}

function figures(p: TimelineParams) {
  const s = simulateTimelineSummary(week, p);
  return {
    run: `${p.policy} ${p.order} tw=${p.window} x=${p.durationError}${p.sumOfSquares ? ` ss=${p.sumOfSquares}` : ''}${p.nextFitPointer ? ` nf=${p.nextFitPointer}` : ''}`,
    machineSeconds: s.machineSeconds,
    lowerBoundSeconds: s.lowerBoundSeconds,
    machines: s.machines,
    peakMachines: s.peakMachines,
    batches: s.batches,
    startDelayMean: s.startDelayMean,
    placements: placementHash(simulateTimeline(week, p)),
  };
}

const runs: TimelineParams[] = [
  ...trendRuns(1),
  ...trendRuns(1)
    .filter((p) => p.policy === 'ss' || p.policy === 'nf')
    .map((p) =>
      p.policy === 'ss'
        ? { ...p, sumOfSquares: 'authors' as const }
        : { ...p, nextFitPointer: 'position' as const },
    ),
];

describe('the trends grid', () => {
  it('gives the same figures and placements as before the speed work', () => {
    const got = runs.map(figures);
    if (process.env.WRITE_TRENDS_GRID) writeFileSync(FIXTURE, JSON.stringify(got, null, 1) + '\n');
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as unknown[];
    expect(got).toEqual(expected);
  }, 60_000);
});
