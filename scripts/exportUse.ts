/**
 * Exports nobody else uses (`npx tsx scripts/exportUse.ts`): every export of `src/`, `workers/`,
 * `scripts/` and `e2e/` followed through re-exports (a door's `export { x } from`, `export *`) to
 * the files that read it. An export read by no other file is either dead (not read in its own file
 * either: delete it) or a value of one file that need not be exported (`--fix` removes its `export`
 * keyword). `npm run lint` fails on either. Entry points are exempt: a module's default export, a worker's or a script's exports, and
 * the public names of `src/engine/index.ts`, read by whoever uses the engine as a library.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { execFileSync } from 'node:child_process';

const ROOT = new URL('..', import.meta.url).pathname;

/** The project's TypeScript files under version control, relative to `root`. */
function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', 'src', 'workers', 'scripts', 'e2e', 'bench'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'));
}

/** Files whose exports are read from outside the code base (the engine's library door, workers). */
/** A glob pattern of `import.meta.glob` (`*` within a folder, `**` across folders) as a RegExp. */
function globPattern(pattern: string): RegExp {
  const body = pattern
    .replace(/\*\*$/, '**/*')
    .split('**/')
    .map((part) =>
      part
        .split('*')
        .map((t) => t.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('(?:.*/)?');
  return new RegExp(`^${body}$`);
}

/** The files (of `files`, from the root) that an `import.meta.glob` call at `node` in `file` finds. */
function globbed(node: ts.Node, file: string, files: readonly string[]): string[] {
  if (
    !ts.isCallExpression(node) ||
    !ts.isPropertyAccessExpression(node.expression) ||
    node.expression.name.text !== 'glob' ||
    node.expression.expression.getText() !== 'import.meta'
  )
    return [];
  const [first, options] = node.arguments;
  const literals = first && ts.isArrayLiteralExpression(first) ? first.elements : [first];
  const patterns = literals.flatMap((e) => (e && ts.isStringLiteral(e) ? [e.text] : []));
  let base = dirname(file);
  if (options && ts.isObjectLiteralExpression(options))
    for (const p of options.properties)
      if (
        ts.isPropertyAssignment(p) &&
        p.name.getText() === 'base' &&
        ts.isStringLiteral(p.initializer)
      )
        base = posix.join(base, p.initializer.text);
  const wanted = (negated: boolean) =>
    patterns
      .filter((p) => p.startsWith('!') === negated)
      .map((p) => globPattern(posix.join(base, negated ? p.slice(1) : p)));
  const take = wanted(false);
  const drop = wanted(true);
  return files.filter((f) => take.some((r) => r.test(f)) && !drop.some((r) => r.test(f)));
}

const ENTRY =
  /^(src\/engine\/index\.ts|src\/main\.tsx|src\/kernels\/assembly\/|workers\/|scripts\/|bench\/|e2e\/)/;

export interface ExportUse {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  /** Read in its own file (a value of one file) or nowhere (dead). */
  readonly kind: 'own-file' | 'dead';
}

export function unusedExports(root = ROOT, files = trackedFiles(root)): ExportUse[] {
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    {
      allowImportingTsExtensions: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      // Only the project's own names are followed: the standard library's types are not needed.
      noLib: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const original = (s: ts.Symbol): ts.Symbol =>
    s.flags & ts.SymbolFlags.Alias
      ? original(checker.getAliasedSymbol(s))
      : checker.getExportSymbolOfSymbol(s);
  const declFile = (s: ts.Symbol) => s.declarations?.[0]?.getSourceFile().fileName;
  /** Symbol → files other than its own that name it; and symbols named in their own file. */
  const readers = new Map<ts.Symbol, Set<string>>();
  const readHome = new Set<ts.Symbol>();
  for (const file of files) {
    const sf = program.getSourceFile(join(root, file))!;
    const visit = (node: ts.Node): void => {
      // A module imported at run time (`import('./x.ts')`) is read by name: all of it counts.
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const mod = checker.getSymbolAtLocation(node.arguments[0]);
        for (const exp of mod ? checker.getExportsOfModule(mod) : []) {
          const s = original(exp);
          let set = readers.get(s);
          if (!set) readers.set(s, (set = new Set()));
          set.add(file);
        }
      }
      // Modules an `import.meta.glob` finds are read by name too (the views are found that way).
      for (const found of globbed(node, file, files)) {
        const mod = checker.getSymbolAtLocation(program.getSourceFile(join(root, found))!);
        for (const exp of mod ? checker.getExportsOfModule(mod) : []) {
          const s = original(exp);
          let set = readers.get(s);
          if (!set) readers.set(s, (set = new Set()));
          set.add(file);
        }
      }
      if (ts.isIdentifier(node)) {
        const at = checker.getSymbolAtLocation(node);
        if (at) {
          const s = original(at);
          const home = declFile(s);
          const isDeclName = s.declarations?.some((d) => (d as ts.NamedDeclaration).name === node);
          if (home === sf.fileName) {
            if (!isDeclName) readHome.add(s);
          } else if (home) {
            let set = readers.get(s);
            if (!set) readers.set(s, (set = new Set()));
            set.add(file);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const out: ExportUse[] = [];
  for (const file of files) {
    if (ENTRY.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const sf = program.getSourceFile(join(root, file))!;
    const mod = checker.getSymbolAtLocation(sf);
    if (!mod) continue;
    for (const exp of checker.getExportsOfModule(mod)) {
      if (exp.name === 'default') continue;
      const s = original(exp);
      if (declFile(s) !== sf.fileName) continue;
      const others = readers.get(s);
      if (others && others.size > 0) continue;
      const decl = s.declarations![0];
      const line = sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1;
      out.push({ file, name: exp.name, line, kind: readHome.has(s) ? 'own-file' : 'dead' });
    }
  }
  return out;
}

/** The declaration statement of `name` in `sf` that carries an `export` keyword, if one does. */
function exportedStatement(sf: ts.SourceFile, name: string): ts.Statement | undefined {
  for (const st of sf.statements) {
    const mods = ts.canHaveModifiers(st) ? ts.getModifiers(st) : undefined;
    if (!mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(st)) {
      if (st.declarationList.declarations.some((d) => d.name.getText(sf) === name)) return st;
    } else if ((st as unknown as ts.NamedDeclaration).name?.getText(sf) === name) return st;
  }
  return undefined;
}

function unexport(list: readonly ExportUse[], root = ROOT): number {
  let changed = 0;
  const byFile = new Map<string, ExportUse[]>();
  for (const u of list) {
    if (u.kind !== 'own-file') continue;
    byFile.set(u.file, [...(byFile.get(u.file) ?? []), u]);
  }
  for (const [file, uses] of byFile) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const cuts = uses
      .map((u) => exportedStatement(sf, u.name))
      .filter((st): st is ts.Statement => !!st)
      .map((st) =>
        ts
          .getModifiers(st as ts.HasModifiers)!
          .find((m) => m.kind === ts.SyntaxKind.ExportKeyword)!,
      )
      .map((m) => [m.getStart(sf), m.getEnd()] as const);
    let next = text;
    for (const [from, to] of [...new Set(cuts.map((c) => c.join()))]
      .map((c) => c.split(',').map(Number))
      .sort((a, b) => b[0] - a[0])) {
      next = next.slice(0, from) + next.slice(to).replace(/^\s+/, '');
      changed++;
    }
    if (next !== text) writeFileSync(path, next);
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let list = unusedExports();
  if (process.argv.includes('--fix') && list.some((u) => u.kind === 'own-file')) {
    console.log(`exportUse: ${unexport(list)} export keywords removed`);
    list = unusedExports();
  }
  for (const u of list)
    console.log(
      `${u.kind === 'dead' ? 'dead export' : 'export read only in its own file'}: ${relative('.', join(ROOT, u.file))}:${u.line} ${u.name}`,
    );
  if (list.length > 0) {
    console.log(
      `exportUse: ${list.length} export(s) no other file reads (--fix unexports the second kind)`,
    );
    process.exitCode = 1;
  }
}
