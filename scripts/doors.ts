/**
 * The doors codemod (`npx tsx scripts/doors.ts`, re-runnable): every import from another layer
 * that reaches past a wing's door (scripts/checkImports.ts `deepImports`) is rewritten to import
 * the same names from the wing's `index.ts`. A name the door does not export yet is added to it
 * (`export { name } from './file.ts'`, `type` for a type), and a missing door is created. A name the
 * door already exports from another declaration, a namespace import or an `export *` is left as it
 * is and listed, to settle by hand. `--dry` lists what would change and writes nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { deepImports, type ImportEdge } from './checkImports.ts';

const root = new URL('..', import.meta.url).pathname;
const dry = process.argv.includes('--dry');

const relativeSpec = (from: string, to: string) => {
  const spec = relative(dirname(from), to);
  return spec.startsWith('.') ? spec : `./${spec}`;
};

/** One program over every source file, to ask what a door exports and what a name is. */
function program(files: readonly string[]): ts.Program {
  return ts.createProgram(
    files.map((f) => join(root, f)),
    {
      allowImportingTsExtensions: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      types: [],
    },
  );
}

interface Plan {
  /** Door file → the wing's file → names to re-export from it (`type X` for a type). */
  readonly additions: Map<string, Map<string, Set<string>>>;
  /** Importing file → [old specifier, new specifier, line]. */
  readonly rewrites: Map<string, [string, string, number][]>;
  readonly leftAlone: string[];
}

function plan(deep: readonly { edge: ImportEdge; door: string }[]): Plan {
  const doors = [...new Set(deep.map((d) => d.door))].filter((d) => existsSync(join(root, d)));
  const importers = [...new Set(deep.map((d) => d.edge.from))];
  const targets = [...new Set(deep.map((d) => d.edge.to))];
  const prog = program([...doors, ...importers, ...targets]);
  const checker = prog.getTypeChecker();
  const original = (s: ts.Symbol) =>
    s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
  const exportsOf = (file: string): Map<string, ts.Symbol> => {
    const sf = prog.getSourceFile(join(root, file));
    const mod = sf && checker.getSymbolAtLocation(sf);
    return new Map(
      mod ? checker.getExportsOfModule(mod).map((s) => [s.name, original(s)] as const) : [],
    );
  };
  const additions = new Map<string, Map<string, Set<string>>>();
  const rewrites = new Map<string, [string, string, number][]>();
  const leftAlone: string[] = [];
  /** Per door, the names added so far and what they are (one name, one declaration). */
  const added = new Map<string, Map<string, ts.Symbol>>();
  for (const { edge, door } of deep) {
    const sf = prog.getSourceFile(join(root, edge.from));
    const node = sf?.statements.find(
      (s) => sf.getLineAndCharacterOfPosition(s.getStart()).line + 1 === edge.line,
    );
    const where = `${edge.from}:${edge.line}`;
    if (!sf || !node || !(ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) {
      leftAlone.push(`${where}: not an import or export declaration (a dynamic import?)`);
      continue;
    }
    const spec = (node.moduleSpecifier as ts.StringLiteral).text;
    const bindings = ts.isImportDeclaration(node)
      ? node.importClause?.namedBindings
      : node.exportClause;
    const names: { name: string; typeOnly: boolean }[] = [];
    if (ts.isImportDeclaration(node) && node.importClause?.name) {
      leftAlone.push(`${where}: a default import`);
      continue;
    }
    if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
      for (const el of bindings.elements)
        names.push({ name: (el.propertyName ?? el.name).text, typeOnly: el.isTypeOnly });
    else if (bindings || ts.isExportDeclaration(node)) {
      leftAlone.push(`${where}: a namespace import or export *`);
      continue;
    }
    const fileExports = exportsOf(edge.to);
    if (!added.has(door)) added.set(door, new Map());
    const doorAdded = added.get(door)!;
    const doorExports = new Map([...exportsOf(door), ...doorAdded]);
    const adds: [string, ts.Symbol, string][] = [];
    let clash = false;
    for (const { name } of names) {
      const wanted = fileExports.get(name);
      if (!wanted) {
        leftAlone.push(`${where}: ${edge.to} has no export ${name}`);
        clash = true;
        continue;
      }
      const have = doorExports.get(name);
      if (have === wanted) continue;
      if (have) {
        leftAlone.push(`${where}: ${door} already exports another ${name}`);
        clash = true;
        continue;
      }
      const value = (wanted.flags & ts.SymbolFlags.Value) !== 0;
      adds.push([name, wanted, `${value ? '' : 'type '}${name}`]);
    }
    if (clash) continue;
    if (!additions.has(door)) additions.set(door, new Map());
    const byFile = additions.get(door)!;
    if (!byFile.has(edge.to)) byFile.set(edge.to, new Set());
    for (const [name, symbol, text] of adds) {
      doorAdded.set(name, symbol);
      byFile.get(edge.to)!.add(text);
    }
    if (!rewrites.has(edge.from)) rewrites.set(edge.from, []);
    rewrites.get(edge.from)!.push([spec, relativeSpec(edge.from, door), edge.line]);
  }
  return { additions, rewrites, leftAlone };
}

function exportLines(door: string, byFile: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const bare = (n: string) => n.replace(/^type /, '');
  return [...byFile]
    .filter(([, names]) => names.size)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, names]) => {
      const sorted = [...names].sort((a, b) => (bare(a) < bare(b) ? -1 : 1));
      return `export { ${sorted.join(', ')} } from '${relativeSpec(door, file)}';`;
    });
}

async function write(path: string, text: string): Promise<void> {
  const options = await prettier.resolveConfig(path);
  writeFileSync(path, await prettier.format(text, { ...options, filepath: path }));
}

async function apply(p: Plan): Promise<void> {
  for (const [door, byFile] of p.additions) {
    const lines = exportLines(door, byFile);
    if (!lines.length) continue;
    const path = join(root, door);
    const wing = dirname(door);
    const text = existsSync(path)
      ? readFileSync(path, 'utf8')
      : `/** The ${wing.split('/').pop()} wing's door: what other layers use of it. */\n`;
    await write(path, `${text.replace(/\n*$/, '\n')}${lines.join('\n')}\n`);
  }
  for (const [file, changes] of p.rewrites) {
    const path = join(root, file);
    const lines = readFileSync(path, 'utf8').split('\n');
    for (const [from, to, line] of changes) {
      // The specifier may sit on a later line of a multi-line import: the first quote of it.
      for (let k = line - 1; k < lines.length; k++) {
        const quoted = [`'${from}'`, `"${from}"`].find((q) => lines[k].includes(q));
        if (quoted) {
          lines[k] = lines[k].replace(quoted, `'${to}'`);
          break;
        }
      }
    }
    await write(path, lines.join('\n'));
  }
}

const deep = deepImports(root);
const p = plan(deep);
const added = [...p.additions.values()]
  .flatMap((byFile) => [...byFile.values()])
  .reduce((n, s) => n + s.size, 0);
const rewritten = [...p.rewrites.values()].reduce((n, r) => n + r.length, 0);
for (const l of p.leftAlone) console.log(`left alone: ${l}`);
if (dry)
  for (const [door, byFile] of p.additions)
    for (const l of exportLines(door, byFile)) console.log(`${door}: ${l}`);
else await apply(p);
console.log(
  `doors: ${deep.length} deep import(s); ${rewritten} ${dry ? 'to rewrite' : 'rewritten'} in ${p.rewrites.size} file(s), ${added} export(s) ${dry ? 'to add' : 'added'} to ${p.additions.size} door(s), ${p.leftAlone.length} left alone`,
);
if (!dry && rewritten) console.log('then: npm run typecheck && npm run lint');
