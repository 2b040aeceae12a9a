/**
 * Part of the import check (`npm run lint`): the trace formats are listed in one place, the format
 * registry (the modules of `src/engine/data/formats/`, one line each in its `registry.ts`; the
 * names are the modules' `id`s, and its `formatIds.ts` holds only what the first page must know of a
 * format before any parser loads). Elsewhere in `src/` (tests aside) no `switch` over format names, no comparison of a spec's or a file's format
 * with a name, no list of format names and no table keyed by `FormatId` — each a
 * parallel list the next format would have to find: such code asks the format's entry instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type ts from 'typescript';
import { isTest, nameSites } from './nameSites.ts';

export const FORMAT_REGISTRY_DIR = 'src/engine/data/formats/';

/** The format names: the `id` of each format module in the registry's folder under `root`. */
export function formatNamesOf(root: string): ReadonlySet<string> {
  const dir = join(root, FORMAT_REGISTRY_DIR);
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !isTest(f))
    .map((f) => /^ {2}id: '([\w-]+)',$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]);
  return new Set(ids.filter((id) => id !== undefined));
}

/** An expression that reads a format (`format`, `spec.format`, `r.report.format`, `f`). */
const readsFormat = (e: ts.Expression) =>
  /(^|\.)(format|formatId)$|^f$/i.test(e.getText().replace(/\s+/g, ''));

/** Switches, comparisons, lists and tables over format names in `file` outside the registry. */
export function formatNameFindings(
  file: string,
  text: string,
  names: ReadonlySet<string>,
): string[] {
  if (!file.startsWith('src/') || isTest(file) || file.startsWith(FORMAT_REGISTRY_DIR)) return [];
  return nameSites(file, text, {
    names,
    reads: readsFormat,
    switchCounts: (cases, reads) => cases > 1 || (cases === 1 && reads),
    keyTypes: new Set(['FormatId', 'TraceFormatId']),
    words: {
      switch: (cases) => `a switch over format names (${cases} cases)`,
      comparison: (name) => `a comparison of a format with '${name}'`,
      list: 'a list of format names',
    },
  });
}

/** The problems of one file: every finding, named, with where to put the knowledge instead. */
export function formatNameProblems(
  file: string,
  text: string,
  names: ReadonlySet<string>,
): string[] {
  return formatNameFindings(file, text, names).map(
    (f) => `${f}: ask the format's entry in the registry (${FORMAT_REGISTRY_DIR}) instead`,
  );
}
