import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORRELATED_WEEK, correlatedWeek, correlatedWeekCsv } from '../engine/index.ts';
import { parseOptions } from './args.ts';
import { COMMANDS } from './commands/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-generate-'));

async function run(...argv: string[]): Promise<Record<string, unknown>> {
  const out: string[] = [];
  await COMMANDS.generate.run(parseOptions(argv, COMMANDS.generate.options), (l) => out.push(l));
  return JSON.parse(out.join('\n')) as Record<string, unknown>;
}

describe('generate', () => {
  it('writes the engine’s week for its flags (days and the shift from 1 on the command line)', async () => {
    const path = join(dir, 'w.csv');
    const got = await run(
      ...['--out', path, '--tasks', '30', '--days', '3', '--groups', '3', '--seed', '5'],
      ...['--shift-day', '3', '--shift-share', '0.5', '--aligned-days', '2,3'],
    );
    expect(got.instants).toBe(3 * 288);
    const expected = correlatedWeek({
      ...CORRELATED_WEEK,
      ...{ tasks: 30, days: 3, groups: 3, seed: 5, shiftDay: 2, shiftShare: 0.5, shiftSize: 0.5 },
      alignedDays: [1, 2],
    });
    expect(readFileSync(path, 'utf8')).toBe(correlatedWeekCsv(expected));
  });

  it('refuses a day outside the week, naming the flag', async () => {
    const out = join(dir, 'x.csv');
    await expect(run('--out', out, '--days', '7', '--aligned-days', '6,9')).rejects.toThrow(
      /--aligned-days 6,9: "9" is not a day from 1 to 7/,
    );
    await expect(run('--out', out, '--days', '5', '--shift-day', '6')).rejects.toThrow(
      /--shift-day 6: the week has 5 days/,
    );
  });
});
