import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  POLICIES,
  clusterAt,
  googleTimeline,
  parseTaskList,
  simulateTimeline,
  summarizeTimeline,
  syntheticWeek,
} from '../../engine/timeline/index.ts';
import { dataPath } from '../../ingest/testing.ts';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { clusterAtSpec, ganttSpec, radarSpec } from './gantt.ts';
import {
  activeSpec,
  cumulativeSpec,
  errorCurveSpec,
  overflowSpec,
  startDelaySpec,
  windowCurveSpec,
} from './plots.ts';

const fig1 = parseTaskList(
  readFileSync(new URL('../../engine/timeline/fixtures/fig1.csv', import.meta.url), 'utf8'),
  'fig1.csv',
);
const online = simulateTimeline(fig1, {
  ...DEFAULT_PARAMS,
  policy: 'ff',
  order: 'list',
  window: 0,
});
const day = syntheticWeek({ seed: 3, tasks: 120, days: 1 });
const runs = POLICIES.map((policy) => simulateTimeline(day, { ...DEFAULT_PARAMS, policy }));

describe('Timeline figures as SVG snapshots', () => {
  it('the Gantt chart of Fig. 1 online, a machine selected', async () => {
    const machines = Array.from({ length: online.machineOpen.length }, (_, m) => m);
    await expect(figureSnapshot(ganttSpec(fig1, online, machines, 1, 1))).toMatchFileSnapshot(
      '__snapshots__/gantt.svg',
    );
  });

  it('the cluster at one instant', async () => {
    await expect(figureSnapshot(clusterAtSpec(clusterAt(fig1, online, 10), 1))).toMatchFileSnapshot(
      '__snapshots__/clusterAt.svg',
    );
  });

  it('the policies compared: radar, active machines, cumulative machine-time', async () => {
    await expect(figureSnapshot(radarSpec(runs))).toMatchFileSnapshot('__snapshots__/radar.svg');
    await expect(figureSnapshot(activeSpec(runs, 'ff'))).toMatchFileSnapshot(
      '__snapshots__/active.svg',
    );
    await expect(figureSnapshot(cumulativeSpec(runs))).toMatchFileSnapshot(
      '__snapshots__/cumulative.svg',
    );
  });

  it('the start delays with a window of 60 s', async () => {
    const windowed = simulateTimeline(day, { ...DEFAULT_PARAMS, window: 60 });
    await expect(figureSnapshot(startDelaySpec(day.arrival, windowed))).toMatchFileSnapshot(
      '__snapshots__/startDelay.svg',
    );
  });

  it('machine-time against the window and against the duration error', async () => {
    const byWindow = [0, 30, 120].flatMap((window) =>
      (['ff', 'bfd'] as const).map((policy) =>
        summarizeTimeline(simulateTimeline(day, { ...DEFAULT_PARAMS, policy, window })),
      ),
    );
    await expect(figureSnapshot(windowCurveSpec(byWindow, 30))).toMatchFileSnapshot(
      '__snapshots__/windowCurve.svg',
    );
    const byError = [0, 0.2, 0.5].flatMap((durationError) =>
      (['ff', 'bfd'] as const).map((policy) =>
        summarizeTimeline(
          simulateTimeline(day, { ...DEFAULT_PARAMS, policy, window: 60, durationError }),
        ),
      ),
    );
    await expect(figureSnapshot(errorCurveSpec(byError, 0.2))).toMatchFileSnapshot(
      '__snapshots__/errorCurve.svg',
    );
  });

  it('the overflow map on the Google excerpt, and no map without overflow', async () => {
    const dir = 'google-2011-task-usage/';
    const g = googleTimeline(
      {
        text: readFileSync(dataPath(`${dir}task_events_part-00000_first20000.csv`), 'utf8'),
        file: 'task_events',
      },
      {
        text: readFileSync(dataPath(`${dir}task_usage_part-00000_first10000.csv`), 'utf8'),
        file: 'task_usage',
      },
    );
    await expect(
      figureSnapshot(overflowSpec(simulateTimeline(g.tasks, DEFAULT_PARAMS))),
    ).toMatchFileSnapshot('__snapshots__/overflow.svg');
    expect(figureSnapshot(overflowSpec(online))).toBe('no figure\n');
  });
});
