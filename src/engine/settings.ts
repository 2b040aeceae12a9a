/**
 * A setting named in a message, in the words of the program that shows it: the command line's
 * flag in a terminal, the page's field where the page has one. An engine message names the setting
 * by both (`setting('duplicates refuse', 'ticking "refuse a repeated timestamp"')`), each chunk
 * carrying its own words (the first page's budget holds no table of all), so one message reads
 * right in both worlds. The page runs
 * in a browser (a document, or a Web Worker's global scope) and the command line in Node, so the
 * world is told by the global scope, with nothing to configure at either entry.
 * `scripts/pageFlags.test.ts` reads every text the page's modules can show for a flag; this file is
 * the one place that puts the dashes before a flag.
 */

type Audience = 'page' | 'cli';

/** A command-line option as the command line names it. */
export const cliFlag = (name: string): string => `--${name}`;

/**
 * A setting in `audience`'s words: its flag (`flag`, the option without its dashes, with a value
 * where the message needs one) on the command line; on the page its field (`field`, the label and
 * where it is), or, where the page has none, the command line's option named without dashes.
 */
export function settingIn(audience: Audience, flag: string, field?: string): string {
  if (audience === 'cli') return cliFlag(flag);
  return field ?? `the command line's ${flag}`;
}

const inBrowser = (): boolean => {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return scope.document !== undefined || scope.WorkerGlobalScope !== undefined;
};

/** The setting in the words of the program running this code (the page or the command line). */
export function setting(flag: string, field?: string): string {
  return settingIn(inBrowser() ? 'page' : 'cli', flag, field);
}
