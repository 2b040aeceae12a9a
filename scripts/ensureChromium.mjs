// Makes sure a Chromium for the e2e tests exists: Debian's package, installed when missing (test tools
// cannot download their own browsers here). Honours CHROMIUM_PATH.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
console.log(`No browser at ${path}: installing Debian's chromium (apt-get) for the e2e tests…`);
const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
    {
      stdio: 'inherit',
    },
  );
} catch {
  console.error(
    `Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`chromium was installed but ${path} does not exist; set CHROMIUM_PATH.`);
  process.exit(1);
}
