import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLICIES, simulateTimeline, syntheticWeek } from '../../engine/timeline/index.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { DEFAULT_PARAMS, type Params } from '../common/store/params.ts';
import { explorer } from '../common/store/store.ts';
import {
  compareKey,
  curvesSpec,
  simulatorParams,
  syncTimeline,
  timelineRuns,
  uploadTaskList,
} from './runs.ts';
import { TIMELINE_ERRORS, TIMELINE_WINDOWS } from './params.ts';

const fig1Text = readFileSync(
  new URL('../../engine/timeline/fixtures/fig1.csv', import.meta.url),
  'utf8',
);

function setParams(p: Partial<Params>): Params {
  explorer.setState({ params: { ...DEFAULT_PARAMS, view: 'timeline', ...p } });
  return explorer.getState().params;
}

describe('the Timeline view’s runs', () => {
  it('simulates every policy, then the curves, with the numbers of a direct simulation', async () => {
    const p = setParams({ timelineTasks: 300, timelineSeed: 4, timelineWindow: 5 });
    const runner = createInlineRunner();
    await syncTimeline(runner, p);
    const s = timelineRuns.getState();
    expect(s.workload.status).toBe('ready');
    expect(s.compare.status).toBe('ready');
    const results = s.compare.result!.value;
    expect(results.map((r) => r.params.policy)).toEqual([...POLICIES]);
    const week = syntheticWeek({ seed: 4, tasks: 300, days: 1 });
    const direct = simulateTimeline(week, simulatorParams(p, 'ff'));
    expect(results[1].machineSeconds).toBe(direct.machineSeconds);
    expect(s.compare.key).toBe(compareKey(p, s.workload.key!));
    const curves = s.curves.result!.value;
    expect(curves).toHaveLength(
      (TIMELINE_WINDOWS.length + TIMELINE_ERRORS.length) * POLICIES.length,
    );
    // The window curve's run at the current window is the comparison's run.
    const fmfAt5 = curves.find((c) => c.params.policy === 'fmf' && c.params.window === 5)!;
    expect(fmfAt5.machineSeconds).toBe(results[0].machineSeconds);
    expect(curvesSpec(p).runs.every((r) => r.seed === 4)).toBe(true);
    runner.dispose();
  });

  it('a bad task list is refused by file, line and field, and the previous workload stays', async () => {
    const p = setParams({ timelineTasks: 200 });
    const runner = createInlineRunner();
    await syncTimeline(runner, p);
    const before = timelineRuns.getState().workload.key;
    const bad = new File(['id,arrival_s,duration_s,cpu_frac\na,0,10,0.5\nb,x,10,0.5\n'], 'bad.csv');
    expect(await uploadTaskList(bad)).toBe(false);
    expect(explorer.getState().notices.at(-1)?.text).toMatch(/bad\.csv, line 3: field arrival_s/);
    expect(explorer.getState().params.timelineSource).toBe('synthetic');
    expect(timelineRuns.getState().workload.key).toBe(before);
    runner.dispose();
  });

  it('an uploaded task list becomes the workload, named by its SHA-256 in the link', async () => {
    setParams({ timelineWindow: 3 });
    const runner = createInlineRunner();
    expect(await uploadTaskList(new File([fig1Text], 'fig1.csv'))).toBe(true);
    const p = explorer.getState().params;
    expect(p.timelineSource).toBe('upload');
    expect(p.timelineUpload?.name).toBe('fig1.csv');
    expect(p.timelineUpload?.hash).toMatch(/^[0-9a-f]{64}$/);
    await syncTimeline(runner, p);
    const fmf = timelineRuns.getState().compare.result!.value[0];
    expect(Math.round(fmf.machineSeconds / 60)).toBe(210);
    runner.dispose();
  });

  it('a link naming a task list this page has not seen asks for the file', async () => {
    const p = setParams({
      timelineSource: 'upload',
      timelineUpload: { name: 'mine.csv', hash: 'a'.repeat(64) },
    });
    await syncTimeline(createInlineRunner(), p);
    const w = timelineRuns.getState().workload;
    expect(w.status).toBe('error');
    expect(w.error).toMatch(/mine\.csv: upload it again/);
  });
});
