/**
 * A wing's run whose worker is lost says so while its work waits on the replacement, and then
 * lands with the numbers of a run nothing disturbed; the notice goes when the run is done.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeRunner } from '../../../cli/pool/nodePool.ts';
import { syncTimeline, timelineRuns } from '../../timeline/runs.ts';
import { DEFAULT_PARAMS } from '../store/params.ts';
import { explorer } from '../store/store.ts';
import { startWingRuns } from './wingRun.ts';
import { VIEW_REGISTRY } from '../views/views.ts';

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

    // Seen as each notice appears: its text, and whether a run of the view was waiting then.
    const running = () => runs().compare.status === 'running' || runs().curves.status === 'running';
    const said: { text: string; running: boolean }[] = [];
    const stopWatching = explorer.subscribe((s, prev) => {
      for (const n of s.notices)
        if (!prev.notices.includes(n)) said.push({ text: n.text, running: running() });
    });
    let crashes = 0;
    const stopCounting = runner.onWorkerCrash(() => void crashes++);
    // Both workers crash, each as its first unit is handed to it (at given units, not on a race);
    // the reruns on the replacements are left alone.
    const crashed = new Set<number>();
    const stopInjecting = runner.onDispatch(({ slot, retried }) => {
      if (retried || crashed.has(slot)) return;
      crashed.add(slot);
      runner.simulateCrash(slot);
    });
    const stopWings = startWingRuns(explorer, runner, VIEW_REGISTRY);
    await expect
      .poll(() => [runs().compare.status, runs().curves.status], { timeout: 60_000 })
      .toEqual(['ready', 'ready']);
    stopWings();
    stopInjecting();
    stopCounting();
    stopWatching();

    expect(crashes).toBe(2);
    const waiting = (worker: number) => ({
      text: expect.stringMatching(
        new RegExp(
          `^Timeline: worker ${worker} stopped .*; it has been replaced\\. The work that was on it is running again on the new worker\\.$`,
        ),
      ),
      running: true,
    });
    expect([...said].sort((a, b) => a.text.localeCompare(b.text))).toEqual([
      waiting(1),
      waiting(2),
    ]);
    expect(explorer.getState().notices).toEqual([]);
    expect(runs().compare.result!.value).toEqual(want.compare);
    expect(runs().curves.result!.value).toEqual(want.curves);
    expect(runner.pendingCalls()).toBe(0);
  }, 120_000);
});
