/**
 * The group margin from the command line, which registers it at start (the page does not): `pack`
 * names it in its fit notation, and `tune --mode aligned --families grpm` tunes it by walk-forward
 * on a generated week written as a CSV.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORRELATED_WEEK, correlatedWeek, correlatedWeekCsv } from '../engine/index.ts';
import { inProcess } from './testing/run.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-grpm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('grpm on the command line', () => {
  it('is in the fit notation of pack', async () => {
    const r = await inProcess('pack', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/grpm/);
  });

  it('is tuned by walk-forward and judged on the later days', async () => {
    const csv = join(dir, 'week.csv');
    writeFileSync(
      csv,
      correlatedWeekCsv(correlatedWeek({ ...CORRELATED_WEEK, tasks: 30, days: 4 })),
    );
    const r = await inProcess(
      ...['tune', '--mode', 'aligned', '--data', csv, '--step', '300', '--learn', '0:0.75'],
      ...['--families', 'grpm', '--target', '0.01', '--json'],
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/"grpm:[0-9.]+"/);
  });
});
