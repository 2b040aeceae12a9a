/**
 * The same-hour-of-previous-days test from the command line: `pack --fit hod:N` on a generated
 * week's first days, judged on its last (`--eval`), gives in its JSON the packing the engine gives
 * for the same matrix and parameters, and a bin width of 0 is refused, naming it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  CORRELATED_WEEK,
  WorkloadStats,
  correlatedWeek,
  identityRows,
  judgeMachines,
  matrixFrom,
  parseFit,
  runPacking,
  sliceColumns,
} from '../engine/index.ts';
import { encodeNpy } from '../engine/data/readers/npy.ts';
import { parseOptions } from './args.ts';
import { pack } from './commands/pack/pack.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-hod-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pack --fit hod', () => {
  const week = correlatedWeek({ ...CORRELATED_WEEK, tasks: 40, days: 3, seed: 7 }).usage;
  const scaled = matrixFrom(
    week.rows,
    week.cols,
    Float32Array.from(week.data, (v) => v * 4),
  );
  const day = 86_400 / CORRELATED_WEEK.step;
  const learn = sliceColumns(scaled, { start: 0, end: 2 * day });
  const judge = sliceColumns(scaled, { start: 2 * day, end: 3 * day });
  const write = (name: string, m: typeof learn) => {
    const file = join(dir, name);
    writeFileSync(file, encodeNpy(m.data, [m.rows, m.cols]));
    return file;
  };
  const [L, J] = [write('L.npy', learn), write('J.npy', judge)];

  it("writes the engine's packing and its judged q in the JSON", () => {
    const lines: string[] = [];
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      pack.run(parseOptions(['--inst', L, '--eval', J, '--fit', 'hod:1'], pack.options), (l) =>
        lines.push(l),
      );
    } finally {
      quiet.mockRestore();
    }
    const json = JSON.parse(lines[0]) as { m_abs: number; q_eval_worst: number };
    const engine = runPacking(new WorkloadStats({ inst: learn, avg: null }), identityRows(40), {
      packer: 'bf',
      fit: parseFit('hod:1'),
      capacity: 1,
      clairvoyance: 1,
      source: 'inst',
      rebalance: 5,
    });
    expect(json.m_abs).toBe(engine.mAbs);
    const machines = engine.machines.map((m) => Int32Array.from(m.tasks));
    expect(json.q_eval_worst).toBeCloseTo(judgeMachines(machines, judge, 1, 0.01).worst, 12);
    expect(engine.mAbs).toBeGreaterThan(1);
    expect(json.q_eval_worst).toBeGreaterThan(0);
  });

  it('refuses a bin width of 0, naming it', () => {
    expect(() => parseOptions(['--inst', L, '--fit', 'hod:3:0'], pack.options)).toThrow(
      /bin width \(minutes\): 0/,
    );
  });
});
