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
import ts from 'typescript';

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

const isTest = (file: string) => /\.(test|bench)\.tsx?$/.test(file);

/** The format names of the `FORMATS` and `TRACE_FORMATS` lists in `formatIds.ts`' text. */
export function formatNamesOf(formatIdsText: string): ReadonlySet<string> {
  const sf = ts.createSourceFile('formatIds.ts', formatIdsText, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) names.add(node.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'FORMATS' || node.name.text === 'TRACE_FORMATS') &&
      node.initializer
    )
      collect(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** An expression that reads a format (`format`, `spec.format`, `r.report.format`, `f`). */
const readsFormat = (e: ts.Expression) =>
  /(^|\.)(format|formatId)$|^f$/i.test(e.getText().replace(/\s+/g, ''));

const FORMAT_TYPES = new Set(['FormatId', 'TraceFormatId']);

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
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const isName = (e: ts.Node) => ts.isStringLiteralLike(e) && names.has(e.text);
  const visit = (node: ts.Node) => {
    if (ts.isSwitchStatement(node)) {
      const cases = node.caseBlock.clauses.filter(
        (c) => ts.isCaseClause(c) && isName(c.expression),
      );
      if (cases.length > 1 || (cases.length === 1 && readsFormat(node.expression)))
        found.push(`${at(node)}: a switch over format names (${cases.length} cases)`);
    } else if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const [name, other] = isName(node.left)
        ? [node.left, node.right]
        : isName(node.right)
          ? [node.right, node.left]
          : [null, null];
      if (name && other && readsFormat(other))
        found.push(`${at(node)}: a comparison of a format with '${name.getText().slice(1, -1)}'`);
    } else if (
      ts.isArrayLiteralExpression(node) &&
      node.elements.length > 1 &&
      node.elements.every(isName)
    ) {
      found.push(`${at(node)}: a list of format names`);
    } else if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === 'Record' &&
      FORMAT_TYPES.has(node.typeArguments?.[0]?.getText() ?? '')
    ) {
      found.push(`${at(node)}: a table keyed by ${node.typeArguments![0].getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
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
