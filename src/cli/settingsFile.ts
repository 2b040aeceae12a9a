/**
 * The settings file of the commands on a cluster's history (those declaring `--settings`): a JSON
 * object of their shared flags, `{"prometheus": "http://…", "prometheus-header": ["X-Scope-OrgID=t"],
 * "cores-per-machine": 16, "namespace": "shop"}`, read from `--settings FILE` or `./slopack.json`,
 * so that a second command needs none of them again. Its values pass the flags' own checks, a
 * refusal naming the file; a flag on the command line replaces the file's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, parseOptions, type OptionSpec } from './args.ts';
import { clusterOptions } from './clusterFlags.ts';
import { promOptions } from './promOptions.ts';

export const SETTINGS_FILE = 'slopack.json';

/** The flags a settings file may hold: the connection's and the cluster's, not `--settings`. */
const SETTINGS = Object.keys({ ...promOptions, ...clusterOptions }).filter((k) => k !== 'settings');

/** The value of `--name` in argv (`--name V` or `--name=V`), or undefined. */
function given(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

const names = (argv: readonly string[], name: string) =>
  argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`));

function readSettings(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`--settings ${path}: cannot read it (${(e as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path}: not JSON (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`${path}: expected one JSON object of flags, e.g. {"prometheus": "…"}`);
  return value as Record<string, unknown>;
}

/** The file's flags as arguments, those the command line names left out. */
function settingsArguments(
  path: string,
  settings: Record<string, unknown>,
  argv: readonly string[],
): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (!SETTINGS.includes(key))
      throw new UsageError(
        `${path}: "${key.slice(0, 40)}" is not a setting (expected some of ${SETTINGS.join(', ')})`,
      );
    if (names(argv, key)) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== 'string' && typeof v !== 'number')
        throw new UsageError(`${path}: "${key}" must be a string or a number`);
      out.push(`--${key}`, String(v));
    }
  }
  return out;
}

/**
 * argv with the settings file's flags before it, for a command declaring `--settings`; the file's
 * values checked as the flags check them, a refusal naming the file.
 */
export function withSettings(
  argv: readonly string[],
  specs: Record<string, OptionSpec>,
  cwd = process.cwd(),
): readonly string[] {
  if (!Object.hasOwn(specs, 'settings')) return argv;
  const named = given(argv, 'settings');
  const beside = join(cwd, SETTINGS_FILE);
  const path = named ?? (existsSync(beside) ? beside : undefined);
  if (path === undefined) return argv;
  const extra = settingsArguments(path, readSettings(path), argv);
  try {
    parseOptions(extra, specs);
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(`${path}: ${e.message}`);
    throw e;
  }
  return [...extra, ...argv];
}
