import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { finalDecisions, nonEmpty, parseWideCsv, replayTrace } from '../../../engine/index.ts';
import { dataPath } from '../../../ingest/testing.ts';
import { createInlineRunner } from '../../inlineRunner.ts';

const samples = parseWideCsv(
  readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'), 'utf8'),
  'planetlab_20110303.csv',
  { scale: 0.25, percent: true },
);
const runner = createInlineRunner();
afterAll(() => runner.dispose());

describe('the packTrace job', () => {
  it('rebuilds the decisions of the packing the runner made: same machines, m_abs and q', async () => {
    const pool = await runner.createPool(samples, 1000, 3);
    const params = {
      packer: 'bf' as const,
      fit: { kind: 'gpa' as const, rho: 0.01 },
      capacity: 1,
      clairvoyance: 0.5,
      source: 'inst' as const,
      rebalance: 5,
    };
    const { result, rows } = await runner.pack(pool, { tasks: 300, instance: 2, seed: 3, params });
    const [out] = await runner.runJob(pool, 'packTrace', { rows, params });
    expect(out.mAbs).toBe(result.mAbs);
    expect(out.q).toBe(result.q);
    expect(out.means).toHaveLength(rows.length);
    expect(nonEmpty(replayTrace(out.trace))).toEqual(
      result.machines.map((m) => Array.from(m.tasks)),
    );
    expect(Array.from(finalDecisions(out.trace, rows.length)).every((k) => k > 0)).toBe(true);
  });
});
