/**
 * Failures at a command's edge: file-system and DuckDB errors, option names every object
 * inherits, and numbers no machine can run, each one line naming what and where, exit code 2.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { SHARED } from './testing/peer.ts';
import { cliWithErrors } from './testing/reduce.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-failures-'));
const FIG1 = join(import.meta.dirname, '../engine/timeline/fixtures/fig1.csv');
const SLICE = join(SHARED, 'data/google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv');

/** The CLI's exit code, printed lines and what it wrote to stderr. */
const run = cliWithErrors;

function refused(r: { code: number; err: string }, why: RegExp) {
  expect(r.code).toBe(2);
  expect(r.err).toMatch(why);
  expect(r.err).not.toMatch(/\n\s+at /);
}

describe('file-system failures name the path, what and why', () => {
  it('ENOSPC on /dev/full', async () => {
    const r = await run('simulate', '--tasks', FIG1, '--placements', '/dev/full');
    refused(r, /cannot write \/dev\/full: no space left on device \(ENOSPC\)/);
  });

  it('ENOENT into a missing folder', async () => {
    const to = join(dir, 'missing', 'placements.csv');
    const r = await run('simulate', '--tasks', FIG1, '--placements', to);
    refused(r, new RegExp(`cannot write ${to}: no such file or folder \\(ENOENT\\)`));
  });

  it('EEXIST for paper --out /dev/null, before the lab runs', async () => {
    const r = await run('paper', '--synthetic', '50', '--out', '/dev/null');
    refused(r, /cannot create the folder \/dev\/null: .*\(EEXIST\)/);
  });
});

describe('DuckDB failures', () => {
  it('reduce --memory-limit abc names the setting', async () => {
    const r = await run(
      'reduce',
      '--usage',
      SLICE,
      '--out',
      join(dir, 'r'),
      '--memory-limit',
      'abc',
    );
    refused(r, /DuckDB refused its settings \(memory_limit=abc\)/);
  });
});

describe('option names every object inherits', () => {
  it.each(Object.keys(COMMANDS))('%s refuses them as unknown options', async (name) => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      refused(await run(name, `--${key}`, '5'), new RegExp(`unknown option --${key}`));
  });

  it('a command named after one is unknown', async () => {
    refused(await run('constructor'), /unknown command "constructor"/);
  });
});

describe('numbers no machine can run', () => {
  it.each([
    ['sweep', '--workers', '1e308'],
    ['paper', '--workers', '1000'],
    ['reduce', '--threads', '1e9'],
  ])('%s %s %s is refused with its bound', async (name, flag, value) => {
    refused(await run(name, flag, value), new RegExp(`invalid ${flag.slice(2)}: .*need .* ≤ \\d+`));
  });
});

describe('one number rule', () => {
  it.each(['oc:0x10', 'oc:0b1', 'lvrb:0x10:1', 'gpa:', 'gpa:Infinity'])(
    'pack --fit %s is refused as not a decimal',
    async (fit) => refused(await run('pack', '--fit', fit), /invalid fit test/),
  );

  it('subnormals are refused where a range meets 0', async () => {
    const window = await run('simulate', '--tasks', FIG1, '--window', '2.5e-324', '--json');
    refused(window, /invalid --window: 5e-324 .*too small to compute with/);
    const capacity = await run('sweep', '--capacity', '2.5e-324');
    refused(capacity, /invalid capacity: 5e-324 .*too small to compute with/);
  });
});
