import { describe, expect, it, vi } from 'vitest';
import { FAMILIES } from '../../engine/index.ts';
import { parseOptions } from '../args.ts';
import { adviceReport } from './adviceReport.ts';

async function report(...argv: string[]): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await adviceReport.run(parseOptions(argv, adviceReport.options), (l) => lines.push(l));
  } finally {
    spy.mockRestore();
  }
  return lines.join('\n');
}

describe('advice-report on one history and one family', () => {
  it('runs the chosen week and families only (any tuned family), says it is partial, and skips the split when asked', async () => {
    const text = await report(
      ...['--history', 'week-2', '--families', 'empm,hod', '--no-gap', '--week-tasks', '60'],
    );
    expect(text).toContain('A partial run (histories: week-2; families: empm, hod; gap not split)');
    expect(text).toContain('### Correlated week, seed 2');
    expect(text).not.toContain('seed 1');
    expect(text).not.toContain('Google');
    expect(text).not.toContain('## Where the machines above the oracle come from');
    const familyRows = text
      .split('\n')
      .map((l) => l.split('|')[1]?.replace(/\*/g, '').trim())
      .filter((cell) => FAMILIES.includes(cell as never));
    expect(familyRows).toEqual(['empm', 'hod']);
  });

  it('refuses an unknown history or family, naming it and the known ones', async () => {
    await expect(report('--history', 'week-9')).rejects.toThrow(
      /--history: no history "week-9" \(one of: google-gcd-jobs, .*week-6\)/,
    );
    await expect(report('--families', 'empm,nope')).rejects.toThrow(
      /--families: no families "nope"/,
    );
  });
});
