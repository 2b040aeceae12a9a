/**
 * A wing's run whose worker is lost says so while its work waits on the replacement, and then
 * lands with the numbers of a run nothing disturbed; the notice goes when the run is done.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeRunner } from '../../cli/pool/nodePool.ts';
import { syncTimeline, timelineRuns } from '../timeline/runs.ts';
import { DEFAULT_PARAMS } from './params.ts';
import { explorer } from './store.ts';
import { startWingRuns } from './wingRun.ts';
import { WINGS } from './wings.ts';

const runner = createNodeRunner({ workers: 2 });
afterAll(() => runner.dispose());

describe('a wing’s run that loses its worker', () => {
  it('says it waits on the replacement, then gives the undisturbed numbers', async () => {
    explorer.setState({
      params: { ...DEFAULT_PARAMS, view: 'timeline', timelineTasks: 300, timelineSeed: 4 },
    });
    const runs = () => timelineRuns.getState();
    await syncTimeline(runner, explorer.getState().params);
    const want = { compare: runs().compare.result!.value, curves: runs().curves.result!.value };
    timelineRuns.setState(timelineRuns.getInitialState());

    // Seen as each notice appears: its text, and whether the comparison was still waiting then.
    const said: { text: string; while: string }[] = [];
    const stopWatching = explorer.subscribe((s, prev) => {
      for (const n of s.notices)
        if (!prev.notices.includes(n)) said.push({ text: n.text, while: runs().compare.status });
    });
    let crashes = 0;
    const stopCounting = runner.onWorkerCrash(() => void crashes++);
    // The worker given the first unit crashes as the unit is handed to it (not on a race).
    let first = true;
    const stopInjecting = runner.onDispatch(({ slot }) => {
      if (!first) return;
      first = false;
      runner.simulateCrash(slot);
    });
    const stopWings = startWingRuns(explorer, runner, WINGS);
    await expect
      .poll(() => [runs().compare.status, runs().curves.status], { timeout: 60_000 })
      .toEqual(['ready', 'ready']);
    stopWings();
    stopInjecting();
    stopCounting();
    stopWatching();

    expect(crashes).toBe(1);
    expect(said).toEqual([
      {
        text: expect.stringMatching(
          /^Timeline: worker [12] stopped .*; it has been replaced\. The work that was on it is running again on the new worker\.$/,
        ),
        while: 'running',
      },
    ]);
    expect(explorer.getState().notices).toEqual([]);
    expect(runs().compare.result!.value).toEqual(want.compare);
    expect(runs().curves.result!.value).toEqual(want.curves);
    expect(runner.pendingCalls()).toBe(0);
  }, 120_000);
});
