/**
 * The command line in a test, two ways with one result shape (spawnSync's): `inProcess` calls
 * runCli here, paying the module graph once per test file; `binary` starts the CLI in a process
 * (tsx's seconds of start-up each, unless prebuilt), kept for what only a process shows: its exit code and its streams.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../main.ts';

interface CliResult {
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

/**
 * The binary's command: `tsx src/cli/main.ts`, or its bundle when the unit suite built one
 * ($SLOPACK_PREBUILT, scripts/testBundles.ts: the same sources without tsx's seconds of start-up).
 */
export function binaryCommand(): string[] {
  const bundle = process.env.SLOPACK_PREBUILT && join(process.env.SLOPACK_PREBUILT, 'cli/main.mjs');
  return bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/cli/main.ts'];
}

/** Runs `args` in a new process of the real binary. */
export function binary(args: readonly string[], timeout = 120_000): CliResult {
  const r = spawnSync(process.execPath, [...binaryCommand(), ...args], {
    encoding: 'utf8',
    timeout,
  });
  if (r.error) throw r.error;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
