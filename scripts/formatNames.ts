/**
 * Part of the import check (`npm run lint`): the trace formats are to be listed in one place, the
 * format registry (today the names of `src/engine/data/formatIds.ts`; the modules of
 * `src/engine/data/formats/` as formats move there). Elsewhere in `src/` (tests aside) no `switch`
 * over format names, no comparison of a spec's or a file's format with a name, no list of format
 * names and no table keyed by `FormatId` / `TraceFormatId` — each a parallel list the next format
 * would have to find. The sites older than the registry are listed below with their count per
 * file: a file may lose findings as its formats move into the registry, never gain one, and a file
 * not listed may have none (a ratchet, as the size allow-list of checkImports.ts).
 */
import type ts from 'typescript';
import { isTest, nameSites, namesOf } from './nameSites.ts';

/** The files that may list the formats. */
export const FORMAT_REGISTRY_FILES: readonly string[] = ['src/engine/data/formatIds.ts'];
export const FORMAT_REGISTRY_DIR = 'src/engine/data/formats/';

/** The sites found when the rule was written, per file: the registry's work list. */
export const FORMAT_SITES_LEFT: Readonly<Record<string, number>> = {
  'src/cli/commands/realizeStream.ts': 1,
  'src/cli/commands/replayData.ts': 2,
  'src/engine/data/applyUnits.ts': 41,
  'src/engine/data/detect.ts': 1,
  'src/engine/data/loader.ts': 5,
  'src/engine/data/presets.ts': 1,
  'src/engine/data/preview.ts': 6,
  'src/engine/data/rawExtras.ts': 3,
  'src/engine/data/traces.ts': 4,
  'src/engine/replay/modeNames.ts': 1,
  'src/ingest/api.ts': 1,
  'src/ingest/estimate.ts': 3,
  'src/ingest/estimateNpy.ts': 2,
  'src/ingest/sourceStream.ts': 1,
  'src/state/common/controller/steps/convertInHand.ts': 1,
  'src/state/common/sources/promUrlFields.ts': 1,
};

/** The format names of the `FORMATS` and `TRACE_FORMATS` lists in `formatIds.ts`' text. */
export function formatNamesOf(formatIdsText: string): ReadonlySet<string> {
  return namesOf(formatIdsText, ['FORMATS', 'TRACE_FORMATS']);
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
  if (
    !file.startsWith('src/') ||
    isTest(file) ||
    FORMAT_REGISTRY_FILES.includes(file) ||
    file.startsWith(FORMAT_REGISTRY_DIR)
  )
    return [];
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

/**
 * The problems of one file: none while its findings stay within the count the work list allows;
 * else every finding, named, with where to put the knowledge instead.
 */
export function formatNameProblems(
  file: string,
  text: string,
  names: ReadonlySet<string>,
  left: Readonly<Record<string, number>> = FORMAT_SITES_LEFT,
): string[] {
  const found = formatNameFindings(file, text, names);
  if (found.length <= (left[file] ?? 0)) return [];
  const allowed = left[file] ?? 0;
  return found.map(
    (f) =>
      `${f}; ${found.length} such site(s) in the file, ${allowed} allowed: ask the format's entry in the registry (${FORMAT_REGISTRY_DIR}) instead`,
  );
}
