/**
 * Command-line flags in text the page can show: the page's modules are those reachable from its
 * entries (`src/main.tsx` and the workers) by relative imports, static or dynamic; every string,
 * template and JSX text in them is read for `--name`. The page names its own fields, so a flag of
 * ours found there is a message written for the command line only: `engine/settings.ts`, which
 * names a setting in both worlds, is the one file that spells flags, and is not read. Flags of other programs the user must start (Prometheus, the VPA
 * recommender) are named as they are.
 */
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { importsOf } from './checkImports.ts';
import { isTest } from './nameSites.ts';

/** The one file that spells the command line's flags, for the command line. */
export const FLAG_NAMES = 'src/engine/settings.ts';

export const PAGE_ENTRIES = [
  'src/main.tsx',
  'workers/engine.worker.ts',
  'workers/ingest.worker.ts',
];

/** Flags of other programs, which the page tells the user to give to them. */
export const FOREIGN_FLAGS: readonly string[] = [
  '--web.cors.origin',
  '--target-cpu-percentile',
  '--recommendation-margin-fraction',
];

const resolve = (to: string): string | null => {
  for (const f of [to, `${to}.ts`, `${to}.tsx`, `${to}/index.ts`])
    if (/\.tsx?$/.test(f) && existsSync(f)) return f;
  return null;
};

/** The page's source files (paths from the repository, which is the working directory). */
export function pageFiles(entries: readonly string[] = PAGE_ENTRIES): string[] {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || isTest(file)) continue;
    seen.add(file);
    for (const edge of importsOf(file, readFileSync(file, 'utf8'))) {
      const to = resolve(edge.to);
      if (to && !edge.typeOnly) stack.push(to);
    }
  }
  return [...seen].sort();
}

export interface FlagFinding {
  readonly file: string;
  readonly line: number;
  readonly flag: string;
}

const FLAG = /(?<![\w-])--[a-z][\w.-]*|(?<![\w-])--$/g;

/** The flags in a file's strings, templates and JSX text, but the foreign ones. */
export function flagsIn(file: string, text: string): FlagFinding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FlagFinding[] = [];
  const read = (node: ts.Node, value: string) => {
    for (const m of value.matchAll(FLAG)) {
      if (FOREIGN_FLAGS.some((f) => m[0].startsWith(f))) continue;
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ file, line, flag: m[0] });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) read(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      read(node, node.text);
    else if (ts.isJsxText(node)) read(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
