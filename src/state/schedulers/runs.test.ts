import { afterAll, describe, expect, it } from 'vitest';
import type { LoadedData } from '../../ingest/api.ts';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { DEFAULT_SCHEDULERS, type SchedulersSettings } from './params.ts';
import {
  knobKey,
  pointKey,
  refreshSchedulers,
  schedulerRuns,
  setSchedulersIngest,
} from './runs.ts';
import { schedulerTabs } from './tabs.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

/** The ingestion contract over the real files in ../shared/data, counting the files read. */
const reads: string[] = [];
setSchedulersIngest({
  async loadFile(file, spec, onProgress, signal) {
    reads.push(file);
    const result = await loadDataset([await dataInput(file)], spec, { signal, onProgress });
    return { ...result, preset: null, hash: null } as LoadedData;
  },
  loadPreset: () => Promise.reject(new Error('no presets here')),
  loadFiles: () => Promise.reject(new Error('no files here')),
  previewFiles: () => Promise.reject(new Error('no previews here')),
} satisfies FileIngest);

const lvrb: SchedulersSettings = { ...DEFAULT_SCHEDULERS, scheduler: 'trimaran-lvrb' };

describe('the Schedulers slice over the inline runner and the real Azure V1 history', () => {
  it('lists a tab per scheduler of the catalog, LVRB among them', () => {
    expect(schedulerTabs().map((t) => t.info.name)).toContain('trimaran-lvrb');
  });

  it('tunes the knob, draws its curve, then a knob change packs once and reloads nothing', async () => {
    await refreshSchedulers(runner, lvrb);
    const s = schedulerRuns.getState();
    expect(s.history.status, s.history.error ?? '').toBe('ready');
    expect(s.knob.status, s.knob.error ?? '').toBe('ready');
    const h = s.history.result!.value;
    expect(h.tasks).toBe(100);
    expect(h.learn.cols + h.judge.cols).toBe(h.instants);
    const r = s.knob.result!.value;
    expect(r.curve.length).toBeGreaterThan(2);
    const chosen = r.advice.tuned ?? r.advice.closest!;
    // The tuned setting is a point of the curve: the same value packs and judges the same way.
    const onCurve = r.curve.find((p) => p.value === chosen.values[0])!;
    expect(onCurve.machines).toBe(chosen.machines);
    expect(onCurve.worst).toBe(chosen.judged.worst);
    // Both of Trimaran's fields are in the settings.
    expect(Object.keys(chosen.settings)).toEqual(['safeVarianceMargin', 'safeVarianceSensitivity']);
    // The knob tuned by the replay on the same bundled history (no user data loaded): fresh, as
    // no series carries a node label; its chosen value is one of the grid's.
    expect(s.replay.status, s.replay.error ?? '').toBe('ready');
    const replay = s.replay.result!.value;
    expect(replay.scenario).toBe('fresh');
    expect(replay.grid).toContain(replay.value ?? replay.closest);
    expect(replay.snippetSettings.safeVarianceMargin).toBe(replay.value ?? replay.closest);
    expect(replay.chosen.perNode.length).toBe(replay.chosen.nodes);

    const before = reads.length;
    const mine = { ...lvrb, knob: r.curve[0].value };
    await refreshSchedulers(runner, mine);
    const t = schedulerRuns.getState();
    expect(reads.length).toBe(before);
    expect(t.knob.result!.key).toBe(knobKey(lvrb));
    expect(t.point.status, t.point.error ?? '').toBe('ready');
    expect(t.point.result!.key).toBe(pointKey(mine));
    expect(t.point.result!.value.machines).toBe(r.curve[0].machines);
    expect(t.point.result!.value.worst).toBe(r.curve[0].worst);
  });

  it('says a history is too short, and keeps the last good result', async () => {
    const kept = schedulerRuns.getState().knob.result;
    await refreshSchedulers(runner, { ...lvrb, learn: 1e-5 });
    const s = schedulerRuns.getState();
    expect(s.history.status).toBe('error');
    expect(s.history.error).toMatch(/too short: 8004 instants, 0 learned/);
    expect(s.knob.result).toBe(kept);
  });
});
