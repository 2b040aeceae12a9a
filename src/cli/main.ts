/** slopack's command line: `npm run cli -- <command> [options]`; `--help` on every command. */
import { DataError } from '../engine/index.ts';
import { UsageError, parseOptions } from './args.ts';
import { helpText } from './args.ts';
import { COMMANDS } from './commands/index.ts';
import { isSystemError, systemErrorText } from './files.ts';
import { withSettings } from './settingsFile.ts';

const GENERAL = `usage: npm run cli -- <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`)
  .join('\n')}

Run a command with --help for its options.`;

/** Where a run of the command line writes: result lines, and messages (errors, notes, progress). */
interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const processIo: CliIo = {
  out: (s) => void process.stdout.write(s + '\n'),
  err: (s) => void process.stderr.write(s + '\n'),
};

/**
 * Runs one command line in this process and resolves to its exit code: 0 done, 1 bad data, 2 bad
 * usage. The binary is this function on process.argv; tests and embedders call it directly.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(GENERAL);
    return name ? 0 : 2;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    if (!command)
      throw new UsageError(
        `unknown command "${name}" (expected ${Object.keys(COMMANDS).join(', ')})`,
      );
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(helpText(command.usage, command.summary, command.options));
      return 0;
    }
    await command.run(
      parseOptions(withSettings(rest, command.options), command.options),
      io.out,
      io.err,
    );
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`slopack ${name}: ${e.message}`);
      return 2;
    }
    if (e instanceof DataError) {
      io.err(`slopack ${name}: ${e.message}`);
      return 1;
    }
    io.err(`slopack ${name}: ${failureText(e)}`);
    return 2;
  }
}

/**
 * A failure no command named, as one line: a system call's (a file, a pipe) with its path and
 * errno; anything else by its message. The stack is printed only with SLOPACK_DEBUG set.
 */
function failureText(e: unknown): string {
  if (process.env.SLOPACK_DEBUG && e instanceof Error && e.stack) return e.stack;
  if (isSystemError(e)) return systemErrorText(e, e.syscall ?? 'use');
  if (e instanceof RangeError && /array buffer length|allocation failed/i.test(e.message))
    return `out of memory: ${e.message} (a smaller run, or fewer workers, fits)`;
  return e instanceof Error ? `failed: ${e.message}` : `failed: ${String(e)}`;
}

/** runCli with result lines to `out` and messages to stderr. */
export function main(argv: string[], out: (s: string) => void = processIo.out): Promise<number> {
  return runCli(argv, { out, err: processIo.err });
}

if (
  import.meta.url === `file://${process.argv[1]}` ||
  process.argv[1]?.endsWith('src/cli/main.ts')
) {
  // A closed pipe (`… | head -3`) ends the output quietly, as a Unix tool does.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
  // A failure outside the command's own await (a worker, a stream's event) is a message too.
  const last = (e: unknown) => {
    process.stderr.write(`slopack ${process.argv[2] ?? ''}: ${failureText(e)}\n`);
    process.exit(2);
  };
  process.on('uncaughtException', last);
  process.on('unhandledRejection', last);
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  }, last);
}
