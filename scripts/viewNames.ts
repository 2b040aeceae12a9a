/**
 * Part of the import check (`npm run lint`): the views are listed in one place, the view registry
 * (`src/state/common/views/views.ts`: each view's name is a key of its `ENTRIES`; its code is found
 * by that name in `src/ui/viewComponents.ts`). Elsewhere in `src/` (tests aside) a view's name may name one view (a
 * link into it, `setParams({ view: 'learn' })`), but no `switch` or comparison over the open view's
 * name, no list of view names and no table keyed by `ViewId` — each a parallel list the next view
 * would have to find. Ask the view's entry for what it is instead (`viewEntry(view)`).
 */
import ts from 'typescript';
import { isTest, nameSites } from './nameSites.ts';

/** The files that may list the views. */
export const VIEW_REGISTRY_FILES: readonly string[] = [
  'src/state/common/views/views.ts',
  'src/ui/viewComponents.ts',
];

/** The view names: the keys of the registry's `ENTRIES` in `views.ts`' text. */
export function viewNamesOf(viewsText: string): ReadonlySet<string> {
  const sf = ts.createSourceFile('views.ts', viewsText, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'ENTRIES' && node.initializer) {
      let init: ts.Expression = node.initializer;
      while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init))
        for (const p of init.properties) if (p.name) names.add(p.name.getText().replace(/'/g, ''));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** An expression that reads the open view (`view`, `p.view`, `props.view`, `state.params.view`). */
const readsView = (e: ts.Expression) => /(^|\.)view$/i.test(e.getText().replace(/\s+/g, ''));

/** Switches, comparisons, lists and tables over view names in `file` outside the registry. */
export function viewNameFindings(file: string, text: string, names: ReadonlySet<string>): string[] {
  if (!file.startsWith('src/') || isTest(file) || VIEW_REGISTRY_FILES.includes(file)) return [];
  return nameSites(file, text, {
    names,
    reads: readsView,
    switchCounts: (cases, reads) => reads && cases > 0,
    keyTypes: new Set(['ViewId']),
    words: {
      switch: () => "a switch over the open view's name",
      comparison: (name) => `a comparison of the open view with '${name}'`,
      list: 'a list of view names',
    },
  }).map((f) => `${f}; ask the view registry (state/common/views/views.ts) instead`);
}
