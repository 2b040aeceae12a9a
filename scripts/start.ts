/**
 * `npm start`: the production page. Builds `dist` when it is missing or stale — stale meaning the
 * hash of the build's inputs (sources, public files, configs, the lock) differs from the one stored
 * beside the last build — then serves `dist` with Vite's preview server, which sends the
 * cross-origin isolation headers of vite.config.ts, on http://127.0.0.1:5173 (PORT to change it).
 * Vite's development server stays `npm run dev`. The build's hashed files (`/assets/`) are sent as
 * immutable: a name changes with its content, so a returning page takes them from the HTTP cache
 * without one revalidation round trip per chunk (some forty on the way to the first numbers, six at
 * a time over HTTP/1.1).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What the production build reads (besides node_modules, which the lock stands for). */
export const BUILD_INPUTS = [
  'src',
  'workers',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/buildPlugin.ts',
  'scripts/prepareData.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.worker.json',
];

/** Where the hash of the inputs of the build in `dist` is kept. */
export const HASH_FILE = '.build-inputs';

const SKIPPED = /(^|\/)(node_modules|\.git)(\/|$)|\.test\.tsx?$/;

/** SHA-256 over the paths and contents of the build's inputs under `root` (tests excluded). */
export function inputsHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path) || SKIPPED.test(relative(root, path))) return;
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else files.push(path);
  };
  for (const input of inputs) walk(join(root, input));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(relative(root, file).split('\\').join('/') + '\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `outDir` holds no build, or one made from other inputs than `hash`. */
export function isStale(outDir: string, hash: string): boolean {
  const stored = join(outDir, HASH_FILE);
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(stored)) return true;
  return readFileSync(stored, 'utf8').trim() !== hash;
}

/** Marks the build's content-hashed files as cacheable for good (see the note above). */
export function immutableAssets(): Plugin {
  return {
    name: 'slopack-immutable-assets',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/assets/'))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        next();
      });
    },
  };
}

async function main(): Promise<void> {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const outDir = join(root, 'dist');
  const { build, preview } = await import('vite');
  const hash = inputsHash(root);
  if (isStale(outDir, hash)) {
    console.log(
      'slopack: building the production page (the sources changed since the last build)…',
    );
    await build({ root, logLevel: 'warn' });
    writeFileSync(join(outDir, HASH_FILE), hash + '\n');
  } else console.log('slopack: the production build is up to date.');
  const port = Number(process.env.PORT ?? 5173);
  const server = await preview({
    root,
    plugins: [immutableAssets()],
    preview: { port, host: '127.0.0.1', strictPort: true, open: false },
  });
  server.printUrls();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
