import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseTaskList,
  simulateTimeline,
  simulateTimelineSummary,
  syntheticWeek,
  type TimelineParams,
  type TimelineResult,
} from '../../../engine/timeline/index.ts';
import { busySteps, evidenceRuns, trendRuns, trendsMarkdown } from './simulateTrends.ts';

/**
 * The trends grid's figures on a small synthetic day, as the simulator gave them before it was
 * tuned for speed (fixtures/trends-grid.json). Speed work must leave every number and every
 * placement as it was; a deliberate change of the model rewrites the file with
 * `WRITE_TRENDS_GRID=1 npx vitest run src/cli/commands/simulateTrends.test.ts` and says why.
 */
const FIXTURE = new URL('../../../engine/timeline/fixtures/trends-grid.json', import.meta.url);
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

describe('the trends report', () => {
  it('counts the 2 s steps that receive tasks and how many each gets', () => {
    const rows = ['id,arrival_s,duration_s,cpu_frac'];
    for (let k = 0; k < 25; k++) rows.push(`a${k},0.5,10,0.1`);
    rows.push('b,1.99,10,0.1', 'c,2,10,0.1', 'd,9,10,0.1');
    const steps = busySteps(parseTaskList(rows.join('\n'), 'steps.csv'), 2);
    expect(steps).toEqual({
      window: 2,
      steps: 5,
      busy: 3,
      under10: 2,
      from20to100: 1,
      over1000: 0,
    });
  });

  it('writes the evidence runs’ own numbers into the four trends, and names a missing run', () => {
    const tiny = syntheticWeek({ seed: 2, tasks: 1500, days: 0.5 });
    const params = [...trendRuns(1), ...evidenceRuns(1)];
    const runs = params.map((p) => simulateTimelineSummary(tiny, p));
    const md = trendsMarkdown('synthetic week (test)', runs, 'test', busySteps(tiny));
    const hours = (i: number) => Math.round(runs[i].machineSeconds / 3600).toLocaleString('en-US');
    const at = (policy: string, scope: string) =>
      params.findIndex((p) => p.policy === policy && p.durationErrorScope === scope);
    expect(md).toContain(`MRD takes\n  ${hours(at('mrd', 'score'))} h`);
    expect(md).toContain(`only ${hours(at('bfd', 'rest'))} h`);
    expect(() =>
      trendsMarkdown('synthetic week (test)', runs.slice(0, -1), 'test', busySteps(tiny)),
    ).toThrow(/no run bfd\|d\|2\|1\|machine\|rest/);
  });
});
