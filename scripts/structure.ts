/**
 * The structure of a checkout in numbers (`npx tsx scripts/structure.ts [--repo DIR]`): the
 * figures docs/architecture.md compares before and after the renovation, measured by the project's
 * own import check on any tree (an older commit unpacked with `git archive`). Tests are left out of
 * every count. `--write` regenerates the table of docs/architecture.md from this tree;
 * `scripts/structure.test.ts` checks the table against it and the figures that must hold.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  cycles,
  deepImports,
  importsOf,
  layerViolation,
  sourceFiles,
  wingViolation,
} from './checkImports.ts';
import { formatNameFindings, formatNamesOf, FORMAT_REGISTRY_DIR } from './formatNames.ts';
import { isTest } from './nameSites.ts';
import { viewNameFindings, viewNamesOf } from './viewNames.ts';

const VIEW_REGISTRY = 'src/state/common/views/views.ts';

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The figures of the tree at `root`. */
export function measure(root: string) {
  const filesUnder = (dir: string) =>
    existsSync(join(root, dir)) ? sourceFiles(root, [dir]).filter((f) => !isTest(f)) : [];
  const files = sourceFiles(root, ['src', 'workers']).filter((f) => !isTest(f));
  const text = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  const lines = new Map(files.map((f) => [f, lineCount(text.get(f)!)]));
  const graph = new Map<string, string[]>();
  let upward = 0;
  let acrossWings = 0;
  for (const f of files) {
    const edges = importsOf(f, text.get(f)!);
    graph.set(
      f,
      edges.map((e) => e.to),
    );
    upward += edges.filter((e) => layerViolation(e)).length;
    acrossWings += edges.filter((e) => wingViolation(e)).length;
  }
  const [longest, longestLines] = [...lines].sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  )[0];
  const formats = existsSync(join(root, FORMAT_REGISTRY_DIR))
    ? formatNamesOf(root)
    : new Set<string>();
  const views = existsSync(join(root, VIEW_REGISTRY))
    ? viewNamesOf(readFileSync(join(root, VIEW_REGISTRY), 'utf8'))
    : new Set<string>();
  const sites = (find: (f: string, t: string) => string[]) =>
    files.reduce((n, f) => n + find(f, text.get(f)!).length, 0);
  const topLevel = (dir: string) =>
    (existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []).filter(
      (n) => statSync(join(root, dir, n)).isDirectory() || (/\.tsx?$/.test(n) && !isTest(n)),
    ).length;
  const common = filesUnder('src/state/common');
  const state = filesUnder('src/state');
  return {
    sourceFiles: files.length,
    folders: new Set(files.map((f) => dirname(f))).size,
    longest: { file: longest, lines: longestLines },
    over500: [...lines].filter(([f, n]) => f.startsWith('src/') && n > 500).length,
    upward,
    acrossWings,
    cycles: cycles(graph).length,
    pastDoors: deepImports(root).length,
    dataFiles: filesUnder('src/engine/data').length,
    dataFolders: [
      ...new Set(filesUnder('src/engine/data').map((f) => dirname(relative('src/engine/data', f)))),
    ]
      .filter((d) => d !== '.' && d !== 'testing')
      .sort(),
    dataTopFiles: filesUnder('src/engine/data').filter((f) => dirname(f) === 'src/engine/data')
      .length,
    formatModules: filesUnder('src/engine/data/formats').length,
    commonFiles: common.length,
    commonShare: Math.round((100 * common.length) / Math.max(1, state.length)),
    runtimeTop: topLevel('src/runtime'),
    kindChecks: files.filter(
      (f) =>
        !f.startsWith('src/engine/fit/') &&
        /kind === 'gpa'|'gpa' === [\w.]*kind/.test(text.get(f)!),
    ).length,
    formatNameSites: sites((f, t) => formatNameFindings(f, t, formats)),
    viewNameSites: sites((f, t) => viewNameFindings(f, t, views)),
  };
}

export type Structure = ReturnType<typeof measure>;

/**
 * The rows of docs/architecture.md's table: what, before (as the renovation's issue measured the
 * code, or `measure` on b0e25db, the last commit before the renovation, where the issue gave no
 * figure: the folders, the longest file, `engine/data/`'s files), after. `fixed` rows hold whatever others change; the rest move with every edit and are only
 * regenerated (`--write`).
 */
export function tableRows(
  s: Structure,
): { what: string; before: string; after: string; fixed: boolean }[] {
  const row = (what: string, before: string, after: string | number, fixed = true) => ({
    what,
    before,
    after: String(after),
    fixed,
  });
  return [
    row('imports running back up a layer, import cycles', '0, 0', `${s.upward}, ${s.cycles}`),
    row(
      "imports from another layer past a wing's door (`index.ts`)",
      '122',
      `${s.pastDoors} (lint refuses them)`,
    ),
    row('files over 500 lines', '0', s.over500),
    row(
      'longest file (lines)',
      '`src/runtime/pool.ts` (499)',
      `\`${s.longest.file}\` (${s.longest.lines})`,
      false,
    ),
    row('folders holding source (`src`, `workers`)', '83', s.folders, false),
    row(
      '`engine/data/`: files; its folders',
      '52; one flat folder (9.9k lines) mixing formats with machinery',
      `${s.dataFiles}; ${s.dataTopFiles} at the top (the door), the rest in ${s.dataFolders.map((d) => `\`${d}/\``).join(', ')}`,
      false,
    ),
    row(
      'format names in a switch, comparison, list or table outside the registry',
      '9 switch sites (74 sites in 16 files)',
      s.formatNameSites,
    ),
    row(
      'view names in a switch, comparison, list or table outside the registry',
      'four parallel lists keyed by view',
      s.viewNameSites,
    ),
    row(
      'files touched to add a format',
      '6–8',
      `${2 + s.formatNameSites}: its module in \`formats/\` (its options declared there) and its line in \`formats/registry.ts\` (+ its tests)`,
    ),
    row(
      'files touched to add a view',
      'about 13 (six edited in about twelve places)',
      `${2 + s.viewNameSites}: its folder under \`ui/\` and its line in \`state/common/views/views.ts\` (+ its tests)`,
    ),
    row(
      "files outside `engine/fit/` comparing a kind with `'gpa'`",
      '6',
      `${s.kindChecks} (a Timeline or Cluster SLO's or a job unit's own kind; fits are asked for capabilities)`,
      false,
    ),
    row(
      '`state/common/`: files (share of state)',
      '46 (57 %), one flat room',
      `${s.commonFiles} (${s.commonShare} %), in rooms: store, views, link, controller, runs, sources`,
      false,
    ),
    row(
      '`runtime/`: entries at its top',
      '14 files around one pool',
      `${s.runtimeTop}, grouped by what each is (pool, jobs, lab, ingestion)`,
      false,
    ),
  ];
}

const BEGIN = '<!-- structure: npx tsx scripts/structure.ts --write -->';
const END = '<!-- /structure -->';

/** The table as markdown. */
export function table(s: Structure): string {
  const rows = tableRows(s).map((r) => `| ${r.what} | ${r.before} | ${r.after} |`);
  return ['| | before | after |', '|---|---|---|', ...rows].join('\n');
}

/** The generated table in a docs text, or null without its markers. */
export function tableIn(doc: string): string | null {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  return a < 0 || b < a ? null : doc.slice(a + BEGIN.length, b).trim();
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === '') {
  const repoArg = process.argv.indexOf('--repo');
  const root = resolve(repoArg > 0 ? process.argv[repoArg + 1] : join(import.meta.dirname, '..'));
  const s = measure(root);
  if (process.argv.includes('--write')) {
    const path = join(root, 'docs/architecture.md');
    const doc = readFileSync(path, 'utf8');
    if (tableIn(doc) === null) throw new Error(`${path}: no ${BEGIN} … ${END} block`);
    const a = doc.indexOf(BEGIN) + BEGIN.length;
    writeFileSync(path, `${doc.slice(0, a)}\n\n${table(s)}\n\n${doc.slice(doc.indexOf(END))}`);
    console.log(`${path}: table regenerated`);
  } else {
    console.log(`${root}\n`);
    for (const [what, value] of Object.entries(s))
      console.log(`${what}: ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  }
}
