// `npm test`: every test. The unit suite and the e2e suite run side by side, each line prefixed with
// its suite: the e2e suite spends most of its time waiting on one page at a time (half a core of
// two over a whole run), which is the time the unit suite needs. The e2e suite keeps one Playwright
// worker. SLOPACK_TEST_SERIAL=1 runs them one after the other (unit first), as before.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const setup = [
  'scripts/ensurePython.mjs',
  'scripts/ensurePrometheus.mjs',
  'scripts/ensureChromium.mjs',
];
for (const script of setup) {
  const { status } = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

const suites = [
  { name: 'unit', command: 'npx vitest run' },
  {
    name: 'e2e',
    command: 'npx vite build && npx tsx scripts/bundleSize.ts && npx playwright test',
  },
];

/** Runs one suite with its output prefixed; resolves to its exit code and its seconds. */
function run({ name, command }) {
  const started = Date.now();
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `${name.padEnd(4)} │ `;
  for (const stream of [child.stdout, child.stderr]) {
    const target = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => target.write(prefix + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
  });
}

const serial = process.env.SLOPACK_TEST_SERIAL === '1';
const results = [];
if (serial) for (const suite of suites) results.push(await run(suite));
else results.push(...(await Promise.all(suites.map(run))));

for (const { name, code, seconds } of results)
  console.log(`${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
