/** slopack's command line: `npm run cli -- <command> [options]`; `--help` on every command. */
import { DataError } from '../engine/index.ts';
import { UsageError, parseOptions } from './args.ts';
import { helpText } from './args.ts';
import { COMMANDS } from './commands/index.ts';

const GENERAL = `usage: npm run cli -- <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`)
  .join('\n')}

Run a command with --help for its options.`;

export async function main(
  argv: string[],
  out: (s: string) => void = (s) => void process.stdout.write(s + '\n'),
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    out(GENERAL);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  try {
    if (!command)
      throw new UsageError(
        `unknown command "${name}" (expected ${Object.keys(COMMANDS).join(', ')})`,
      );
    if (rest.includes('--help') || rest.includes('-h')) {
      out(helpText(command.usage, command.summary, command.options));
      return 0;
    }
    await command.run(parseOptions(rest, command.options), out);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`slopack ${name}: ${e.message}\n`);
      return 2;
    }
    if (e instanceof DataError) {
      process.stderr.write(`slopack ${name}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
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
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
