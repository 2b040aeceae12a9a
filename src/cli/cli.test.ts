import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.ts';

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the command line', () => {
  it.each(Object.keys(COMMANDS))('%s --help lists its options and exits 0', (name) => {
    const r = cli(name, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run cli -- /);
    for (const option of Object.keys(COMMANDS[name].options))
      expect(r.stdout).toContain(`--${option}`);
  });

  it('answers a wrong argument with one line naming it, and exit code 2', () => {
    const cases: [string[], RegExp][] = [
      [['pack', '--inst', 'x.npy', '--fit', 'gpa:2'], /invalid ρ: 2/],
      [['pack', '--inst', 'x.npy', '--algo', 'worst'], /invalid --algo "worst"/],
      [['pack', '--bogus', '1'], /unknown option --bogus/],
      [
        ['pack', '--inst', 'x.npy', '--capacity', 'big'],
        /invalid capacity: "big" \(not a number\)/,
      ],
      [['pack'], /--inst is required/],
      [['frobnicate'], /unknown command "frobnicate"/],
    ];
    for (const [args, message] of cases) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it('names a missing file, with exit code 1', () => {
    const r = cli('pack', '--inst', 'no/such.npy');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no\/such\.npy: no such file/);
  });
});
