/**
 * Part of the import check (`npm run lint`): the views are listed in one place, the view registry
 * (`src/state/common/views/views.ts`, the names in `VIEWS` of `params.ts` and the code in
 * `src/ui/viewComponents.ts`). Elsewhere in `src/` (tests aside) a view's name may name one view (a
 * link into it, `setParams({ view: 'learn' })`), but no `switch` or comparison over the open view's
 * name, no list of view names and no table keyed by `ViewId` — each a parallel list the next view
 * would have to find. Ask the view's entry for what it is instead (`viewEntry(view)`).
 */
import ts from 'typescript';

/** The files that may list the views. */
export const VIEW_REGISTRY_FILES: readonly string[] = [
  'src/state/common/views/views.ts',
  'src/state/common/store/params.ts',
  'src/ui/viewComponents.ts',
];

const isTest = (file: string) => /\.(test|bench)\.tsx?$/.test(file);

/** The view names of the `VIEWS` tuple in `params.ts`' text. */
export function viewNamesOf(paramsText: string): ReadonlySet<string> {
  const sf = ts.createSourceFile('params.ts', paramsText, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'VIEWS' &&
      node.initializer
    ) {
      const list = ts.isAsExpression(node.initializer)
        ? node.initializer.expression
        : node.initializer;
      if (ts.isArrayLiteralExpression(list))
        for (const e of list.elements) if (ts.isStringLiteral(e)) names.add(e.text);
    }
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

/** An expression that reads the open view (`view`, `p.view`, `props.view`, `state.params.view`). */
const readsView = (e: ts.Expression) => /(^|\.)view$/i.test(e.getText().replace(/\s+/g, ''));

/** Switches, comparisons, lists and tables over view names in `file` outside the registry. */
export function viewNameFindings(file: string, text: string, names: ReadonlySet<string>): string[] {
  if (!file.startsWith('src/') || isTest(file) || VIEW_REGISTRY_FILES.includes(file)) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const isName = (e: ts.Node) => ts.isStringLiteralLike(e) && names.has(e.text);
  const visit = (node: ts.Node) => {
    if (ts.isSwitchStatement(node) && readsView(node.expression)) {
      const cases = node.caseBlock.clauses.filter(
        (c) => ts.isCaseClause(c) && isName(c.expression),
      );
      if (cases.length > 0) found.push(`${at(node)}: a switch over the open view's name`);
    } else if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const [name, other] = isName(node.left)
        ? [node.left, node.right]
        : isName(node.right)
          ? [node.right, node.left]
          : [null, null];
      if (name && other && readsView(other))
        found.push(
          `${at(node)}: a comparison of the open view with '${name.getText().slice(1, -1)}'`,
        );
    } else if (
      ts.isArrayLiteralExpression(node) &&
      node.elements.length > 1 &&
      node.elements.every(isName)
    ) {
      found.push(`${at(node)}: a list of view names`);
    } else if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === 'Record' &&
      node.typeArguments?.[0]?.getText() === 'ViewId'
    ) {
      found.push(`${at(node)}: a table keyed by ViewId`);
    } else if (ts.isMappedTypeNode(node) && node.typeParameter.constraint?.getText() === 'ViewId') {
      found.push(`${at(node)}: a table keyed by ViewId`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.map((f) => `${f}; ask the view registry (state/common/views/views.ts) instead`);
}
