/**
 * The unit suite's globalSetup: the command line and its worker threads bundled once per run with
 * esbuild (node_modules/.cache/slopack-prebuilt, rebuilt when a source file changes), named to the
 * tests by $SLOPACK_PREBUILT. A worker thread of a pool or of `realize` then loads one JavaScript
 * file in a fraction of a second instead of compiling its graph through tsx's hooks (1.5–3 s each,
 * and the suite starts hundreds), and `binary` in src/cli/testing/run.ts spawns the bundled CLI.
 * Packages stay external (DuckDB's native binding, the same versions as the sources use).
 */
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
/** The entries started as processes or threads; the output keeps their paths under src/. */
export const PREBUILT_ENTRIES = [
  'src/cli/main.ts',
  'src/cli/pool/worker.ts',
  'src/cli/realizeWorker.ts',
];
const CACHE = join(ROOT, 'node_modules/.cache/slopack-prebuilt');

/**
 * Each module sees its own place in the tree, not the bundle's: `import.meta.dirname`, `filename`
 * and `url` become the source file's (public/, reduce.py and the workers' entries are found beside
 * the sources). The CLI entry keeps its own `import.meta.url`, which tells it it was started as main.
 */
const sourcePlaces: Plugin = {
  name: 'source-places',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const isEntry = relative(ROOT, args.path) === 'src/cli/main.ts';
      const contents = text
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replace(/import\.meta\.url/g, (m) =>
          isEntry ? m : JSON.stringify(pathToFileURL(args.path).href),
        );
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

function sourceHash(): string {
  const hash = createHash('sha256');
  const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|json)$/.test(f))
    .map((f) => join('src', f))
    .sort();
  for (const file of [...sources, 'package-lock.json', 'scripts/testBundles.ts']) {
    hash.update(file);
    hash.update(readFileSync(join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds the bundles unless this source tree's are cached; returns their folder. */
export async function prebuild(): Promise<string> {
  const out = join(CACHE, sourceHash());
  if (existsSync(out)) return out;
  const scratch = `${CACHE}-${process.pid}`;
  await build({
    entryPoints: PREBUILT_ENTRIES.map((e) => join(ROOT, e)),
    outbase: join(ROOT, 'src'),
    outdir: scratch,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [sourcePlaces],
  });
  rmSync(CACHE, { recursive: true, force: true, maxRetries: 2 });
  mkdirSync(CACHE, { recursive: true });
  renameSync(scratch, out);
  return out;
}

export default async function setup(): Promise<void> {
  process.env.SLOPACK_PREBUILT = await prebuild();
}
