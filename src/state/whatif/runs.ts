/**
 * The Replay view's run, one run slot (runSlot.ts, latest wins): the two sides replayed on the
 * user's data when they are loaded (files or Prometheus), else on the bundled history read by the
 * ingestion worker; each side is one unit of the `whatifReplay` job on the engine's workers. The
 * run is keyed by what changes its numbers (the data, the scenario, the seed, the sides).
 */
import { useStore } from 'zustand';
import type { TaskSamples } from '../../engine/data/index.ts';
import type { AlignOptions } from '../../engine/index.ts';
import { createIngest, type FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import type { WhatIfSide, WhatIfSideOut } from '../../runtime/jobs/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import { runSlice, type Work } from '../common/runs/runSlot.ts';
import { bundledSamples, type LoadedSeries } from '../common/sources/seriesSource.ts';
import { scenarioOf, type WhatifSettings } from './params.ts';

export type { WhatIfSideOut };

export interface WhatifResult {
  /** What was replayed: the loaded data's name, or the bundled history's id. */
  readonly on: string;
  readonly sides: readonly WhatIfSideOut[];
}

const { store: whatifRuns, slots } = runSlice<{ replay: WhatifResult }>(['replay']);
export { whatifRuns };

export function useWhatifRuns<T>(selector: (s: ReturnType<typeof whatifRuns.getState>) => T): T {
  return useStore(whatifRuns, selector);
}

let ingest: FileIngest | null = null;

/** The ingestion the slice loads through (default: the page's worker; tests pass their own). */
export function setWhatifIngest(i: FileIngest): void {
  ingest = i;
}

export function sidesOf(s: WhatifSettings): WhatIfSide[] {
  return [
    { scheduler: s.a, knob: s.aKnob },
    { scheduler: s.b, knob: s.bKnob },
  ];
}

export const replayKey = (s: WhatifSettings, data: LoadedSeries | null = null) =>
  JSON.stringify([
    data ? data.key : s.history,
    s.learn,
    s.target,
    scenarioOf(s),
    s.seed,
    sidesOf(s),
  ]);

function replayWork(runner: Runner, s: WhatifSettings, data: LoadedSeries | null) {
  const work: Work<WhatifResult> = async (signal, progress) => {
    let samples: TaskSamples;
    let align: AlignOptions | undefined;
    if (data) ({ samples, align } = data);
    else {
      ingest ??= createIngest();
      samples = await bundledSamples(ingest, s.history, progress, signal);
    }
    const label = `Replaying ${s.a} and ${s.b} on ${data ? data.title : s.history}`;
    progress({ label, done: 0, total: 0 });
    const sides = await runner.runJob(
      null,
      'whatifReplay',
      {
        samples,
        align,
        learn: s.learn,
        scenario: scenarioOf(s),
        seed: s.seed,
        target: s.target,
        sides: sidesOf(s),
      },
      { signal, onProgress: (p) => progress({ label, ...p }) },
    );
    return { on: data ? data.title : s.history, sides };
  };
  return work;
}

/** Replays the two sides of `s` on `data` (the user's, else the bundled history), unless done. */
export async function refreshWhatif(
  runner: Runner,
  s: WhatifSettings,
  force = false,
  data: LoadedSeries | null = null,
): Promise<void> {
  const key = replayKey(s, data);
  const st = whatifRuns.getState().replay;
  if (st.key === key && !(force && st.status !== 'running' && st.result?.key !== key)) return;
  await slots.replay.start('', key, key, replayWork(runner, s, data));
}

export function cancelWhatif(): void {
  slots.replay.cancel();
}
