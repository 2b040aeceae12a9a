// Makes sure the e2e tests' browsers exist: Debian's `chromium` and `chromium-headless-shell` (the same
// Chromium; e2e/chromium.ts says which runs what), installed when missing (test tools cannot download
// their own browsers here). Honours CHROMIUM_PATH and HEADLESS_SHELL_PATH.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
  [
    'chromium-headless-shell',
    process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  ],
];
const missing = wanted.filter(([, path]) => !existsSync(path));
if (missing.length === 0) process.exit(0);
const packages = missing.map(([name]) => name).join(' ');
console.log(
  `No browser at ${missing.map(([, p]) => p).join(', ')}: installing Debian's ${packages}…`,
);
const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    { stdio: 'inherit' },
  );
} catch {
  console.error(
    `Could not install ${packages}. Install them yourself (apt-get install ${packages}) or set CHROMIUM_PATH / HEADLESS_SHELL_PATH.`,
  );
  process.exit(1);
}
for (const [name, path] of missing)
  if (!existsSync(path)) {
    console.error(`${name} was installed but ${path} does not exist; set its path variable.`);
    process.exit(1);
  }
