/**
 * What the registry lints (`viewNames.ts`, `formatNames.ts`) look for, once: in a file of `src/`,
 * the switches, comparisons, lists and tables over one kind of name — each a parallel list the next
 * entry of a registry would have to find.
 */
import ts from 'typescript';

/** One kind of name and how a lint over it words its findings. */
export interface NameKind {
  readonly names: ReadonlySet<string>;
  /** An expression that reads the thing named (`p.view`, `spec.format`). */
  readonly reads: (e: ts.Expression) => boolean;
  /** Whether a switch with `cases` name cases, over an expression that `reads` or not, is one. */
  readonly switchCounts: (cases: number, reads: boolean) => boolean;
  /** The types whose `Record<…>` or mapped type is a table keyed by the names. */
  readonly keyTypes: ReadonlySet<string>;
  readonly words: {
    readonly switch: (cases: number) => string;
    readonly comparison: (name: string) => string;
    readonly list: string;
  };
}

export const isTest = (file: string) => /\.(test|bench)\.tsx?$/.test(file);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The string names in the lists given to the variables `variables` in `text`. */
export function namesOf(text: string, variables: readonly string[]): ReadonlySet<string> {
  const sf = ts.createSourceFile('names.ts', text, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) names.add(node.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      variables.includes(node.name.text) &&
      node.initializer
    )
      collect(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** Each site of `file` that uses `kind`'s names as a list, as `file:line: what`. */
export function nameSites(file: string, text: string, kind: NameKind): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const isName = (e: ts.Node) => ts.isStringLiteralLike(e) && kind.names.has(e.text);
  const visit = (node: ts.Node) => {
    if (ts.isSwitchStatement(node)) {
      const cases = node.caseBlock.clauses.filter(
        (c) => ts.isCaseClause(c) && isName(c.expression),
      ).length;
      if (kind.switchCounts(cases, kind.reads(node.expression)))
        found.push(`${at(node)}: ${kind.words.switch(cases)}`);
    } else if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const [name, other] = isName(node.left)
        ? [node.left, node.right]
        : isName(node.right)
          ? [node.right, node.left]
          : [null, null];
      if (name && other && kind.reads(other))
        found.push(`${at(node)}: ${kind.words.comparison(name.getText().slice(1, -1))}`);
    } else if (
      ts.isArrayLiteralExpression(node) &&
      node.elements.length > 1 &&
      node.elements.every(isName)
    ) {
      found.push(`${at(node)}: ${kind.words.list}`);
    } else if (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText() === 'Record' &&
      kind.keyTypes.has(node.typeArguments?.[0]?.getText() ?? '')
    ) {
      found.push(`${at(node)}: a table keyed by ${node.typeArguments![0].getText()}`);
    } else if (
      ts.isMappedTypeNode(node) &&
      kind.keyTypes.has(node.typeParameter.constraint?.getText() ?? '')
    ) {
      found.push(`${at(node)}: a table keyed by ${node.typeParameter.constraint!.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
