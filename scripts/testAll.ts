/**
 * Every test (`npm test`): the unit suite and the browser suite side by side. The browser suite keeps
 * one Playwright worker and leaves about a third of two cores idle while pages compute and load;
 * the unit suite, on one Vitest worker beside it, fills that time instead of running before it.
 * Each line is printed as it comes, tagged with its suite; the exit code is non-zero when either
 * suite fails, and both always run to the end. `--unit-workers N` sets Vitest's workers (default 1).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const SETUP = [
  ['node', 'scripts/ensurePython.mjs'],
  ['node', 'scripts/ensureChromium.mjs'],
  ['node', 'scripts/ensurePrometheus.mjs'],
];

function unitWorkers(argv: readonly string[]): string {
  const at = argv.indexOf('--unit-workers');
  if (at < 0) return '1';
  const value = argv[at + 1] ?? '';
  if (!/^[1-8]$/.test(value)) {
    console.error(`--unit-workers: "${value}" — needs an integer 1 ≤ N ≤ 8`);
    process.exit(2);
  }
  return value;
}

/** Runs a shell line, its output lines tagged; resolves with its exit code. */
function tagged(tag: string, line: string): Promise<number> {
  const child = spawn(line, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (text) => console.log(`${tag} ${text}`));
  return new Promise((done) => {
    child.on('error', (error) => {
      console.log(`${tag} could not start: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const workers = unitWorkers(process.argv.slice(2));
  // Installs what is missing one at a time: two apt-get runs at once would fight for its lock.
  for (const [command, ...args] of SETUP) {
    const { status } = spawnSync(command, args, { stdio: 'inherit' });
    if (status !== 0) process.exit(status ?? 1);
  }
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
  const [unit, e2e] = await Promise.all([
    tagged('[unit]', `npx vitest run --maxWorkers=${workers}`).then((code) => {
      console.log(`[unit] ended with ${code} after ${seconds()} s`);
      return code;
    }),
    tagged('[e2e] ', 'npx vite build && npx tsx scripts/bundleSize.ts && npx playwright test').then(
      (code) => {
        console.log(`[e2e]  ended with ${code} after ${seconds()} s`);
        return code;
      },
    ),
  ]);
  if (unit !== 0 || e2e !== 0) {
    console.error(`failed: ${[unit && 'unit', e2e && 'e2e'].filter(Boolean).join(' and ')}`);
    process.exit(1);
  }
}

await main();
