/**
 * The import graph and size check (`npm run lint`): no import cycle, no import a layer may not make
 * (the same LAYER_RULES as lint), no wing's state or view importing another wing's (but through
 * its declared entries), no file of src/state outside
 * a folder, no file of src/ over 500 lines, no function over 120 lines outside tests, no view
 * starting work (below), no import from another layer reaching past a wing's door (its index.ts).
 * Prints each finding and exits non-zero if there is any; `--doors` lists the deep imports alone.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { LAYER_ALLOW_LIST, LAYER_RULES } from '../eslint.config.js';
import { viewNameFindings, viewNamesOf } from './viewNames.ts';
import { formatNameProblems, formatNamesOf } from './formatNames.ts';
import { isTest } from './nameSites.ts';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 120;

// ===== ALLOW-LIST: functions still over the limit and cycles still to cut (each to be split). =====
export const SIZE_ALLOW_LIST: readonly string[] = [];
export const FUNCTION_ALLOW_LIST: readonly string[] = [];
export const CYCLE_ALLOW_LIST: readonly string[] = [];
// ===== END ALLOW-LIST =====

type LayerName = string;

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly line: number;
  readonly typeOnly: boolean;
}

export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const rel = join(dir, name);
      if (statSync(join(root, rel)).isDirectory()) {
        if (name !== 'build' && name !== 'node_modules') walk(rel);
      } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}

export function layerOf(file: string): LayerName | null {
  if (file.startsWith('workers/')) return 'workers';
  const top = file.split('/')[1];
  return file.startsWith('src/') && top in LAYER_RULES ? top : null;
}

/** The relative imports and re-exports of a file (static and dynamic), resolved to repo paths. */
export function importsOf(file: string, text: string): ImportEdge[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (spec: ts.Expression | undefined, node: ts.Node, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    edges.push({ from: file, to: normalize(join(dirname(file), spec.text)), line, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node))
      add(node.moduleSpecifier, node, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node, node.isTypeOnly);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0
    )
      add(node.arguments[0], node, false);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

/** Functions longer than `max` lines: [name, first line, lines]. */
export function longFunctions(file: string, text: string, max: number): [string, number, number][] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: [string, number, number][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      if (end - start + 1 > max) found.push([functionName(node), start, end - start + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

/** Strongly connected components with more than one file (Tarjan), each a cycle of imports. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

/** An import its layer may not make (types-only imports pass where the rule allows types). */
export function layerViolation(e: ImportEdge): string | null {
  const from = layerOf(e.from);
  const to = layerOf(e.to);
  if (!from || !to || from === to || isTest(e.from)) return null;
  const rule = LAYER_RULES[from];
  if (rule.may.includes(to) || (e.typeOnly && rule.typesFrom?.includes(to))) return null;
  const allowed = LAYER_ALLOW_LIST.some((a) => a.file === e.from && a.allow.includes(to));
  return allowed ? null : `${e.from}:${e.line}: ${from} may not import ${to} (${e.to})`;
}

/** The folder of src/state every wing may use; each other folder of src/state is one wing's. */
export const SHARED_STATE = 'common';

/** The wing whose state a file is (`src/state/<wing>/…`), or null for shared state and other layers. */
export function stateWingOf(file: string): string | null {
  const folder = /^src\/state\/([^/]+)\//.exec(file)?.[1];
  return folder && folder !== SHARED_STATE ? folder : null;
}

/** An import of one wing's state from another wing's (shared state may import every wing). */
export function wingViolation(e: ImportEdge): string | null {
  const from = stateWingOf(e.from);
  const to = stateWingOf(e.to);
  if (!from || !to || from === to || isTest(e.from)) return null;
  return `${e.from}:${e.line}: the ${from} wing may not import the ${to} wing's state (${e.to})`;
}

/** The wing whose view a file is (`src/ui/<wing>/…`); views at the top of src/ui are shared. */
export function uiWingOf(file: string): string | null {
  return /^src\/ui\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/**
 * The single entries through which one wing's view uses another wing's: each names what it gives
 * and to whom. Anything else of another wing's ui/ or state/ folder is refused.
 */
export const WING_ENTRIES: Readonly<Record<string, string>> = {
  'src/ui/learn/TraceStepper.tsx': "the lessons' step-through, embedded in Pack's decisions",
  'src/ui/pack/ab/AbCompare.tsx': "Pack's A/B comparison, embedded in the Trade-off view",
  'src/state/learn/params.ts': "the lessons' count, for Pack's links into a lesson",
  'src/state/pack/replay.ts': "the aligned replay's judgement, for the correlation lesson",
  'src/state/timeline/dayCurve.ts': "the day's window curve and its windows, for lesson 7",
  'src/ui/schedulers/SnippetBox.tsx':
    "a snippet with its Copy button, for the Requests view's YAML",
};

/** An import by one wing's view of another wing's view or state, outside the declared entries. */
export function uiWingViolation(e: ImportEdge): string | null {
  const from = uiWingOf(e.from);
  const to = uiWingOf(e.to) ?? stateWingOf(e.to);
  if (!from || !to || from === to || isTest(e.from) || e.to in WING_ENTRIES) return null;
  const layer = e.to.startsWith('src/ui/') ? 'view' : 'state';
  return `${e.from}:${e.line}: the ${from} view may not import the ${to} wing's ${layer} (${e.to}); use state/${SHARED_STATE}, the wing's own state or a declared entry`;
}

/**
 * State functions that run work (on the runner or the ingestion worker) outside any run slot. The
 * controller calls them (a wing's runs, state/common/runs/wingRun.ts; the upload previews); a view never
 * imports them. (A view may dispatch a slot's
 * start or retry from a click; an effect calling one is refused below.)
 */
export const WORK_STARTERS: Readonly<Record<string, readonly string[]>> = {
  'src/state/pack/exactQ.ts': ['meanExactQ'],
  'src/state/timeline/runs.ts': ['timelineSummaries'],
  'src/state/paper/lab.ts': ['computeLabFigure'],
  'src/state/common/sources/uploadPanel.ts': ['previewUploads'],
};

/** A call that starts work: a runner's job, a controller's preview, a state work starter. */
const STARTS_WORK = /^(runJob|previewFiles|upload|start[A-Z]\w*|sync[A-Z]\w*|refresh[A-Z]\w*)$/;

/** Work started by a view: an import of a work starter, or an effect calling one. */
export function viewWork(file: string, text: string): string[] {
  if (!file.startsWith('src/ui/') || isTest(file)) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const starters = (target: string) => WORK_STARTERS[normalize(join(dirname(file), target))] ?? [];
  const calls = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (STARTS_WORK.test(name))
        found.push(`${at(node)}: an effect starts work (${name}); declare it in its wing's runs`);
    }
    ts.forEachChild(node, calls);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named) && !node.importClause?.isTypeOnly)
        for (const el of named.elements)
          if (
            !el.isTypeOnly &&
            starters(node.moduleSpecifier.text).includes((el.propertyName ?? el.name).text)
          )
            found.push(
              `${at(node)}: a view imports the work starter ${(el.propertyName ?? el.name).text}`,
            );
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /^use(Layout)?Effect$/.test(node.expression.text) &&
      node.arguments[0]
    )
      calls(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The doors: each folder of the engine is a wing entered through its `index.ts`, and so is every
 * other folder inside a layer that holds an `index.ts` (the runtime's jobs); the outermost door
 * around a file is the one to use. Layer roots (`src/engine/index.ts`, `src/kernels/index.ts`) are
 * not doors here: the engine's own top files stay importable, and a layer's rules say who may enter.
 */
export function doorOf(file: string, hasIndex: (dir: string) => boolean): string | null {
  const wing = /^src\/engine\/[^/]+\//.exec(file);
  if (wing) return `${wing[0]}index.ts`;
  const parts = file.split('/');
  for (let k = 3; k < parts.length; k++) {
    const dir = parts.slice(0, k).join('/');
    if (hasIndex(dir)) return `${dir}/index.ts`;
  }
  return null;
}

/** Whether the doors are enforced (`--doors` lists the deep imports whether or not). */
export const DOORS_ENFORCED = true;

/** An import from another layer into a wing's file other than its door (tests may reach in). */
export function doorViolation(
  e: ImportEdge,
  hasIndex: (dir: string) => boolean,
): { readonly door: string; readonly message: string } | null {
  const door = doorOf(e.to, hasIndex);
  if (!door || e.to === door || isTest(e.from)) return null;
  const wing = dirname(door);
  if (e.from.startsWith(`${wing}/`) || layerOf(e.from) === layerOf(e.to)) return null;
  const spec = relative(dirname(e.from), door);
  return {
    door,
    message: `${e.from}:${e.line}: imports ${e.to} past the door of ${wing}; import from '${spec.startsWith('.') ? spec : `./${spec}`}' (npx tsx scripts/doors.ts rewrites them)`,
  };
}

/** A source file at the top of src/state, where only the wing folders and the shared one live. */
export const looseStateFile = (file: string): boolean => /^src\/state\/[^/]+\.tsx?$/.test(file);

/** Imports past a wing's door, each with its message. */
export function deepImports(root: string): { edge: ImportEdge; door: string; message: string }[] {
  const files = sourceFiles(root, ['src', 'workers']);
  const indexed = new Set(files.filter((f) => f.endsWith('/index.ts')).map((f) => dirname(f)));
  const out: { edge: ImportEdge; door: string; message: string }[] = [];
  for (const file of files)
    for (const edge of importsOf(file, readFileSync(join(root, file), 'utf8'))) {
      const v = doorViolation(edge, (dir) => indexed.has(dir));
      if (v) out.push({ edge, ...v });
    }
  return out;
}

export function check(root: string): string[] {
  const files = sourceFiles(root, ['src', 'workers']);
  const problems: string[] = [];
  if (DOORS_ENFORCED)
    for (const d of deepImports(root)) problems.push(`import past a door: ${d.message}`);
  const graph = new Map<string, string[]>();
  const views = viewNamesOf(readFileSync(join(root, 'src/state/common/views/views.ts'), 'utf8'));
  const formats = formatNamesOf(root);
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const edges = importsOf(file, text);
    graph.set(
      file,
      edges.map((e) => e.to),
    );
    for (const e of edges) {
      const v = layerViolation(e);
      if (v) problems.push(`upward import: ${v}`);
      const w = wingViolation(e) ?? uiWingViolation(e);
      if (w) problems.push(`import across wings: ${w}`);
    }
    for (const w of viewWork(file, text)) problems.push(`view starting work: ${w}`);
    for (const v of viewNameFindings(file, text, views)) problems.push(`view names: ${v}`);
    for (const f of formatNameProblems(file, text, formats)) problems.push(`format names: ${f}`);
    if (looseStateFile(file))
      problems.push(`state outside a folder: ${file} (state/${SHARED_STATE}/ or state/<wing>/)`);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (file.startsWith('src/') && lines > MAX_FILE_LINES && !SIZE_ALLOW_LIST.includes(file))
      problems.push(`file over ${MAX_FILE_LINES} lines: ${file} (${lines})`);
    if (!isTest(file) && !FUNCTION_ALLOW_LIST.includes(file))
      for (const [name, line, n] of longFunctions(file, text, MAX_FUNCTION_LINES))
        problems.push(`function over ${MAX_FUNCTION_LINES} lines: ${file}:${line} ${name} (${n})`);
  }
  for (const c of cycles(graph))
    if (!c.every((f) => CYCLE_ALLOW_LIST.includes(f)))
      problems.push(`import cycle: ${c.join(' ↔ ')}`);
  return problems;
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === '') {
  const root = new URL('..', import.meta.url).pathname;
  if (process.argv.includes('--doors')) {
    const deep = deepImports(root);
    for (const d of deep) console.log(d.message);
    console.log(`checkImports: ${deep.length} import(s) past a wing's door`);
    process.exit(0);
  }
  const problems = check(root);
  for (const p of problems) console.log(p);
  console.log(
    problems.length
      ? `checkImports: ${problems.length} problem(s)`
      : `checkImports: no cycle, no upward import, no import across wings${DOORS_ENFORCED ? ', no import past a door' : ''}, no file or function over its limit`,
  );
  process.exit(problems.length ? 1 : 0);
}
