import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { binary, inProcess } from './testing/run.ts';

const WRONG_ARGUMENTS: [string[], RegExp][] = [
  [['pack', '--inst', 'x.npy', '--fit', 'gpa:2'], /invalid ρ: 2/],
  [['pack', '--inst', 'x.npy', '--algo', 'worst'], /invalid --algo "worst"/],
  [['pack', '--bogus', '1'], /unknown option --bogus/],
  [['pack', '--inst', 'x.npy', '--capacity', 'big'], /invalid capacity: "big" \(not a number\)/],
  [['pack'], /--inst is required/],
  [['frobnicate'], /unknown command "frobnicate"/],
];

describe('the command line', () => {
  it.each(Object.keys(COMMANDS))('%s --help lists its options and exits 0', async (name) => {
    const r = await inProcess(name, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run cli -- /);
    for (const option of Object.keys(COMMANDS[name].options))
      expect(r.stdout).toContain(`--${option}`);
  });

  it('answers a wrong argument with one line naming it, and exit code 2', async () => {
    for (const [args, message] of WRONG_ARGUMENTS) {
      const r = await inProcess(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it('names a missing file, with exit code 1', async () => {
    const r = await inProcess('pack', '--inst', 'no/such.npy');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no\/such\.npy: no such file/);
  });
});

describe('the command line as a process', () => {
  it('prints help on stdout and exits 0', () => {
    const r = binary(['pack', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run cli -- pack/);
    expect(r.stderr).toBe('');
  });

  it('exits 2 on a wrong argument, with one line on stderr and nothing on stdout', () => {
    const [args, message] = WRONG_ARGUMENTS[0];
    const r = binary(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('exits 1 on a missing file, naming it on stderr', () => {
    const r = binary(['pack', '--inst', 'no/such.npy']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no\/such\.npy: no such file/);
  });
});
