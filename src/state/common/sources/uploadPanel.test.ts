/**
 * The upload panel's previews run from the controller's side (uploadPanel.ts): each new choice of
 * options supersedes the preview in flight, and only the newest lands, whichever answers first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Preview, PreviewOptions } from '../../../engine/index.ts';
import { createIngestApi } from '../../../ingest/api.ts';
import { dataPath } from '../../../ingest/testing.ts';
import { DEFAULT_PARAMS } from '../store/params.ts';
import { createExplorerStore } from '../store/store.ts';
import {
  chooseFiles,
  createUploadPanel,
  editUploadOptions,
  previewAtHand,
  previewUploads,
  WAITING_FOR_FILES,
  type UploadPanelStore,
} from './uploadPanel.ts';

const FILE = 'planetlab-cloudsim/planetlab_20110303.csv';

interface HeldPreview {
  readonly options: PreviewOptions;
  /** The real preview of the file under `options`. */
  readonly result: Promise<Preview>;
  /** Lets the preview answer the panel. */
  release(): void;
}

/** The real ingestion's previews, each held until the test releases it. */
function heldIngest() {
  const api = createIngestApi();
  const held: HeldPreview[] = [];
  const ingest = {
    previewFiles(files: readonly File[], options: PreviewOptions): Promise<Preview> {
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      const result = api.previewFiles(files, options);
      held.push({ options, result, release });
      return gate.then(() => result);
    },
  };
  return { ingest, held };
}

/** Lets a released preview's answer reach the panel. */
async function answer(h: HeldPreview): Promise<void> {
  h.release();
  await h.result;
  await new Promise((r) => setImmediate(r));
}

/** The panel with the real file at hand, every preview so far answered (guesses included). */
async function panelWithFile() {
  const { ingest, held } = heldIngest();
  const panel: UploadPanelStore = createUploadPanel();
  const stop = previewUploads(createExplorerStore(), ingest, panel);
  chooseFiles([new File([readFileSync(dataPath(FILE))], 'planetlab_20110303.csv')], false, panel);
  for (let i = 0; i < held.length; i++) await answer(held[i]);
  expect(panel.getState().preview?.error).toBeNull();
  return { panel, held, stop, answered: held.length };
}

const firstValue = (p: Preview | null) => p?.rows[0]?.inst[0];

describe('the upload preview under two quick option changes', () => {
  it('lands only the second when the first answers last', async () => {
    const { panel, held, stop, answered } = await panelWithFile();
    editUploadOptions({ taskSize: '0.5' }, panel);
    editUploadOptions({ taskSize: '0.25' }, panel);
    expect(held.map((h) => h.options.scale).slice(answered)).toEqual([0.5, 0.25]);
    const [first, second] = held.slice(answered);
    await answer(second);
    const landed = panel.getState().preview;
    expect(landed).toBe(await second.result);
    expect(panel.getState().previewFor?.options).toBe(panel.getState().options);
    await answer(first);
    expect(panel.getState().preview).toBe(landed);
    expect(firstValue(landed)).toBeCloseTo(firstValue(await first.result)! / 2, 12);
    expect(held).toHaveLength(answered + 2);
    stop();
  });

  it('lands nothing of the first when it answers first, then the second', async () => {
    const { panel, held, stop, answered } = await panelWithFile();
    const before = panel.getState().preview;
    editUploadOptions({ taskSize: '0.5' }, panel);
    editUploadOptions({ taskSize: '0.25' }, panel);
    const [first, second] = held.slice(answered);
    await answer(first);
    expect(panel.getState().preview).toBe(before);
    expect(panel.getState().previewFor?.options).not.toBe(panel.getState().options);
    await answer(second);
    expect(panel.getState().preview).toBe(await second.result);
    expect(panel.getState().preview?.spec).toMatchObject({ scale: 0.25 });
    stop();
  });

  it('lands nothing once the controller stops previewing', async () => {
    const { panel, held, stop, answered } = await panelWithFile();
    const before = panel.getState().preview;
    editUploadOptions({ taskSize: '0.5' }, panel);
    stop();
    await answer(held[answered]);
    expect(panel.getState().preview).toBe(before);
  });
});

describe('a confirmation typed while an edit is previewed', () => {
  it('waits for the preview of the options at hand, not the one before the edit', async () => {
    const { panel, held, stop, answered } = await panelWithFile();
    const before = panel.getState().preview;
    editUploadOptions({ taskSize: '0.5' }, panel);
    let confirmed: Preview | null | undefined;
    void previewAtHand(panel).then((p) => (confirmed = p));
    await new Promise((r) => setImmediate(r));
    expect(confirmed).toBeUndefined();
    await answer(held[answered]);
    expect(confirmed).toBe(await held[answered].result);
    expect(confirmed).not.toBe(before);
    expect(await previewAtHand(panel)).toBe(confirmed);
    stop();
  });
});

describe('a number box that does not read', () => {
  it('is shown as the preview, names its box, reads nothing, and keeps Use off until fixed', async () => {
    const { panel, held, stop } = await panelWithFile();
    const before = held.length;
    editUploadOptions({ minRecords: 'abc' }, panel);
    const read = await previewAtHand(panel);
    expect(held.length).toBe(before);
    expect(read?.error).toMatch(/keep tasks with at least N records: "abc"/);
    editUploadOptions({ minRecords: '24', taskSize: '-1' }, panel);
    expect((await previewAtHand(panel))?.error).toMatch(/Task size: "-1" — needs size > 0/);
    editUploadOptions({ taskSize: '0.5' }, panel);
    await answer(held[held.length - 1]);
    expect((await previewAtHand(panel))?.error).toBeNull();
    stop();
  });
});

describe('a link waiting for its files', () => {
  it('fills the form with its options once, and an edit is not undone by the link', () => {
    const upload = {
      names: ['cores.csv'],
      hash: 'ab'.repeat(32),
      format: 'columns',
      options: { unit: 'cores' as const, coresPerMachine: 16 },
    };
    const explorer = createExplorerStore({ params: { ...DEFAULT_PARAMS, upload, scale: 0.5 } });
    const panel = createUploadPanel();
    const stop = previewUploads(explorer, heldIngest().ingest, panel);
    expect(panel.getState().fromLink).toBeNull();
    const waiting = { ...explorer.getState().data, status: 'error' as const };
    explorer.setState({ data: { ...waiting, error: WAITING_FOR_FILES } });
    expect(panel.getState().options).toMatchObject({
      format: 'columns',
      unit: 'cores',
      coresPerMachine: '16',
      taskSize: '0.5',
    });
    expect(panel.getState().fromLink).not.toBeNull();
    editUploadOptions({ coresPerMachine: '8' }, panel);
    explorer.setState({ data: { ...waiting, error: 'refused' } });
    explorer.setState({ data: { ...waiting, error: WAITING_FOR_FILES } });
    expect(panel.getState().options.coresPerMachine).toBe('8');
    expect(panel.getState().fromLink).toBeNull();
    stop();
  });
});
