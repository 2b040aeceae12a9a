/**
 * The structure of a checkout in numbers (`npx tsx scripts/structure.ts [--repo DIR]`): the
 * figures docs/architecture.md compares before and after the renovation, measured by the project's
 * own import check on any tree (an older commit checked out with `git worktree add`). Tests are
 * left out of every count.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  cycles,
  deepImports,
  importsOf,
  layerViolation,
  sourceFiles,
  wingViolation,
} from './checkImports.ts';
import { isTest } from './nameSites.ts';

const repoArg = process.argv.indexOf('--repo');
const root = resolve(repoArg > 0 ? process.argv[repoArg + 1] : join(import.meta.dirname, '..'));

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function filesUnder(dir: string): string[] {
  try {
    statSync(join(root, dir));
  } catch {
    return [];
  }
  return sourceFiles(root, [dir]).filter((f) => !isTest(f));
}

function measure() {
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
  const [longest, longestLines] = [...lines].sort((a, b) => b[1] - a[1])[0];
  const sum = (list: readonly string[]) => list.reduce((s, f) => s + (lines.get(f) ?? 0), 0);
  const data = filesUnder('src/engine/data');
  const common = filesUnder('src/state/common');
  const state = filesUnder('src/state');
  const kindChecks = files.filter(
    (f) =>
      !f.startsWith('src/engine/fit/') && /kind === 'gpa'|'gpa' === [\w.]*kind/.test(text.get(f)!),
  );
  const topLevel = (dir: string) =>
    readdirSync(join(root, dir)).filter((n) => statSync(join(root, dir, n)).isDirectory()).length +
    readdirSync(join(root, dir)).filter((n) => /\.tsx?$/.test(n) && !/\.test\./.test(n)).length;
  return [
    ['source files (src, workers; tests left out)', files.length],
    ['lines', sum(files)],
    ['folders holding source', new Set(files.map((f) => dirname(f))).size],
    ['longest file', `${longest} (${longestLines})`],
    ['files over 500 lines', [...lines].filter(([f, n]) => f.startsWith('src/') && n > 500).length],
    ['imports running back up a layer', upward],
    ['imports across state wings', acrossWings],
    ['import cycles', cycles(graph).length],
    ["imports past a wing's door", deepImports(root).length],
    ['`engine/data/`: files, lines', `${data.length}, ${sum(data)}`],
    ['`engine/data/formats/`: files', filesUnder('src/engine/data/formats').length],
    [
      '`state/common/`: files (share of state)',
      `${common.length} (${Math.round((100 * common.length) / Math.max(1, state.length))} %)`,
    ],
    ['`runtime/`: entries at its top', topLevel('src/runtime')],
    [
      "files outside engine/fit comparing a kind with 'gpa' (a fit spec's, the Timeline's, the Cluster view's or a job unit's)",
      kindChecks.length,
    ],
  ] as const;
}

console.log(`| ${root} | |\n|---|---|`);
for (const [what, value] of measure()) console.log(`| ${what} | ${value} |`);
