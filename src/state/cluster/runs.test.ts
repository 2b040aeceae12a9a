import { afterAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import type { LoadedData } from '../../ingest/api.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { FileIngest } from '../../runtime/ingestion/ingestClient.ts';
import { HARMONY_TYPES } from '../../engine/cluster/machineTypes.ts';
import { clusterRuns, compareKey, refreshCluster, setClusterIngest } from './runs.ts';
import { DEFAULT_CLUSTER, type ClusterSettings } from './params.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

/** The ingestion contract over the real files in ../shared/data, counting the files read. */
const reads: string[] = [];
const ingest: FileIngest = {
  async loadFile(file, spec, onProgress, signal) {
    reads.push(file);
    const result = await loadDataset([await dataInput(file)], spec, { signal, onProgress });
    return { ...result, preset: null, hash: null } as LoadedData;
  },
  loadPreset: () => Promise.reject(new Error('no presets here')),
  loadFiles: () => Promise.reject(new Error('no files here')),
  previewFiles: () => Promise.reject(new Error('no previews here')),
};
setClusterIngest(ingest);

const small: ClusterSettings = { ...DEFAULT_CLUSTER, realizations: 100, periods: 3, k: 2 };

describe('the Cluster slice over the inline runner and the real Bitbrains trace', () => {
  it('loads each resource once, then packs, classifies and provisions; a type edit repacks only', async () => {
    await refreshCluster(runner, small, 1);
    const s = clusterRuns.getState();
    for (const which of ['data', 'compare', 'classes', 'provision'] as const)
      expect(s[which].status, `${which}: ${s[which].error}`).toBe('ready');
    // CPU and memory, and the requests of each: four reads of the same file.
    expect(reads.length).toBe(4);
    expect(s.compare.result!.value.length).toBe(4);
    expect(s.provision.result!.value.result.relax.length).toBe(3);

    const edited = {
      ...small,
      types: HARMONY_TYPES.map((t, i) => (i === 0 ? { ...t, count: 0 } : t)),
    };
    await refreshCluster(runner, edited, 1);
    const t = clusterRuns.getState();
    expect(reads.length).toBe(4);
    expect(t.compare.result!.key).toBe(compareKey(edited, 1));
    const gpa = t.compare.result!.value[0].measure;
    expect(gpa.machinesByType[0]).toBe(0);
    expect(gpa.machinesByType).not.toEqual(s.compare.result!.value[0].measure.machinesByType);
  });
});
