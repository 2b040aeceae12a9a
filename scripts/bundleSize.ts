/**
 * The first page's JavaScript budget, checked on the production build (`vite build` with its
 * manifest, run by `npm run check` and `npm run test:e2e`): the first page — the entry chunk, the app's
 * chunk and everything they import statically, all loaded before the first numbers — weighs at most
 * BUDGET_GZIP bytes gzipped (Plot, the views other than Pack and the inline runner load later), and
 * no chunk of the first page (that graph plus the app chunk's) holds HiGHS, DuckDB or a
 * wing's view, which load when first opened. Prints the sizes; exits non-zero on a breach.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The first page's ceiling: 150 kB, the goal. The page reached 147 kB once the long-link codec
 * (fflate), the aligned replay and the Cluster view's classing left it (they load when first needed),
 * and 148 kB once the main thread stopped compiling the kernels to learn whether they run
 * (`kernels/probe.ts` validates a module of a few bytes instead; the workers compile the real one). A
 * module the first page needs for a constant imports it from a small file of its own (e.g.
 * `engine/replay/modeNames.ts`, `kernels/memory.ts`), else its module's imports come along into a
 * shared chunk.
 *
 * The view registry, the lessons' own link keys, the replayed headline q, the repeated-timestamp
 * upload option and the Prometheus panel's wait line brought it to 151.7 kB; the fit tests'
 * descriptions, split from their code (`engine/fit/entries/` apart from `engine/fit/code.ts`, and
 * a packing's parameters checked without building its fit test, `engine/packParams.ts`), took it
 * back to 143.4 kB: the first page lists, parses and labels fit tests, the workers run them.
 */
export const BUDGET_GZIP = 150 * 1024;

/** Sources that must not be on the first page (loaded when first opened). */
export const LAZY_SOURCES = [
  /node_modules\/highs\//,
  /node_modules\/@duckdb\//,
  /^src\/ui\/(cluster|learn|paper|resize|timeline|tune)\//,
  /^src\/engine\/fit\/code\.ts$/,
];

export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The manifest keys of `roots` and every chunk they import statically. */
export function staticGraph(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

export interface BudgetReport {
  readonly startGzip: number;
  readonly firstPageGzip: number;
  readonly misplaced: string[];
}

export function checkBudget(
  manifest: Manifest,
  gzipBytes: (file: string) => number,
  appSource = 'src/app.tsx',
): BudgetReport {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('the build manifest names no entry chunk');
  const start = staticGraph(manifest, entries);
  const firstPage = staticGraph(manifest, [...entries, appSource]);
  const sum = (keys: readonly string[]) =>
    keys.reduce(
      (n, k) => n + (manifest[k].file.endsWith('.js') ? gzipBytes(manifest[k].file) : 0),
      0,
    );
  const misplaced = firstPage.filter((k) => LAZY_SOURCES.some((re) => re.test(k)));
  return { startGzip: sum(start), firstPageGzip: sum(firstPage), misplaced };
}

function main(): void {
  const dist = resolve(process.env.DIST ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const report = checkBudget(manifest, (file) => gzipSync(readFileSync(join(dist, file))).length);
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `first page JavaScript (gzip): ${kB(report.startGzip)} before the app starts, ` +
      `${kB(report.firstPageGzip)} with the app's chunks (budget ${kB(BUDGET_GZIP)})`,
  );
  const failures: string[] = [];
  if (report.firstPageGzip > BUDGET_GZIP)
    failures.push(
      `the first page's chunks weigh ${kB(report.firstPageGzip)} gzipped, over ${kB(BUDGET_GZIP)}`,
    );
  for (const k of report.misplaced) failures.push(`${k} is on the first page; load it when opened`);
  for (const f of failures) console.error(`bundle size: ${f}`);
  if (failures.length > 0) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
