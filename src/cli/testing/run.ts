/**
 * The command line in a test, two ways with one result shape (spawnSync's): `inProcess` calls
 * runCli here, paying the module graph once per test file; `binary` starts `tsx src/cli/main.ts`
 * (seconds of start-up each), kept for what only a process shows: its exit code and its streams.
 */
import { spawnSync } from 'node:child_process';
import { runCli } from '../main.ts';

export interface CliResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `args` through runCli. stderr holds the messages runCli reports and anything a command
 * writes to process.stderr itself meanwhile, so an assertion on it sees what the binary would print.
 */
export async function inProcess(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    err.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    return true;
  }) as typeof process.stderr.write;
  try {
    const status = await runCli(args, {
      out: (line) => out.push(line + '\n'),
      err: (line) => err.push(line + '\n'),
    });
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stderr.write = write;
  }
}

/** Runs `args` in a new process of the real binary. */
export function binary(args: readonly string[], timeout = 120_000): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    encoding: 'utf8',
    timeout,
  });
  if (r.error) throw r.error;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
