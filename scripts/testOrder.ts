/**
 * The unit suite's file order: longest first, so the last files to finish on the two workers are
 * short ones. Vitest orders by the durations it cached on an earlier run (node_modules/.vite), but a
 * clean clone (`.ci/run`) has no cache and would order by file size, which often starts a 30-second
 * file last. scripts/testDurations.json (written by `npm run test:durations` after a run) stands in
 * for the cache where the cache has no entry; a file in neither runs first, as Vitest does.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS = new URL('./testDurations.json', import.meta.url);

function committedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = committedDurations();
    const root = this.ctx.config.root;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(root, f.moduleId)}`;
    const duration = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(key(f))?.duration ?? committed[key(f)];
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const da = duration(a);
      const db = duration(b);
      if (da === undefined || db === undefined)
        return (da === undefined ? 0 : 1) - (db === undefined ? 0 : 1);
      return db - da;
    });
  }
}
