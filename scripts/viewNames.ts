/**
 * Part of the import check (`npm run lint`): the views are listed in one place, the view registry
 * (`src/state/common/views/views.ts`, the names in `VIEWS` of `params.ts` and the code in
 * `src/ui/viewComponents.ts`). Elsewhere in `src/` (tests aside) a view's name may name one view (a
 * link into it, `setParams({ view: 'learn' })`), but no `switch` or comparison over the open view's
 * name, no list of view names and no table keyed by `ViewId` — each a parallel list the next view
 * would have to find. Ask the view's entry for what it is instead (`viewEntry(view)`).
 */
import type ts from 'typescript';
import { isTest, nameSites, namesOf } from './nameSites.ts';

/** The files that may list the views. */
export const VIEW_REGISTRY_FILES: readonly string[] = [
  'src/state/common/views/views.ts',
  'src/state/common/store/params.ts',
  'src/ui/viewComponents.ts',
];

/** The view names of the `VIEWS` tuple in `params.ts`' text. */
export function viewNamesOf(paramsText: string): ReadonlySet<string> {
  return namesOf(paramsText, ['VIEWS']);
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
