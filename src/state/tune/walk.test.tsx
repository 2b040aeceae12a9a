/**
 * The Tune view's walk-forward advice on loaded data, over the inline runner: 200 of the real
 * Google 2011 jobs (one day, five-minute samples, no timestamps: four blocks), learned in the
 * morning and judged in the afternoon. The folds stay inside the learned half, the pick is the
 * fewest machines among the families that held on every fold, and the drift alarm is the engine's
 * on the same halves; the panel shows the folds, the verdict and the alarm.
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ALIGNED_FAMILIES, driftAlarm, formatFit, parseWideCsv } from '../../engine/index.ts';
import { dataPath } from '../../ingest/testing.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { WalkResultView } from '../../ui/tune/WalkResult.tsx';
import type { Dataset } from '../common/sources/datasets.ts';
import { DEFAULT_PARAMS } from '../common/store/params.ts';
import { walkHistory, walkWork, type WalkResult } from './walk.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

/** The first `n` jobs of the Google day, at the page's scale 0.25. */
function googleJobs(n: number): Dataset {
  const lines = readFileSync(dataPath('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv'), 'utf8')
    .split('\n')
    .slice(0, n + 1);
  const samples = parseWideCsv(Buffer.from(lines.join('\n')), 'gcd_vms_cpu_pct_wide.csv', {
    scale: 0.25,
    percent: true,
  });
  return { key: 'google-jobs', title: 'Google jobs', samples, align: {} } as unknown as Dataset;
}

describe('walk-forward advice on the loaded Google jobs', () => {
  const ds = googleJobs(200);
  const params = { ...DEFAULT_PARAMS, target: 0.01 };
  let r: WalkResult;

  it('tunes every aligned family on folds inside the learned half and picks among those that held', async () => {
    r = await walkWork(runner, ds, params)(new AbortController().signal, () => {});
    expect(r.tasks).toBe(200);
    expect(r.learned + r.judged).toBe(288);
    expect(r.families.map((f) => f.family)).toEqual([...ALIGNED_FAMILIES]);
    for (const f of r.families)
      for (const fold of f.folds) {
        expect(fold.fold.learn.start).toBe(0);
        expect(fold.fold.learn.end).toBe(fold.fold.judge.start);
        expect(fold.fold.judge.end).toBeLessThanOrEqual(r.learned);
      }
    const held = r.families.filter(
      (f) => f.fit !== null && f.folds.every((x) => x.slo.worst <= r.target),
    );
    const fewest = Math.min(...held.map((f) => f.machines.length));
    const pick = r.families.find((f) => f.family === r.pick);
    if (held.length === 0) expect(pick).toBeUndefined();
    else expect(pick?.machines.length).toBe(fewest);
    const h = walkHistory(ds);
    if (typeof h === 'string') throw new Error(h);
    const drift = driftAlarm(h.learn, h.judge, null, r.learned);
    expect(r.drift).toEqual(drift);
    // The afternoon runs above anything of the morning (docs/advice.md).
    expect(r.drift.fired).toBe(true);
  });

  it('shows the verdict, the pick’s folds and the drift alarm beside them', () => {
    const html = renderToStaticMarkup(<WalkResultView r={r} stale={false} />);
    const pick = r.families.find((f) => f.family === r.pick);
    if (pick?.fit) {
      expect(html).toContain(
        `Recommended: ${formatFit(pick.fit)} on ${pick.machines.length} machines`,
      );
      const folds = /data-testid="walk-folds".*?<tbody>(.*?)<\/tbody>/.exec(html)![1];
      expect(folds.match(/<tr>/g)).toHaveLength(pick.folds.length);
    } else expect(html).toContain('No setting is recommended');
    expect(html).toContain(
      r.drift.fired ? `Drift alarm: ${r.drift.message}` : 'Drift alarm: quiet',
    );
  });

  it('says why when the data have no time axis', () => {
    expect(walkHistory(null)).toMatch(/no data loaded/);
    expect(walkHistory({ samples: null } as unknown as Dataset)).toMatch(/no time axis/);
  });
});
